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

// AppendAction durably adds an action at its log position, in one
// transaction with every other append waiting at that moment.
func (db *DB) AppendAction(ctx context.Context, rec store.ActionRecord) error {
	return db.appends.Append(ctx, rec)
}

// appendRowSQL stores one action. The row takes its room from its match,
// for the room-wide client id key; no match, no row.
const appendRowSQL = `
	INSERT INTO actions (match_id, room_code, idx, client_id, seat, type, data, at)
	SELECT id, room_code, ?, ?, ?, ?, ?, ? FROM matches WHERE id = ?`

// writeActions stores recs in one transaction: one fsync for all of them.
// A failed INSERT undoes only its own statement in SQLite, so one taken
// position costs its record alone.
func (db *DB) writeActions(ctx context.Context, recs []store.ActionRecord) []error {
	errs := make([]error, len(recs))
	w := db.w.Load()
	err := db.tx(ctx, func(tx *sql.Tx, _ time.Time) error {
		insert := tx.StmtContext(ctx, w.appendRow)
		for i, rec := range recs {
			res, err := insert.ExecContext(ctx,
				rec.Index, clientID(rec.ClientID), int(rec.Action.Seat), rec.Action.Type,
				jsonText(rec.Action.Data), rec.Action.At, rec.MatchID)
			if err == nil {
				err = mustAffect(res)
			}
			errs[i] = err
		}
		return nil
	})
	if err != nil {
		db.afterFailure(err)
	}
	for i, rec := range recs {
		if err != nil {
			errs[i] = err
		}
		if errs[i] != nil {
			errs[i] = fmt.Errorf("append action %s#%d: %w", rec.MatchID, rec.Index, formatError(errs[i]))
		}
	}
	return errs
}

// clientID stores a system action's missing id as NULL, which the unique index ignores.
func clientID(id string) any {
	if id == "" {
		return nil
	}
	return id
}

// Actions returns a match's log in order.
func (db *DB) Actions(ctx context.Context, matchID string) ([]store.ActionRecord, error) {
	recs, err := db.actions(ctx, matchID)
	if err == nil && len(recs) == 0 {
		err = db.matchExists(ctx, matchID)
	}
	if err != nil {
		return nil, fmt.Errorf("actions %s: %w", matchID, formatError(err))
	}
	return recs, nil
}

func (db *DB) actions(ctx context.Context, matchID string) ([]store.ActionRecord, error) {
	rows, err := db.read.QueryContext(ctx, `
		SELECT `+actionColumns+` FROM actions WHERE match_id = ? ORDER BY idx`, matchID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var recs []store.ActionRecord
	for rows.Next() {
		r, err := scanAction(rows)
		if err != nil {
			return nil, err
		}
		recs = append(recs, r)
	}
	return recs, rows.Err()
}

// ClientAction returns the action stored under clientID in any match of room code.
func (db *DB) ClientAction(ctx context.Context, code, clientID string) (store.ActionRecord, error) {
	r, err := scanAction(db.read.QueryRowContext(ctx, `
		SELECT `+actionColumns+` FROM actions WHERE room_code = ? AND client_id = ?`, code, clientID))
	if err != nil {
		return store.ActionRecord{}, fmt.Errorf("client action %s %q: %w", code, clientID, formatError(err))
	}
	return r, nil
}

const actionColumns = `match_id, idx, client_id, seat, type, data, at`

func scanAction(row scanner) (store.ActionRecord, error) {
	var r store.ActionRecord
	var client sql.NullString
	var data []byte
	if err := row.Scan(&r.MatchID, &r.Index, &client, &r.Action.Seat, &r.Action.Type, &data, &r.Action.At); err != nil {
		return store.ActionRecord{}, err
	}
	r.ClientID, r.Action.Data = client.String, data
	return r, nil
}

func (db *DB) matchExists(ctx context.Context, id string) error {
	var one int
	return db.read.QueryRowContext(ctx, `SELECT 1 FROM matches WHERE id = ?`, id).Scan(&one)
}

// Note returns a seat's private notes for a match, or {} when none are stored.
func (db *DB) Note(ctx context.Context, matchID string, seat game.Seat) (json.RawMessage, error) {
	// The join tells "no such match" (no row) from "no notes yet" (NULL note).
	var note []byte
	err := db.read.QueryRowContext(ctx, `
		SELECT n.note FROM matches m
		LEFT JOIN notes n ON n.match_id = m.id AND n.seat = ?
		WHERE m.id = ?`, int(seat), matchID).Scan(&note)
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
	err := db.tx(ctx, func(tx *sql.Tx, _ time.Time) error {
		_, err := tx.ExecContext(ctx, `
			INSERT INTO notes (match_id, seat, note) VALUES (?, ?, ?)
			ON CONFLICT (match_id, seat) DO UPDATE SET note = excluded.note`,
			matchID, int(seat), string(note))
		return err
	})
	if err != nil {
		return fmt.Errorf("put note %s seat %d: %w", matchID, seat, formatError(err))
	}
	return nil
}
