package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"topsecret/internal/store"
)

// PutSeatPass stores a seat's one-time link, replacing the seat's earlier
// one, behind the fence: a link moves a seat, so only the room's runner
// may make one.
func (db *DB) PutSeatPass(ctx context.Context, p store.SeatPass) error {
	var used *time.Time
	if p.UsedAt != nil {
		t := dbTime(*p.UsedAt)
		used = &t
	}
	err := db.tx(ctx, func(tx pgx.Tx, _ time.Time) error {
		if err := db.fenced(ctx, tx, p.RoomCode); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `
			INSERT INTO seat_passes (room_code, seat_id, hash, expires_at, used_at)
			VALUES ($1, $2, $3, $4, $5)
			ON CONFLICT (room_code, seat_id) DO UPDATE
			SET hash = excluded.hash, expires_at = excluded.expires_at, used_at = excluded.used_at`,
			p.RoomCode, p.SeatID, p.Hash, dbTime(p.ExpiresAt), used)
		return err
	})
	if err != nil {
		return fmt.Errorf("put seat pass %s/%s: %w", p.RoomCode, p.SeatID, formatError(err))
	}
	return nil
}

// SeatPass returns the link of a room whose secret hashes to hash.
func (db *DB) SeatPass(ctx context.Context, code, hash string) (store.SeatPass, error) {
	p := store.SeatPass{RoomCode: code, Hash: hash}
	err := db.pool.QueryRow(ctx, `
		SELECT seat_id, expires_at, used_at FROM seat_passes WHERE room_code = $1 AND hash = $2`, code, hash).
		Scan(&p.SeatID, &p.ExpiresAt, &p.UsedAt)
	if err != nil {
		return store.SeatPass{}, fmt.Errorf("seat pass %s: %w", code, formatError(err))
	}
	p.ExpiresAt = p.ExpiresAt.UTC()
	if p.UsedAt != nil {
		t := p.UsedAt.UTC()
		p.UsedAt = &t
	}
	return p, nil
}

// EndSeatPass marks a seat's unused link used, behind the fence.
func (db *DB) EndSeatPass(ctx context.Context, code, seatID string, at time.Time) error {
	err := db.tx(ctx, func(tx pgx.Tx, _ time.Time) error {
		if err := db.fenced(ctx, tx, code); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `
			UPDATE seat_passes SET used_at = $1 WHERE room_code = $2 AND seat_id = $3 AND used_at IS NULL`,
			dbTime(at), code, seatID)
		return err
	})
	if err != nil {
		return fmt.Errorf("end seat pass %s/%s: %w", code, seatID, formatError(err))
	}
	return nil
}
