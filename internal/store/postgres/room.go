package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"topsecret/internal/game"
	"topsecret/internal/store"
)

// CreateRoom stores a new room; a zero CreatedAt becomes now.
func (db *DB) CreateRoom(ctx context.Context, r store.Room) error {
	err := db.tx(ctx, func(tx pgx.Tx, now time.Time) error {
		_, err := tx.Exec(ctx, `
			INSERT INTO rooms (code, game, options, host_token, host_seat, host_returns, host_back, bot_strength, picked_after, night_closed, created_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
			r.Code, r.Game, jsonArg(r.Options), r.HostHash, r.Host.Seat, r.Host.Returns, r.Host.Back, string(r.BotStrength), r.PickedAfter, r.NightClosed,
			orNow(r.CreatedAt, now))
		return err
	})
	if err != nil {
		return fmt.Errorf("create room %s: %w", r.Code, formatError(err))
	}
	return nil
}

// Room returns the room with code.
func (db *DB) Room(ctx context.Context, code string) (store.Room, error) {
	var r store.Room
	var options []byte
	var strength string
	err := db.pool.QueryRow(ctx, `
		SELECT code, game, options, host_token, host_seat, host_returns, host_back, bot_strength, picked_after, night_closed, created_at
		FROM rooms WHERE code = $1`, code).
		Scan(&r.Code, &r.Game, &options, &r.HostHash, &r.Host.Seat, &r.Host.Returns, &r.Host.Back, &strength, &r.PickedAfter, &r.NightClosed, &r.CreatedAt)
	if err != nil {
		return store.Room{}, fmt.Errorf("room %s: %w", code, formatError(err))
	}
	r.Options, r.BotStrength, r.CreatedAt = options, game.Strength(strength), r.CreatedAt.UTC()
	return r, nil
}

// SetRoomOptions replaces a room's lobby options.
func (db *DB) SetRoomOptions(ctx context.Context, code string, options json.RawMessage) error {
	if err := db.setRoom(ctx, code, `UPDATE rooms SET options = $2 WHERE code = $1`, jsonArg(options)); err != nil {
		return fmt.Errorf("set room options %s: %w", code, err)
	}
	return nil
}

// SetRoomGame records the game a room plays next.
func (db *DB) SetRoomGame(ctx context.Context, code string, p store.GamePick) error {
	err := db.setRoom(ctx, code, `UPDATE rooms SET game = $2, options = $3, picked_after = $4 WHERE code = $1`,
		p.Game, jsonArg(p.Options), p.After)
	if err != nil {
		return fmt.Errorf("set room game %s: %w", code, err)
	}
	return nil
}

// SetRoomHost records who holds a room's host role.
func (db *DB) SetRoomHost(ctx context.Context, code string, h store.Host) error {
	err := db.setRoom(ctx, code, `UPDATE rooms SET host_seat = $2, host_returns = $3, host_back = $4 WHERE code = $1`,
		h.Seat, h.Returns, h.Back)
	if err != nil {
		return fmt.Errorf("set room host %s: %w", code, err)
	}
	return nil
}

// SetRoomBotStrength records how well a room's bots play.
func (db *DB) SetRoomBotStrength(ctx context.Context, code string, st game.Strength) error {
	if err := db.setRoom(ctx, code, `UPDATE rooms SET bot_strength = $2 WHERE code = $1`, string(st)); err != nil {
		return fmt.Errorf("set room bot strength %s: %w", code, err)
	}
	return nil
}

// SetRoomNightClosed records whether the host closed the room's night.
func (db *DB) SetRoomNightClosed(ctx context.Context, code string, closed bool) error {
	if err := db.setRoom(ctx, code, `UPDATE rooms SET night_closed = $2 WHERE code = $1`, closed); err != nil {
		return fmt.Errorf("set room night closed %s: %w", code, err)
	}
	return nil
}

// setRoom runs update, whose $1 is the room's code, behind the fence.
func (db *DB) setRoom(ctx context.Context, code, update string, args ...any) error {
	err := db.tx(ctx, func(tx pgx.Tx, _ time.Time) error {
		if err := db.fenced(ctx, tx, code); err != nil {
			return err
		}
		tag, err := tx.Exec(ctx, update, append([]any{code}, args...)...)
		if err == nil && tag.RowsAffected() == 0 {
			err = pgx.ErrNoRows
		}
		return err
	})
	return formatError(err)
}

// Seats returns a room's seats in position order.
func (db *DB) Seats(ctx context.Context, code string) ([]store.Seat, error) {
	rows, _ := db.pool.Query(ctx, `
		SELECT id, position, name, token, bot, standin, sits_out, joined_at
		FROM seats WHERE room_code = $1 ORDER BY position`, code)
	seats, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.Seat, error) {
		var s store.Seat
		err := row.Scan(&s.ID, &s.Position, &s.Name, &s.TokenHash, &s.Bot, &s.Standin, &s.SitsOut, &s.JoinedAt)
		s.JoinedAt = s.JoinedAt.UTC()
		return s, err
	})
	if err == nil && len(seats) == 0 {
		err = roomExists(ctx, db.pool, code)
	}
	if err != nil {
		return nil, fmt.Errorf("seats %s: %w", code, formatError(err))
	}
	return seats, nil
}

// PutSeats replaces a room's seats; a zero JoinedAt becomes now.
func (db *DB) PutSeats(ctx context.Context, code string, seats []store.Seat) error {
	err := db.tx(ctx, func(tx pgx.Tx, now time.Time) error {
		if err := db.fenced(ctx, tx, code); err != nil {
			return err
		}
		// FOR UPDATE queues concurrent PutSeats on one room instead of
		// letting their deletes and inserts interleave into key conflicts.
		var one int
		if err := tx.QueryRow(ctx, `SELECT 1 FROM rooms WHERE code = $1 FOR UPDATE`, code).Scan(&one); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM seats WHERE room_code = $1`, code); err != nil {
			return err
		}
		for _, s := range seats {
			_, err := tx.Exec(ctx, `
				INSERT INTO seats (room_code, id, position, name, token, bot, standin, sits_out, joined_at)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
				code, s.ID, s.Position, s.Name, s.TokenHash, s.Bot, s.Standin, s.SitsOut, orNow(s.JoinedAt, now))
			if err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("put seats %s: %w", code, formatError(err))
	}
	return nil
}

// querier is the pool or a transaction.
type querier interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// roomExists returns pgx.ErrNoRows for an unknown room, so an empty list
// never hides a missing parent.
func roomExists(ctx context.Context, q querier, code string) error {
	var one int
	return q.QueryRow(ctx, `SELECT 1 FROM rooms WHERE code = $1`, code).Scan(&one)
}

// UnplayedRooms lists rooms created before t with no match.
func (db *DB) UnplayedRooms(ctx context.Context, before time.Time) ([]string, error) {
	rows, _ := db.pool.Query(ctx, `
		SELECT code FROM rooms r WHERE created_at < $1
		AND NOT EXISTS (SELECT 1 FROM matches m WHERE m.room_code = r.code) ORDER BY code`, dbTime(before))
	codes, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("unplayed rooms: %w", err)
	}
	return codes, nil
}

// DeleteUnplayedRoom deletes a room that never started a match; its seats
// and links go with it. A room under an unexpired lease is live on some
// instance (a lobby someone sits in), so it is kept: ErrConflict.
//
// The delete holds the room's lease row while it decides, as a claim
// would: a claim by an instance about to load the room waits for it, or
// it for the claim. Checking for a lease in the DELETE alone missed a
// claim not yet committed, and the instance then ran a lobby whose room
// was gone. The row goes with the room, a lapsed lease of a dead
// instance's included, so no lease outlives its room.
func (db *DB) DeleteUnplayedRoom(ctx context.Context, code string) error {
	err := db.tx(ctx, func(tx pgx.Tx, _ time.Time) error {
		var free bool
		err := tx.QueryRow(ctx, `
			INSERT INTO room_leases (room_code, instance, expires_at) VALUES ($1, '', now())
			ON CONFLICT (room_code) DO UPDATE SET instance = '', expires_at = now()
				WHERE room_leases.expires_at <= now()
			RETURNING true`, code).Scan(&free)
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		tag, err := tx.Exec(ctx, `
			DELETE FROM rooms WHERE code = $1 AND $2 AND NOT EXISTS (SELECT 1 FROM matches WHERE room_code = $1)`,
			code, free)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			if err := roomExists(ctx, tx, code); err != nil {
				return err
			}
			return store.ErrConflict
		}
		_, err = tx.Exec(ctx, `DELETE FROM room_leases WHERE room_code = $1`, code)
		return err
	})
	if err != nil {
		return fmt.Errorf("delete room %s: %w", code, formatError(err))
	}
	return nil
}
