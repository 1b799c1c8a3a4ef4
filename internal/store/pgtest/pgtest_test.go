package pgtest_test

import (
	"context"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"

	"topsecret/internal/store/pgtest"
)

func TestStart(t *testing.T) {
	c := pgtest.Start(t)
	a, b := c.NewDatabase(t), c.NewDatabase(t)
	if a == b {
		t.Fatalf("NewDatabase returned %q twice", a)
	}
	for _, url := range []string{a, b} {
		if n := migrations(t, url); n == 0 {
			t.Fatalf("%s: no migrations applied", url)
		}
	}
}

func TestCluster_Stop(t *testing.T) {
	c := pgtest.Start(t)
	url := c.NewDatabase(t)
	dir := c.Dir()
	if err := c.Stop(); err != nil {
		t.Fatalf("Stop: %v", err)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Fatalf("Stat(%s) err=%v, want not exist", dir, err)
	}
	if conn, err := pgx.Connect(context.Background(), url); err == nil {
		conn.Close(context.Background())
		t.Fatal("connected after Stop")
	}
}

func migrations(tb testing.TB, url string) int {
	tb.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		tb.Fatal(err)
	}
	defer conn.Close(ctx)
	var n int
	if err := conn.QueryRow(ctx, `SELECT count(*) FROM schema_migrations`).Scan(&n); err != nil {
		tb.Fatal(err)
	}
	return n
}

// A cluster taken Down refuses connections and keeps its data; Up serves
// the same databases on the same URL again.
func TestCluster_DownKeepsDataUntilUp(t *testing.T) {
	c := pgtest.Start(t)
	url := c.NewDatabase(t)
	want := migrations(t, url)
	if err := c.Down(); err != nil {
		t.Fatalf("Down: %v", err)
	}
	if conn, err := pgx.Connect(context.Background(), url); err == nil {
		conn.Close(context.Background())
		t.Fatal("connected while down")
	}
	if err := c.Up(); err != nil {
		t.Fatalf("Up: %v", err)
	}
	if got := migrations(t, url); got != want {
		t.Fatalf("after Up: %d migrations, want %d", got, want)
	}
}
