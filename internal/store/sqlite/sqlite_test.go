package sqlite_test

import (
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"
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
	mustOldDatabase(t, path, "0002", storetest.Before0002)
	storetest.CheckAfter0002(t, MustOpen(t, path))
}

// A database written while tokens were stored in plain migrates: its rooms
// keep working with the tokens phones hold, and no token stays stored.
func TestOpen_MigratesTokensToHashes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "topsecret.db")
	mustOldDatabase(t, path, "0008", storetest.Before0008)
	storetest.CheckAfter0008(t, MustOpen(t, path), dump(path))
}

// mustOldDatabase writes the database an older server left at path: the
// migrations before the one whose name starts with upTo, then rows.
func mustOldDatabase(t *testing.T, path, upTo, rows string) {
	t.Helper()
	raw, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	files, err := migrations.Files("sqlite")
	if err != nil {
		t.Fatal(err)
	}
	qs := []string{`CREATE TABLE schema_migrations (name TEXT PRIMARY KEY)`}
	for _, f := range files {
		if f.Name >= upTo {
			break
		}
		qs = append(qs, f.SQL, `INSERT INTO schema_migrations (name) VALUES ('`+f.Name+`')`)
	}
	for _, q := range append(qs, rows) {
		if _, err := raw.Exec(q); err != nil {
			t.Fatalf("%.60s: %v", q, err)
		}
	}
}

// dump returns a function that reads every value of every table of the
// database at path, as text.
func dump(path string) func(tb testing.TB) string {
	return func(tb testing.TB) string {
		tb.Helper()
		raw, err := sql.Open("sqlite", path+"?_pragma=query_only(1)")
		if err != nil {
			tb.Fatal(err)
		}
		defer raw.Close()
		var tables []string
		rows, err := raw.Query(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`)
		if err != nil {
			tb.Fatal(err)
		}
		for rows.Next() {
			var name string
			if err := rows.Scan(&name); err != nil {
				tb.Fatal(err)
			}
			tables = append(tables, name)
		}
		if err := rows.Err(); err != nil {
			tb.Fatal(err)
		}
		var b strings.Builder
		for _, name := range tables {
			dumpTable(tb, raw, name, &b)
		}
		return b.String()
	}
}

// dumpTable writes every row of table name to b, one line each.
func dumpTable(tb testing.TB, raw *sql.DB, name string, b *strings.Builder) {
	tb.Helper()
	rows, err := raw.Query(`SELECT * FROM "` + name + `"`)
	if err != nil {
		tb.Fatal(err)
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		tb.Fatal(err)
	}
	vals := make([]any, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			tb.Fatal(err)
		}
		b.WriteString(name)
		for _, v := range vals {
			if text, ok := v.([]byte); ok {
				v = string(text)
			}
			fmt.Fprintf(b, " %v", v)
		}
		b.WriteByte('\n')
	}
	if err := rows.Err(); err != nil {
		tb.Fatal(err)
	}
}
