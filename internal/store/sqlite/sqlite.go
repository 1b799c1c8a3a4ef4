// Package sqlite implements store.Store on an embedded SQLite file, so the app runs with no database server.
package sqlite

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"topsecret/internal/store"
	"topsecret/migrations"
)

// DB is a store.Store backed by one SQLite file. Writes go through a single
// connection, so writers queue in Go instead of racing for SQLite's one
// write lock; reads use a pool, which WAL lets run beside the writer.
type DB struct {
	path string
	// w is the write connection; a failed write to the disk replaces it
	// (reopen).
	w       atomic.Pointer[writer]
	read    *sql.DB
	appends *store.GroupCommit
}

// writer is the one write connection and the action insert prepared on
// it once: parsing it for every row was a tenth of a commit's CPU.
type writer struct {
	db        *sql.DB
	appendRow *sql.Stmt
}

func (w *writer) close() error {
	if w.appendRow != nil {
		w.appendRow.Close()
	}
	return w.db.Close()
}

var _ store.Store = (*DB)(nil)

// driverName is modernc's SQLite with sha256_hex(text), which migration
// 0008 needs: SQLite has no hash function of its own. It is registered
// under a name of its own so no other user of the driver in the process
// sees the function.
const driverName = "topsecret-sqlite"

func init() {
	var d sqlite.Driver
	d.MustRegisterDeterministicScalarFunction("sha256_hex", 1, sha256Hex)
	sql.Register(driverName, &d)
}

// sha256Hex is store.Hash of a text value, for SQL.
func sha256Hex(_ *sqlite.FunctionContext, args []driver.Value) (driver.Value, error) {
	s, ok := args[0].(string)
	if !ok {
		return nil, fmt.Errorf("sha256_hex(%T): want text", args[0])
	}
	return store.Hash(s), nil
}

// pragmas run on every new connection.
var pragmas = []string{
	// Another process (a second server, the sqlite3 shell) may hold the lock; wait rather than fail.
	"busy_timeout(10000)",
	// SQLite leaves foreign keys off by default; on, they reject rows for unknown rooms and matches.
	"foreign_keys(1)",
	// WAL lets readers run while a write commits and makes each commit one append.
	"journal_mode(WAL)",
	// An accepted action is shown to players only after its commit, so the
	// commit must survive a power cut, not only a crash: fsync every one.
	"synchronous(FULL)",
}

// Open opens (creating if needed) the database file at path and applies
// pending migrations.
func Open(path string) (*DB, error) {
	write, err := openWriter(path)
	if err != nil {
		return nil, err
	}
	db := &DB{path: path, read: write.db}
	db.w.Store(write)
	if path != ":memory:" {
		// query_only catches a write sent to the read pool by mistake.
		db.read, err = sql.Open(driverName, dsn(path, "query_only(1)"))
		if err != nil {
			write.close()
			return nil, fmt.Errorf("open %s: %w", path, err)
		}
	}
	if err := db.migrate(context.Background()); err != nil {
		db.Close()
		return nil, err
	}
	if err := write.prepare(); err != nil {
		db.Close()
		return nil, err
	}
	if path != ":memory:" {
		// SQLite syncs the folder when it makes a WAL or a journal, but not
		// when it makes the database file itself: without this, a power cut
		// after the first checkpoint could leave a folder with no database.
		if err := syncFolder(filepath.Dir(path)); err != nil {
			db.Close()
			return nil, err
		}
	}
	// One writer: SQLite has one write connection; batching is its speed.
	// Under load a batch of several lingers for more, longer as batches
	// grow, up to 1.5 ms: fewer, larger commits, each ~0.2 ms of the
	// process's CPU. At 2,000 actions a second a flat half millisecond
	// took a tenth off the CPU per action, and the growing wait 8% more.
	db.appends = store.NewGroupCommit(db.writeActions, store.GroupCommitConfig{Writers: 1, Linger: 1500 * time.Microsecond})
	return db, nil
}

// dsn is the address of path with the store's pragmas and more.
func dsn(path string, more ...string) string {
	q := url.Values{}
	for _, p := range append(pragmas, more...) {
		q.Add("_pragma", p)
	}
	// BEGIN IMMEDIATE takes the write lock up front, so a transaction never
	// has to upgrade a read lock, which is the one case busy_timeout cannot save.
	q.Set("_txlock", "immediate")
	return path + "?" + q.Encode()
}

