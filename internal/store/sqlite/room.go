package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"topsecret/internal/game"
	"topsecret/internal/store"
)

// CreateRoom stores a new room; a zero CreatedAt becomes now.
func (db *DB) CreateRoom(ctx context.Context, r store.Room) error {
	err := db.tx(ctx, func(tx *sql.Tx, now time.Time) error {
		_, err := tx.ExecContext(ctx, `
			INSERT INTO rooms (code, game, options, host_token, host_seat, host_returns, host_back, bot_strength, picked_after, night_closed, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			r.Code, r.Game, jsonText(r.Options), r.HostHash, r.Host.Seat, r.Host.Returns, r.Host.Back, r.BotStrength, r.PickedAfter, r.NightClosed,
			encodeTime(orNow(r.CreatedAt, now)))
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
	var created string
	err := db.read.QueryRowContext(ctx, `
		SELECT code, game, options, host_token, host_seat, host_returns, host_back, bot_strength, picked_after, night_closed, created_at
		FROM rooms WHERE code = ?`, code).
		Scan(&r.Code, &r.Game, &options, &r.HostHash, &r.Host.Seat, &r.Host.Returns, &r.Host.Back, &r.BotStrength, &r.PickedAfter, &r.NightClosed, &created)
	if err == nil {
		r.Options = options
		r.CreatedAt, err = decodeTime(created)
	}
	if err != nil {
		return store.Room{}, fmt.Errorf("room %s: %w", code, formatError(err))
	}
	return r, nil
}

// SetRoomOptions replaces a room's lobby options.
func (db *DB) SetRoomOptions(ctx context.Context, code string, options json.RawMessage) error {
	err := db.tx(ctx, func(tx *sql.Tx, _ time.Time) error {
		res, err := tx.ExecContext(ctx, `UPDATE rooms SET options = ? WHERE code = ?`, jsonText(options), code)
		if err != nil {
			return err
		}
		return mustAffect(res)
	})
	if err != nil {
		return fmt.Errorf("set room options %s: %w", code, formatError(err))
	}
	return nil
}

// SetRoomGame records the game a room plays next.
func (db *DB) SetRoomGame(ctx context.Context, code string, p store.GamePick) error {
	err := db.tx(ctx, func(tx *sql.Tx, _ time.Time) error {
		res, err := tx.ExecContext(ctx, `UPDATE rooms SET game = ?, options = ?, picked_after = ? WHERE code = ?`,
			p.Game, jsonText(p.Options), p.After, code)
		if err != nil {
			return err
		}
		return mustAffect(res)
	})
	if err != nil {
		return fmt.Errorf("set room game %s: %w", code, formatError(err))
	}
	return nil
}

// SetRoomHost records who holds a room's host role.
func (db *DB) SetRoomHost(ctx context.Context, code string, h store.Host) error {
	err := db.tx(ctx, func(tx *sql.Tx, _ time.Time) error {
		res, err := tx.ExecContext(ctx, `UPDATE rooms SET host_seat = ?, host_returns = ?, host_back = ? WHERE code = ?`,
			h.Seat, h.Returns, h.Back, code)
		if err != nil {
			return err
		}
		return mustAffect(res)
	})
	if err != nil {
		return fmt.Errorf("set room host %s: %w", code, formatError(err))
	}
	return nil
}

// SetRoomBotStrength records how well a room's bots play.
func (db *DB) SetRoomBotStrength(ctx context.Context, code string, st game.Strength) error {
	err := db.tx(ctx, func(tx *sql.Tx, _ time.Time) error {
		res, err := tx.ExecContext(ctx, `UPDATE rooms SET bot_strength = ? WHERE code = ?`, st, code)
		if err != nil {
			return err
		}
		return mustAffect(res)
	})
	if err != nil {
		return fmt.Errorf("set room bot strength %s: %w", code, formatError(err))
	}
	return nil
}

// SetRoomNightClosed records whether the host closed the room's night.
func (db *DB) SetRoomNightClosed(ctx context.Context, code string, closed bool) error {
	err := db.tx(ctx, func(tx *sql.Tx, _ time.Time) error {
		res, err := tx.ExecContext(ctx, `UPDATE rooms SET night_closed = ? WHERE code = ?`, closed, code)
		if err != nil {
			return err
		}
		return mustAffect(res)
	})
	if err != nil {
		return fmt.Errorf("set room night closed %s: %w", code, formatError(err))
	}
	return nil
}

// Seats returns a room's seats in position order.
func (db *DB) Seats(ctx context.Context, code string) ([]store.Seat, error) {
	seats, err := db.seats(ctx, code)
	if err == nil && len(seats) == 0 {
		err = db.roomExists(ctx, db.read, code)
	}
	if err != nil {
		return nil, fmt.Errorf("seats %s: %w", code, formatError(err))
	}
	return seats, nil
}

func (db *DB) seats(ctx context.Context, code string) ([]store.Seat, error) {
	rows, err := db.read.QueryContext(ctx, `
		SELECT id, position, name, token, bot, standin, sits_out, joined_at
		FROM seats WHERE room_code = ? ORDER BY position`, code)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var seats []store.Seat
	for rows.Next() {
		var s store.Seat
		var joined string
		if err := rows.Scan(&s.ID, &s.Position, &s.Name, &s.TokenHash, &s.Bot, &s.Standin, &s.SitsOut, &joined); err != nil {
			return nil, err
		}
		if s.JoinedAt, err = decodeTime(joined); err != nil {
			return nil, err
		}
		seats = append(seats, s)
	}
	return seats, rows.Err()
}

// PutSeats replaces a room's seats; a zero JoinedAt becomes now.
func (db *DB) PutSeats(ctx context.Context, code string, seats []store.Seat) error {
	err := db.tx(ctx, func(tx *sql.Tx, now time.Time) error {
		if err := db.roomExists(ctx, tx, code); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM seats WHERE room_code = ?`, code); err != nil {
			return err
		}
		for _, s := range seats {
			_, err := tx.ExecContext(ctx, `
				INSERT INTO seats (room_code, id, position, name, token, bot, standin, sits_out, joined_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
				code, s.ID, s.Position, s.Name, s.TokenHash, s.Bot, s.Standin, s.SitsOut, encodeTime(orNow(s.JoinedAt, now)))
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

// querier is a pool or a transaction.
type querier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// roomExists returns sql.ErrNoRows for an unknown room, so an empty list
// never hides a missing parent.
func (db *DB) roomExists(ctx context.Context, q querier, code string) error {
	var one int
	return q.QueryRowContext(ctx, `SELECT 1 FROM rooms WHERE code = ?`, code).Scan(&one)
}

// mustAffect turns an update that matched nothing into sql.ErrNoRows.
func mustAffect(res sql.Result) error {
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return sql.ErrNoRows
	}
	return nil
}

// UnplayedRooms lists rooms created before t with no match.
func (db *DB) UnplayedRooms(ctx context.Context, before time.Time) ([]string, error) {
	rows, err := db.read.QueryContext(ctx, `
		SELECT code FROM rooms r WHERE created_at < ?
		AND NOT EXISTS (SELECT 1 FROM matches m WHERE m.room_code = r.code) ORDER BY code`, encodeTime(before))
	if err != nil {
		return nil, fmt.Errorf("unplayed rooms: %w", err)
	}
	defer rows.Close()
	var codes []string
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			return nil, fmt.Errorf("unplayed rooms: %w", err)
		}
		codes = append(codes, c)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("unplayed rooms: %w", err)
	}
	return codes, nil
}

// DeleteUnplayedRoom deletes a room that never started a match; its seats go with it.
func (db *DB) DeleteUnplayedRoom(ctx context.Context, code string) error {
	err := db.tx(ctx, func(tx *sql.Tx, _ time.Time) error {
		res, err := tx.ExecContext(ctx, `
			DELETE FROM rooms WHERE code = ? AND NOT EXISTS (SELECT 1 FROM matches WHERE room_code = ?)`, code, code)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n > 0 {
			return err
		}
		if err := db.roomExists(ctx, tx, code); err != nil {
			return err
		}
		return store.ErrConflict
	})
	if err != nil {
		return fmt.Errorf("delete room %s: %w", code, formatError(err))
	}
	return nil
}
