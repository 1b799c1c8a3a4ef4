package postgres_test

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5"

	"topsecret/internal/store"
	"topsecret/internal/store/pgtest"
	"topsecret/internal/store/postgres"
	"topsecret/internal/store/storetest"
	"topsecret/migrations"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// MustOpen opens the database at url and closes it when tb ends.
func MustOpen(tb testing.TB, url string) *postgres.DB {
	tb.Helper()
	db, err := postgres.Open(tb.Context(), url)
	if err != nil {
		tb.Fatalf("Open: %v", err)
	}
	tb.Cleanup(func() { db.Close() })
	return db
}

func TestStore(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store { return MustOpen(t, pgtest.DSN(t)) })
}

func TestOpen_ConcurrentMigrations(t *testing.T) {
	url := pgtest.DSN(t)
	wipe(t, url)

	// Several servers starting at once against an empty database: the
	// advisory lock must let exactly one migrate while the rest wait.
	errs := make([]error, 5)
	var wg sync.WaitGroup
	for i := range errs {
		wg.Go(func() {
			db, err := postgres.Open(t.Context(), url)
			if err == nil {
				db.Close()
			}
			errs[i] = err
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatalf("Open: %v", err)
		}
	}
	storetest.MustRoomAndMatch(t, MustOpen(t, url), "ABCD")
}

// wipe empties the database at url, undoing the template's migrations.
func wipe(tb testing.TB, url string) {
	tb.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		tb.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, `DROP SCHEMA public CASCADE; CREATE SCHEMA public`); err != nil {
		tb.Fatal(err)
	}
}

// A database written before client ids were unique per room migrates: every
// action stays, and an id reused across matches names its newest use.
func TestOpen_MigratesClientIDsPerRoom(t *testing.T) {
	url := pgtest.DSN(t)
	mustOldDatabase(t, url, "0002", storetest.Before0002)
	storetest.CheckAfter0002(t, MustOpen(t, url))
}

// A database written while tokens were stored in plain migrates: its rooms
// keep working with the tokens phones hold, and no token stays stored.
func TestOpen_MigratesTokensToHashes(t *testing.T) {
	url := pgtest.DSN(t)
	mustOldDatabase(t, url, "0008", storetest.Before0008)
	storetest.CheckAfter0008(t, MustOpen(t, url), dump(url))
}

// mustOldDatabase empties the database at url and writes what an older
// server left: the migrations before the one whose name starts with upTo,
// then rows.
func mustOldDatabase(t *testing.T, url, upTo, rows string) {
	t.Helper()
	wipe(t, url)
	files, err := migrations.Files("postgres")
	if err != nil {
		t.Fatal(err)
	}
	ctx := t.Context()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	qs := []string{`CREATE TABLE schema_migrations (name text PRIMARY KEY)`}
	for _, f := range files {
		if f.Name >= upTo {
			break
		}
		qs = append(qs, f.SQL, `INSERT INTO schema_migrations (name) VALUES ('`+f.Name+`')`)
	}
	for _, q := range append(qs, rows) {
		if _, err := conn.Exec(ctx, q); err != nil {
			t.Fatalf("%.60s: %v", q, err)
		}
	}
}

// dump returns a function that reads every row of every table of the
// database at url, as text.
func dump(url string) func(tb testing.TB) string {
	return func(tb testing.TB) string {
		tb.Helper()
		ctx := context.Background()
		conn, err := pgx.Connect(ctx, url)
		if err != nil {
			tb.Fatal(err)
		}
		defer conn.Close(ctx)
		rows, _ := conn.Query(ctx, `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`)
		tables, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			tb.Fatal(err)
		}
		var b strings.Builder
		for _, name := range tables {
			rows, _ := conn.Query(ctx, `SELECT t::text FROM `+pgx.Identifier{name}.Sanitize()+` t`)
			lines, err := pgx.CollectRows(rows, pgx.RowTo[string])
			if err != nil {
				tb.Fatal(err)
			}
			for _, l := range lines {
				b.WriteString(name + " " + l + "\n")
			}
		}
		return b.String()
	}
}

func TestLeases(t *testing.T) {
	storetest.RunLeases(t, func(t *testing.T) storetest.LeaseStore { return MustOpen(t, pgtest.DSN(t)) })
}
