package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"topsecret/internal/store"
)

// PutSeatPass stores a seat's one-time link, replacing the seat's earlier one.
func (db *DB) PutSeatPass(ctx context.Context, p store.SeatPass) error {
	err := db.tx(ctx, func(tx *sql.Tx, _ time.Time) error {
		_, err := tx.ExecContext(ctx, `
			INSERT INTO seat_passes (room_code, seat_id, hash, expires_at, used_at)
			VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (room_code, seat_id) DO UPDATE
			SET hash = excluded.hash, expires_at = excluded.expires_at, used_at = excluded.used_at`,
			p.RoomCode, p.SeatID, p.Hash, encodeTime(p.ExpiresAt), optTime(p.UsedAt))
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
	var expires string
	var used sql.NullString
	err := db.read.QueryRowContext(ctx, `
		SELECT seat_id, expires_at, used_at FROM seat_passes WHERE room_code = ? AND hash = ?`, code, hash).
		Scan(&p.SeatID, &expires, &used)
	if err == nil {
		p.ExpiresAt, err = decodeTime(expires)
	}
	if err == nil && used.Valid {
		var at time.Time
		at, err = decodeTime(used.String)
		p.UsedAt = &at
	}
	if err != nil {
		return store.SeatPass{}, fmt.Errorf("seat pass %s: %w", code, formatError(err))
	}
	return p, nil
}

// EndSeatPass marks a seat's unused link used.
func (db *DB) EndSeatPass(ctx context.Context, code, seatID string, at time.Time) error {
	err := db.tx(ctx, func(tx *sql.Tx, _ time.Time) error {
		_, err := tx.ExecContext(ctx, `
			UPDATE seat_passes SET used_at = ? WHERE room_code = ? AND seat_id = ? AND used_at IS NULL`,
			encodeTime(at), code, seatID)
		return err
	})
	if err != nil {
		return fmt.Errorf("end seat pass %s/%s: %w", code, seatID, formatError(err))
	}
	return nil
}

// optTime stores an absent time as NULL.
func optTime(t *time.Time) any {
	if t == nil {
		return nil
	}
	return encodeTime(*t)
}