// openWriter opens the one write connection.
func openWriter(path string) (*writer, error) {
	write, err := sql.Open(driverName, dsn(path))
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	write.SetMaxOpenConns(1)
	// The writer's connection must live as long as the DB, or an in-memory database would vanish.
	write.SetConnMaxIdleTime(0)
	write.SetConnMaxLifetime(0)
	return &writer{db: write}, nil
}

func (w *writer) prepare() error {
	var err error
	if w.appendRow, err = w.db.Prepare(appendRowSQL); err != nil {
		return fmt.Errorf("prepare append: %w", formatError(err))
	}
	return nil
}

// migrate applies each migration not yet recorded in schema_migrations, each
// in its own transaction.
func (db *DB) migrate(ctx context.Context) error {
	files, err := migrations.Files("sqlite")
	if err != nil {
		return err
	}
	if _, err := db.w.Load().db.ExecContext(ctx,
		`CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY)`); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	for _, f := range files {
		err := db.tx(ctx, func(tx *sql.Tx, _ time.Time) error {
			var n int
			if err := tx.QueryRowContext(ctx,
				`SELECT count(*) FROM schema_migrations WHERE name = ?`, f.Name).Scan(&n); err != nil || n > 0 {
				return err
			}
			if _, err := tx.ExecContext(ctx, f.SQL); err != nil {
				return err
			}
			_, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (name) VALUES (?)`, f.Name)
			return err
		})
		if err != nil {
			return fmt.Errorf("migrate %s: %w", f.Name, err)
		}
	}
	return nil
}

// Ping reports whether the database file answers.
func (db *DB) Ping(ctx context.Context) error {
	if err := db.read.PingContext(ctx); err != nil {
		return fmt.Errorf("ping: %w", err)
	}
	return nil
}

// Close closes both pools.
func (db *DB) Close() error {
	if db.appends != nil {
		db.appends.Close()
	}
	w := db.w.Load()
	err := w.close()
	if db.read != w.db {
		err = errors.Join(err, db.read.Close())
	}
	return err
}

// tx runs fn in a write transaction with the one time stamp it should use.
func (db *DB) tx(ctx context.Context, fn func(tx *sql.Tx, now time.Time) error) error {
	tx, err := db.w.Load().db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(tx, time.Now()); err != nil {
		return err
	}
	return tx.Commit()
}

// formatError turns driver errors callers branch on into store sentinels,
// keeping the driver's message for logs.
func formatError(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return store.ErrNotFound
	}
	var e *sqlite.Error
	if errors.As(err, &e) {
		if unwritable(e) {
			return fmt.Errorf("%w: %v", store.ErrUnwritable, e)
		}
		switch e.Code() {
		case sqlite3.SQLITE_CONSTRAINT_UNIQUE, sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY:
			return fmt.Errorf("%w: %v", store.ErrConflict, e)
		case sqlite3.SQLITE_CONSTRAINT_FOREIGNKEY:
			// Rows only ever reference a parent that must already exist.
			return fmt.Errorf("%w: %v", store.ErrNotFound, e)
		}
	}
	return err
}

// timeFormat sorts as text and keeps the millisecond precision both backends promise.
const timeFormat = "2006-01-02T15:04:05.000Z"

func encodeTime(t time.Time) string { return t.UTC().Format(timeFormat) }

func decodeTime(s string) (time.Time, error) {
	t, err := time.Parse(timeFormat, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("time %q: %w", s, err)
	}
	return t, nil
}

// orNow fills a zero time with the transaction's now.
func orNow(t, now time.Time) time.Time {
	if t.IsZero() {
		return now
	}
	return t
}

// jsonText stores JSON as TEXT, and an absent value as NULL so it reads back as nil.
func jsonText(b []byte) any {
	if len(b) == 0 {
		return nil
	}
	return string(b)
}

// scanner is a *sql.Row or *sql.Rows.
type scanner interface{ Scan(dest ...any) error }

// IntegrityCheck runs SQLite's full integrity check: every page, index
// and constraint. It is what a restore and the power-cut tests ask of a
// file before trusting it.
func (db *DB) IntegrityCheck(ctx context.Context) error {
	rows, err := db.read.QueryContext(ctx, `PRAGMA integrity_check`)
	if err != nil {
		return fmt.Errorf("integrity check: %w", err)
	}
	defer rows.Close()
	var problems []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			return fmt.Errorf("integrity check: %w", err)
		}
		if line != "ok" {
			problems = append(problems, line)
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("integrity check: %w", err)
	}
	if len(problems) > 0 {
		return fmt.Errorf("integrity check: %s", strings.Join(problems, "; "))
	}
	return nil
}
