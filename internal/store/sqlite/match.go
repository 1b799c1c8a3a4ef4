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

// CreateMatch stores a new match in status playing; a zero CreatedAt becomes now.
func (db *DB) CreateMatch(ctx context.Context, m store.Match) error {
	setup, err := json.Marshal(m.Setup)
	if err != nil {
		return fmt.Errorf("create match %s: %w", m.ID, err)
	}
	seats, err := json.Marshal(m.Seats)
	if err != nil {
		return fmt.Errorf("create match %s: %w", m.ID, err)
	}
	err = db.tx(ctx, func(tx *sql.Tx, now time.Time) error {
		_, err := tx.ExecContext(ctx, `
			INSERT INTO matches (id, room_code, number, setup, seats, status, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?)`,
			m.ID, m.RoomCode, m.Number, string(setup), string(seats), store.StatusPlaying,
			encodeTime(orNow(m.CreatedAt, now)))
		return err
	})
	if err != nil {
		return fmt.Errorf("create match %s: %w", m.ID, formatError(err))
	}
	return nil
}

const matchColumns = `id, room_code, number, setup, seats, status, result, created_at, finished_at`

// Match returns a match by id.
func (db *DB) Match(ctx context.Context, id string) (store.Match, error) {
	m, err := scanMatch(db.read.QueryRowContext(ctx,
		`SELECT `+matchColumns+` FROM matches WHERE id = ?`, id))
	if err != nil {
		return store.Match{}, fmt.Errorf("match %s: %w", id, formatError(err))
	}
	return m, nil
}

// Matches returns a room's matches, newest first.
func (db *DB) Matches(ctx context.Context, code string) ([]store.Match, error) {
	ms, err := db.queryMatches(ctx,
		`SELECT `+matchColumns+` FROM matches WHERE room_code = ? ORDER BY number DESC`, code)
	if err == nil && len(ms) == 0 {
		err = db.roomExists(ctx, db.read, code)
	}
	if err != nil {
		return nil, fmt.Errorf("matches %s: %w", code, formatError(err))
	}
	return ms, nil
}

// PlayingMatches returns every unfinished match, by room and number.
func (db *DB) PlayingMatches(ctx context.Context) ([]store.Match, error) {
	ms, err := db.queryMatches(ctx,
		`SELECT `+matchColumns+` FROM matches WHERE status = ? ORDER BY room_code, number`,
		store.StatusPlaying)
	if err != nil {
		return nil, fmt.Errorf("playing matches: %w", formatError(err))
	}
	return ms, nil
}

// FinishMatch records a match's result once.
func (db *DB) FinishMatch(ctx context.Context, id string, result game.Result, at time.Time) error {
	res, err := json.Marshal(result)
	if err != nil {
		return fmt.Errorf("finish match %s: %w", id, err)
	}
	err = db.tx(ctx, func(tx *sql.Tx, _ time.Time) error {
		var status string
		if err := tx.QueryRowContext(ctx, `SELECT status FROM matches WHERE id = ?`, id).Scan(&status); err != nil {
			return err
		}
		if status != store.StatusPlaying {
			return fmt.Errorf("%w: match is %s", store.ErrConflict, status)
		}
		_, err := tx.ExecContext(ctx, `
			UPDATE matches SET status = ?, result = ?, finished_at = ? WHERE id = ?`,
			store.StatusFinished, string(res), encodeTime(at), id)
		return err
	})
	if err != nil {
		return fmt.Errorf("finish match %s: %w", id, formatError(err))
	}
	return nil
}

func (db *DB) queryMatches(ctx context.Context, query string, args ...any) ([]store.Match, error) {
	rows, err := db.read.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ms []store.Match
	for rows.Next() {
		m, err := scanMatch(rows)
		if err != nil {
			return nil, err
		}
		ms = append(ms, m)
	}
	return ms, rows.Err()
}

func scanMatch(row scanner) (store.Match, error) {
	var m store.Match
	var setup, seats, result []byte
	var created string
	var finished sql.NullString
	if err := row.Scan(&m.ID, &m.RoomCode, &m.Number, &setup, &seats, &m.Status, &result,
		&created, &finished); err != nil {
		return store.Match{}, err
	}
	if err := json.Unmarshal(setup, &m.Setup); err != nil {
		return store.Match{}, fmt.Errorf("setup: %w", err)
	}
	if err := json.Unmarshal(seats, &m.Seats); err != nil {
		return store.Match{}, fmt.Errorf("seats: %w", err)
	}
	if result != nil {
		m.Result = new(game.Result)
		if err := json.Unmarshal(result, m.Result); err != nil {
			return store.Match{}, fmt.Errorf("result: %w", err)
		}
	}
	var err error
	if m.CreatedAt, err = decodeTime(created); err != nil {
		return store.Match{}, err
	}
	if finished.Valid {
		t, err := decodeTime(finished.String)
		if err != nil {
			return store.Match{}, err
		}
		m.FinishedAt = &t
	}
	return m, nil
}
