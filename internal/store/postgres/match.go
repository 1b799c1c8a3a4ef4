package postgres

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

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
	err = db.tx(ctx, func(tx pgx.Tx, now time.Time) error {
		if err := db.fenced(ctx, tx, m.RoomCode); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `
			INSERT INTO matches (id, room_code, number, setup, seats, status, created_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7)`,
			m.ID, m.RoomCode, m.Number, setup, seats, store.StatusPlaying, orNow(m.CreatedAt, now))
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
	rows, _ := db.pool.Query(ctx, `SELECT `+matchColumns+` FROM matches WHERE id = $1`, id)
	m, err := pgx.CollectExactlyOneRow(rows, scanMatch)
	if err != nil {
		return store.Match{}, fmt.Errorf("match %s: %w", id, formatError(err))
	}
	return m, nil
}

// Matches returns a room's matches, newest first.
func (db *DB) Matches(ctx context.Context, code string) ([]store.Match, error) {
	rows, _ := db.pool.Query(ctx,
		`SELECT `+matchColumns+` FROM matches WHERE room_code = $1 ORDER BY number DESC`, code)
	ms, err := pgx.CollectRows(rows, scanMatch)
	if err == nil && len(ms) == 0 {
		err = roomExists(ctx, db.pool, code)
	}
	if err != nil {
		return nil, fmt.Errorf("matches %s: %w", code, formatError(err))
	}
	return ms, nil
}

// PlayingMatches returns every unfinished match, by room and number.
func (db *DB) PlayingMatches(ctx context.Context) ([]store.Match, error) {
	rows, _ := db.pool.Query(ctx,
		`SELECT `+matchColumns+` FROM matches WHERE status = $1 ORDER BY room_code, number`,
		store.StatusPlaying)
	ms, err := pgx.CollectRows(rows, scanMatch)
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
	err = db.tx(ctx, func(tx pgx.Tx, _ time.Time) error {
		// FOR UPDATE makes two concurrent finishes see each other: the second reads "finished".
		var status, code string
		if err := tx.QueryRow(ctx, `SELECT status, room_code FROM matches WHERE id = $1 FOR UPDATE`, id).Scan(&status, &code); err != nil {
			return err
		}
		if err := db.fenced(ctx, tx, code); err != nil {
			return err
		}
		if status != store.StatusPlaying {
			return fmt.Errorf("%w: match is %s", store.ErrConflict, status)
		}
		_, err := tx.Exec(ctx, `
			UPDATE matches SET status = $1, result = $2, finished_at = $3 WHERE id = $4`,
			store.StatusFinished, res, dbTime(at), id)
		return err
	})
	if err != nil {
		return fmt.Errorf("finish match %s: %w", id, formatError(err))
	}
	return nil
}

func scanMatch(row pgx.CollectableRow) (store.Match, error) {
	var m store.Match
	var setup, seats, result []byte
	if err := row.Scan(&m.ID, &m.RoomCode, &m.Number, &setup, &seats, &m.Status, &result,
		&m.CreatedAt, &m.FinishedAt); err != nil {
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
	m.CreatedAt = m.CreatedAt.UTC()
	if m.FinishedAt != nil {
		*m.FinishedAt = m.FinishedAt.UTC()
	}
	return m, nil
}
