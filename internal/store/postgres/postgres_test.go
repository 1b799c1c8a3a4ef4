package postgres_test

import (
	"context"
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
	for _, q := range []string{
		`CREATE TABLE schema_migrations (name text PRIMARY KEY)`,
		files[0].SQL,
		`INSERT INTO schema_migrations (name) VALUES ('` + files[0].Name + `')`,
		storetest.Before0002,
	} {
		if _, err := conn.Exec(ctx, q); err != nil {
			t.Fatalf("%.60s: %v", q, err)
		}
	}
	if err := conn.Close(ctx); err != nil {
		t.Fatal(err)
	}
	storetest.CheckAfter0002(t, MustOpen(t, url))
}

func TestLeases(t *testing.T) {
	storetest.RunLeases(t, func(t *testing.T) storetest.LeaseStore { return MustOpen(t, pgtest.DSN(t)) })
}
