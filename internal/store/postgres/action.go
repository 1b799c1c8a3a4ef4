package postgres

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/jackc/pgx/v5"

	"topsecret/internal/game"
	"topsecret/internal/store"
)

// AppendAction durably adds an action at its log position.
func (db *DB) AppendAction(ctx context.Context, rec store.ActionRecord) error {
	_, err := db.pool.Exec(ctx, `
		INSERT INTO actions (match_id, idx, client_id, seat, type, data, at)
		VALUES ($1, $2, NULLIF($3, ''), $4, $5, $6, $7)`,
		rec.MatchID, rec.Index, rec.ClientID, int(rec.Action.Seat), rec.Action.Type,
		jsonArg(rec.Action.Data), rec.Action.At)
	if err != nil {
		return fmt.Errorf("append action %s#%d: %w", rec.MatchID, rec.Index, formatError(err))
	}
	return nil
}

// Actions returns a match's log in order.
func (db *DB) Actions(ctx context.Context, matchID string) ([]store.ActionRecord, error) {
	rows, _ := db.pool.Query(ctx, `
		SELECT idx, coalesce(client_id, ''), seat, type, data, at
		FROM actions WHERE match_id = $1 ORDER BY idx`, matchID)
	recs, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.ActionRecord, error) {
		r := store.ActionRecord{MatchID: matchID}
		var data []byte
		err := row.Scan(&r.Index, &r.ClientID, &r.Action.Seat, &r.Action.Type, &data, &r.Action.At)
		r.Action.Data = data
		return r, err
	})
	if err == nil && len(recs) == 0 {
		var one int
		err = db.pool.QueryRow(ctx, `SELECT 1 FROM matches WHERE id = $1`, matchID).Scan(&one)
	}
	if err != nil {
		return nil, fmt.Errorf("actions %s: %w", matchID, formatError(err))
	}
	return recs, nil
}

// Note returns a seat's private notes for a match, or {} when none are stored.
func (db *DB) Note(ctx context.Context, matchID string, seat game.Seat) (json.RawMessage, error) {
	// The join tells "no such match" (no row) from "no notes yet" (NULL note).
	var note []byte
	err := db.pool.QueryRow(ctx, `
		SELECT n.note FROM matches m
		LEFT JOIN notes n ON n.match_id = m.id AND n.seat = $1
		WHERE m.id = $2`, int(seat), matchID).Scan(&note)
	if err != nil {
		return nil, fmt.Errorf("note %s seat %d: %w", matchID, seat, formatError(err))
	}
	if note == nil {
		return json.RawMessage(`{}`), nil
	}
	return note, nil
}

// PutNote replaces a seat's private notes for a match.
func (db *DB) PutNote(ctx context.Context, matchID string, seat game.Seat, note json.RawMessage) error {
	if len(note) == 0 {
		note = json.RawMessage(`{}`)
	}
	_, err := db.pool.Exec(ctx, `
		INSERT INTO notes (match_id, seat, note) VALUES ($1, $2, $3)
		ON CONFLICT (match_id, seat) DO UPDATE SET note = excluded.note`,
		matchID, int(seat), []byte(note))
	if err != nil {
		return fmt.Errorf("put note %s seat %d: %w", matchID, seat, formatError(err))
	}
	return nil
}
