package main

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"topsecret/internal/store/pgtest"
	"topsecret/internal/store/powercut"
)

// TestPowerCutUnderLoadLosesNoAcknowledgedAction is the kill -9 test with
// the power cut too: the SQLite folder is on a disk that forgets every
// write nobody fsync'd (internal/store/powercut), and after each kill the
// disk drops it, as a dead battery would, before the server starts again
// on what survived. Every acknowledged action must be in the log exactly
// once, the file must pass SQLite's integrity check, and rooms and phones
// must come back by themselves. POWERCUTS sets how many cuts (3 here; the
// soak runs 20 or more, docs/benchmarks.md "Durability").
func TestPowerCutUnderLoadLosesNoAcknowledgedAction(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and plays for twenty seconds")
	}
	cuts := 3
	if n, err := strconv.Atoi(os.Getenv("POWERCUTS")); err == nil && n > 0 {
		cuts = n
	}
	disk := powercut.MustMount(t)
	bin := buildBinary(t)
	dir := filepath.Join(disk.Dir, "data")
	survived := Config{DataDir: filepath.Join(disk.Backing, "data")}
	killUnderLoad(t, bin, survived, crashPlan{kills: cuts, disk: disk}, "-data", dir)
	if got := disk.Cuts(); got != cuts+1 {
		t.Fatalf("the disk was cut %d times, want %d", got, cuts+1)
	}
}

// TestPowerCutPostgresUnderLoadLosesNoAcknowledgedAction is the same with
// a throwaway PostgreSQL cluster whose data directory is on the disk, run
// with PostgreSQL's durability as shipped: each cut kills the server and
// every PostgreSQL process with SIGKILL, drops what nobody fsync'd, and
// starts PostgreSQL (which recovers from its WAL) and then the server on
// what survived. POWERCUTS sets how many cuts (1 here: initdb and each
// recovery take seconds on the FUSE disk).
func TestPowerCutPostgresUnderLoadLosesNoAcknowledgedAction(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and plays for fifteen seconds")
	}
	cuts := 1
	if n, err := strconv.Atoi(os.Getenv("POWERCUTS")); err == nil && n > 0 {
		cuts = n
	}
	disk := powercut.MustMount(t)
	pgtest.LetThrough(t, disk.Dir)
	pg := pgtest.StartDurable(t, filepath.Join(disk.Dir, "pgdata"))
	bin := buildBinary(t)
	dsn := pg.URL("postgres")
	killUnderLoad(t, bin, Config{DatabaseURL: dsn}, crashPlan{kills: cuts, disk: disk, pg: pg}, "-database-url", dsn)
	if got := disk.Cuts(); got != cuts+1 {
		t.Fatalf("the disk was cut %d times, want %d", got, cuts+1)
	}
}
