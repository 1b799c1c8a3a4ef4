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

// AppendAction durably adds an action at its log position, in one
// transaction with every other append waiting at that moment.
func (db *DB) AppendAction(ctx context.Context, rec store.ActionRecord) error {
	return db.appends.Append(ctx, rec)
}

// writeActions stores recs in one transaction sent as one round trip. Any
// error aborts a PostgreSQL transaction, so a taken key is skipped (ON
// CONFLICT DO NOTHING) rather than raised, and a record that wrote no row
// is told apart afterwards: its match is missing, its room's lease is not
// the fencing instance's, or its key was taken. On a fenced view each row
// is written only while the instance holds the room's lease. Unlike the
// single-room writes it takes no FOR SHARE lock: a batch spans many rooms,
// and locking their lease rows in batch order could deadlock with a
// renewal updating them in its own order. The narrow race left (a claim
// committing while this batch commits) is closed by the log's unique
// (match, index) key: the new owner's next append there conflicts, and it
// reloads the log, this action included.
func (db *DB) writeActions(ctx context.Context, recs []store.ActionRecord) []error {
	errs := make([]error, len(recs))
	var missed []int
	err := db.tx(ctx, func(tx pgx.Tx, _ time.Time) error {
		b := &pgx.Batch{}
		for _, rec := range recs {
			// The row takes its room from its match, for the room-wide client
			// id key; no match, no row.
			b.Queue(`
				INSERT INTO actions (match_id, room_code, idx, client_id, seat, type, data, at)
				SELECT id, room_code, $2, NULLIF($3, ''), $4, $5, $6, $7 FROM matches m WHERE id = $1
				AND ($8 = '' OR EXISTS (SELECT 1 FROM room_leases l WHERE l.room_code = m.room_code
					AND l.instance = $8 AND l.expires_at > now()))
				ON CONFLICT DO NOTHING`,
				rec.MatchID, rec.Index, rec.ClientID, int(rec.Action.Seat), rec.Action.Type,
				jsonArg(rec.Action.Data), rec.Action.At, db.fence)
		}
		br := tx.SendBatch(ctx, b)
		for i := range recs {
			tag, err := br.Exec()
			if err != nil {
				br.Close()
				return err
			}
			if tag.RowsAffected() == 0 {
				missed = append(missed, i)
			}
		}
		return br.Close()
	})
	for _, i := range missed {
		var exists, held bool
		qerr := db.pool.QueryRow(ctx, `
			SELECT EXISTS (SELECT 1 FROM matches WHERE id = $1),
				$2 = '' OR EXISTS (SELECT 1 FROM matches m JOIN room_leases l ON l.room_code = m.room_code
					WHERE m.id = $1 AND l.instance = $2 AND l.expires_at > now())`,
			recs[i].MatchID, db.fence).Scan(&exists, &held)
		switch {
		case qerr != nil:
			errs[i] = qerr
		case exists && !held:
			errs[i] = store.ErrLeaseLost
		case exists:
			errs[i] = store.ErrConflict
		default:
			errs[i] = store.ErrNotFound
		}
	}
	for i, rec := range recs {
		if err != nil {
			errs[i] = formatError(err)
		}
		if errs[i] != nil {
			errs[i] = fmt.Errorf("append action %s#%d: %w", rec.MatchID, rec.Index, errs[i])
		}
	}
	return errs
}

// Actions returns a match's log in order.
func (db *DB) Actions(ctx context.Context, matchID string) ([]store.ActionRecord, error) {
	rows, _ := db.pool.Query(ctx, `
		SELECT `+actionColumns+` FROM actions WHERE match_id = $1 ORDER BY idx`, matchID)
	recs, err := pgx.CollectRows(rows, scanAction)
	if err == nil && len(recs) == 0 {
		var one int
		err = db.pool.QueryRow(ctx, `SELECT 1 FROM matches WHERE id = $1`, matchID).Scan(&one)
	}
	if err != nil {
		return nil, fmt.Errorf("actions %s: %w", matchID, formatError(err))
	}
	return recs, nil
}

// ClientAction returns the action stored under clientID in any match of room code.
func (db *DB) ClientAction(ctx context.Context, code, clientID string) (store.ActionRecord, error) {
	rows, _ := db.pool.Query(ctx, `
		SELECT `+actionColumns+` FROM actions WHERE room_code = $1 AND client_id = $2`, code, clientID)
	r, err := pgx.CollectExactlyOneRow(rows, scanAction)
	if err != nil {
		return store.ActionRecord{}, fmt.Errorf("client action %s %q: %w", code, clientID, formatError(err))
	}
	return r, nil
}

const actionColumns = `match_id, idx, coalesce(client_id, ''), seat, type, data, at`

func scanAction(row pgx.CollectableRow) (store.ActionRecord, error) {
	var r store.ActionRecord
	var data []byte
	err := row.Scan(&r.MatchID, &r.Index, &r.ClientID, &r.Action.Seat, &r.Action.Type, &data, &r.Action.At)
	r.Action.Data = data
	return r, err
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

// PutNote replaces a seat's private notes for a match, behind the fence of
// the match's room.
func (db *DB) PutNote(ctx context.Context, matchID string, seat game.Seat, note json.RawMessage) error {
	if len(note) == 0 {
		note = json.RawMessage(`{}`)
	}
	err := db.tx(ctx, func(tx pgx.Tx, _ time.Time) error {
		if db.fence != "" {
			var code string
			if err := tx.QueryRow(ctx, `SELECT room_code FROM matches WHERE id = $1`, matchID).Scan(&code); err != nil {
				return err
			}
			if err := db.fenced(ctx, tx, code); err != nil {
				return err
			}
		}
		_, err := tx.Exec(ctx, `
			INSERT INTO notes (match_id, seat, note) VALUES ($1, $2, $3)
			ON CONFLICT (match_id, seat) DO UPDATE SET note = excluded.note`,
			matchID, int(seat), []byte(note))
		return err
	})
	if err != nil {
		return fmt.Errorf("put note %s seat %d: %w", matchID, seat, formatError(err))
	}
	return nil
}
