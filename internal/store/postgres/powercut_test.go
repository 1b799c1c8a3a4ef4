package postgres_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"topsecret/internal/store/pgtest"
	"topsecret/internal/store/postgres"
	"topsecret/internal/store/powercut"
	"topsecret/internal/store/storetest"
)

// cutDisk is a throwaway PostgreSQL cluster whose data directory is on a
// disk that forgets every write nobody fsync'd.
type cutDisk struct {
	disk *powercut.Disk
	pg   *pgtest.Cluster
}

func mountCluster(t *testing.T) *cutDisk {
	t.Helper()
	if testing.Short() {
		t.Skip("mounts a FUSE disk and starts a PostgreSQL cluster on it")
	}
	disk := powercut.MustMount(t)
	pgtest.LetThrough(t, disk.Dir)
	return &cutDisk{disk: disk, pg: pgtest.StartDurable(t, filepath.Join(disk.Dir, "pgdata"))}
}

// cut is the power cut: the disk stops writing, every PostgreSQL process
// dies at once, what nobody fsync'd is gone, and PostgreSQL starts again
// on what the disk kept (recovering from its WAL).
func (c *cutDisk) cut(t *testing.T) {
	t.Helper()
	c.disk.PowerOff()
	if err := c.pg.Crash(); err != nil {
		t.Fatal(err)
	}
	if err := c.disk.Cut(); err != nil {
		t.Fatal(err)
	}
	c.disk.SlowFsyncs(0)
	if err := c.pg.Up(); err != nil {
		t.Fatal(err)
	}
}

// createDatabase makes an empty database on the cluster.
func (c *cutDisk) createDatabase(t *testing.T, name string) string {
	t.Helper()
	conn, err := pgx.Connect(t.Context(), c.pg.URL("postgres"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(t.Context(), "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()); err != nil {
		t.Fatal(err)
	}
	return c.pg.URL(name)
}

// TestOpen_PowerCutDuringMigration cuts the power while a server opening
// an empty database runs the migrations, at a different moment each
// time: the next start must finish them and find a store that works.
func TestOpen_PowerCutDuringMigration(t *testing.T) {
	c := mountCluster(t)
	rng := rand.New(rand.NewPCG(31, uint64(time.Now().UnixNano())))
	during := 0
	for run := range 4 {
		url := c.createDatabase(t, fmt.Sprint("cut", run))
		// Each migration commits with a WAL fsync: slowed, they span a
		// second or so.
		c.disk.SlowFsyncs(30 * time.Millisecond)
		opened := make(chan error, 1)
		go func() {
			db, err := postgres.Open(context.Background(), url)
			if err == nil {
				db.Close()
			}
			opened <- err
		}()
		after := time.Duration(50+rng.IntN(1200)) * time.Millisecond
		time.Sleep(after)
		select {
		case <-opened:
			t.Logf("run %d: cut %v after the start, after the migrations", run, after)
			c.cut(t)
		default:
			during++
			c.cut(t)
			select {
			case err := <-opened:
				t.Logf("run %d: cut %v after the start, during the migrations (the open said: %v)", run, after, err)
			case <-time.After(30 * time.Second):
				t.Fatalf("run %d: the open cut short is still running 30 s after the cut", run)
			}
		}
		db := MustOpen(t, url)
		storetest.MustRoomAndMatch(t, db, fmt.Sprintf("CUT%d", run))
	}
	if during == 0 {
		t.Fatal("no cut came during the migrations")
	}
}

// TestAppendAction_PowerCutDuringLargeGroupCommit cuts the power while a
// transaction of some two hundred appends waits for its WAL fsync: every
// append acknowledged is there after PostgreSQL recovers.
func TestAppendAction_PowerCutDuringLargeGroupCommit(t *testing.T) {
	const batch = 200
	c := mountCluster(t)
	url := c.createDatabase(t, "batch")
	db := MustOpen(t, url)
	m := storetest.MustRoomAndMatch(t, db, "CUT")
	storetest.MustAppendAction(t, db, storetest.NewAction(m.ID, 0))

	// The batch's transaction waits on its fsync when the cut comes.
	c.disk.SlowFsyncs(400 * time.Millisecond)
	var mu sync.Mutex
	acked := map[string]bool{}
	var wg sync.WaitGroup
	for i := 1; i <= batch; i++ {
		wg.Go(func() {
			rec := storetest.NewAction(m.ID, i)
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			if db.AppendAction(ctx, rec) == nil {
				mu.Lock()
				acked[rec.ClientID] = true
				mu.Unlock()
			}
		})
	}
	time.Sleep(150 * time.Millisecond)
	c.cut(t)
	wg.Wait()

	stored := storetest.MustKeepAcknowledged(t, MustOpen(t, url), m.ID, acked)
	if len(acked) >= batch {
		t.Errorf("all %d appends acknowledged: the cut came after the batch, not during it", len(acked))
	}
	t.Logf("acknowledged %d, stored %d of %d after the first", len(acked), stored-1, batch)
}
