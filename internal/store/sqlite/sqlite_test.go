package sqlite_test

import (
	"database/sql"
	"path/filepath"
	"testing"

	"topsecret/internal/store"
	"topsecret/internal/store/sqlite"
	"topsecret/internal/store/storetest"
	"topsecret/migrations"
)

// MustOpen opens a database file at path and closes it when tb ends.
func MustOpen(tb testing.TB, path string) *sqlite.DB {
	tb.Helper()
	db, err := sqlite.Open(path)
	if err != nil {
		tb.Fatalf("Open: %v", err)
	}
	tb.Cleanup(func() {
		if err := db.Close(); err != nil {
			tb.Errorf("Close: %v", err)
		}
	})
	return db
}

func TestStore(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store {
		return MustOpen(t, filepath.Join(t.TempDir(), "topsecret.db"))
	})
}

func TestOpen_Reopen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "topsecret.db")
	db, err := sqlite.Open(path)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	m := storetest.MustRoomAndMatch(t, db, "ABCD")
	storetest.MustAppendAction(t, db, storetest.NewAction(m.ID, 0))
	if err := db.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}

	// Reopening runs the migrations again; they must find themselves applied.
	db = MustOpen(t, path)
	if got := storetest.MustMatch(t, db, m.ID); got.ID != m.ID {
		t.Fatalf("Match.ID=%q, want %q", got.ID, m.ID)
	}
	if got := storetest.MustActions(t, db, m.ID); len(got) != 1 {
		t.Fatalf("len(Actions)=%d, want 1", len(got))
	}
}

func TestOpen_Memory(t *testing.T) {
	db := MustOpen(t, ":memory:")
	storetest.MustRoomAndMatch(t, db, "ABCD")
	if got := storetest.MustSeats(t, db, "ABCD"); len(got) != 0 {
		t.Fatalf("Seats=%v, want none", got)
	}
}

// A database written before client ids were unique per room migrates: every
// action stays, and an id reused across matches names its newest use.
func TestOpen_MigratesClientIDsPerRoom(t *testing.T) {
	path := filepath.Join(t.TempDir(), "topsecret.db")
	raw, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	files, err := migrations.Files("sqlite")
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`CREATE TABLE schema_migrations (name TEXT PRIMARY KEY)`,
		files[0].SQL,
		`INSERT INTO schema_migrations (name) VALUES ('` + files[0].Name + `')`,
		storetest.Before0002,
	} {
		if _, err := raw.Exec(q); err != nil {
			t.Fatalf("%.60s: %v", q, err)
		}
	}
	if err := raw.Close(); err != nil {
		t.Fatal(err)
	}
	storetest.CheckAfter0002(t, MustOpen(t, path))
}
