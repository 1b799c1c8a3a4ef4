// Package postgres implements store.Store on PostgreSQL through a pgx connection pool.
package postgres

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"topsecret/internal/store"
	"topsecret/migrations"
)

// DB is a store.Store backed by a PostgreSQL database.
type DB struct {
	pool    *pgxpool.Pool
	appends *store.GroupCommit
	// fence, when set, is the instance whose lease every room write and
	// append needs (see FencedBy).
	fence string
	// views are the fenced views of one database and the database itself,
	// so closing any of them stops every view's append writers.
	views *views
}

type views struct {
	mu  sync.Mutex
	all []*DB
}

var _ store.Store = (*DB)(nil)

// Open connects to the database at url (a postgres:// URL or key=value DSN)
// and applies pending migrations.
func Open(ctx context.Context, url string) (*DB, error) {
	pool, err := pgxpool.New(ctx, url)
	if err != nil {
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	db := &DB{pool: pool, views: &views{}}
	if err := db.migrate(ctx); err != nil {
		pool.Close()
		return nil, err
	}
	db.startAppends()
	return db, nil
}

// migrationLock is the pg_advisory_lock key every server instance takes
// before migrating, so two instances starting together do not race.
const migrationLock = 0x7073_6563_7265_74 // "psecret"

// migrate applies each migration not yet recorded in schema_migrations, each
// in its own transaction, while holding the advisory lock.
func (db *DB) migrate(ctx context.Context) error {
	files, err := migrations.Files("postgres")
	if err != nil {
		return err
	}
	conn, err := db.pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	defer conn.Release()
	// Advisory locks belong to the session, so lock and unlock on this one connection.
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock($1)`, migrationLock); err != nil {
		return fmt.Errorf("migrate: lock: %w", err)
	}
	defer conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, migrationLock)

	if _, err := conn.Exec(ctx,
		`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY)`); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	for _, f := range files {
		err := pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
			var done bool
			if err := tx.QueryRow(ctx,
				`SELECT EXISTS (SELECT 1 FROM schema_migrations WHERE name = $1)`, f.Name).Scan(&done); err != nil || done {
				return err
			}
			// No arguments: pgx sends the file with the simple protocol, which allows many statements.
			if _, err := tx.Exec(ctx, f.SQL); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, `INSERT INTO schema_migrations (name) VALUES ($1)`, f.Name)
			return err
		})
		if err != nil {
			return fmt.Errorf("migrate %s: %w", f.Name, err)
		}
	}
	return nil
}

// Ping reports whether the database answers.
func (db *DB) Ping(ctx context.Context) error {
	if err := db.pool.Ping(ctx); err != nil {
		return fmt.Errorf("ping: %w", err)
	}
	return nil
}

// startAppends starts db's append writers. A few transactions commit at
// once, each a batch: the server overlaps their round trips and fsyncs,
// and the pool keeps connections for reads.
func (db *DB) startAppends() {
	db.appends = store.NewGroupCommit(db.writeActions, store.GroupCommitConfig{
		Writers: max(1, min(4, int(db.pool.Config().MaxConns)/2))})
	db.views.mu.Lock()
	db.views.all = append(db.views.all, db)
	db.views.mu.Unlock()
}

// Close stops the append writers of the database and of its fenced views,
// then closes the pool, waiting for connections in use to be returned.
func (db *DB) Close() error {
	db.views.mu.Lock()
	all := db.views.all
	db.views.mu.Unlock()
	for _, v := range all {
		v.appends.Close()
	}
	db.pool.Close()
	return nil
}

// tx runs fn in a transaction with the one time stamp it should use.
func (db *DB) tx(ctx context.Context, fn func(tx pgx.Tx, now time.Time) error) error {
	return pgx.BeginFunc(ctx, db.pool, func(tx pgx.Tx) error { return fn(tx, time.Now()) })
}

// formatError turns driver errors callers branch on into store sentinels,
// keeping the constraint name for logs.
func formatError(err error) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return store.ErrNotFound
	}
	var e *pgconn.PgError
	if errors.As(err, &e) {
		switch e.Code {
		case "23505": // unique_violation
			return fmt.Errorf("%w: %s", store.ErrConflict, e.ConstraintName)
		case "23503": // foreign_key_violation
			// Rows only ever reference a parent that must already exist.
			return fmt.Errorf("%w: %s", store.ErrNotFound, e.ConstraintName)
		}
	}
	return err
}

// dbTime stores times in UTC at the millisecond precision both backends promise.
func dbTime(t time.Time) time.Time { return t.UTC().Truncate(time.Millisecond) }

// orNow fills a zero time with the transaction's now.
func orNow(t, now time.Time) time.Time {
	if t.IsZero() {
		return dbTime(now)
	}
	return dbTime(t)
}

// jsonArg sends an absent value as NULL so it reads back as nil.
func jsonArg(b []byte) any {
	if len(b) == 0 {
		return nil
	}
	return b
}
