package postgres

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"topsecret/internal/store"
)

// FencedBy returns a view of db whose room writes and appends hold
// instance's lease. The view shares the pool; its appends have writers of
// their own, since a batch is fenced by one instance.
func (db *DB) FencedBy(instance string) store.Store {
	v := &DB{pool: db.pool, fence: instance, views: db.views}
	v.startAppends()
	return v
}

// fenced refuses, inside tx, a write to room code unless db's instance
// holds the room's unexpired lease. FOR SHARE keeps the lease row as it is
// until tx ends: a claim by another instance (an UPDATE of that row) waits
// for this write to commit, so no write lands after its room moved.
func (db *DB) fenced(ctx context.Context, tx pgx.Tx, code string) error {
	if db.fence == "" {
		return nil
	}
	var one int
	err := tx.QueryRow(ctx, `
		SELECT 1 FROM room_leases
		WHERE room_code = $1 AND instance = $2 AND expires_at > now() FOR SHARE`, code, db.fence).Scan(&one)
	if errors.Is(err, pgx.ErrNoRows) {
		return store.ErrLeaseLost
	}
	return err
}
