package sqlite_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"topsecret/internal/store/powercut"
	"topsecret/internal/store/sqlite"
	"topsecret/internal/store/storetest"
)

// helperEnv makes the test binary a store process a test can kill: its
// value says what the process does (see runHelper).
const helperEnv = "TOPSECRET_POWERCUT_HELPER"

func TestMain(m *testing.M) {
	if mode := os.Getenv(helperEnv); mode != "" {
		if err := runHelper(mode, os.Getenv("TOPSECRET_POWERCUT_DB")); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// batchSize is how many appends the batch helper sends at once: fewer
// than a group commit's cap, so all but the first share one transaction.
const batchSize = 200

// runHelper is a store process. "migrate" opens a new database (so runs
// every migration) and waits; "check" opens what a cut left, checks its
// integrity and stores a room, a match and an action, then exits; "batch"
// stores a room and a match,
// says "ready", and on a line from stdin sends batchSize appends at once,
// printing "ok CLIENT-ID" for each one the store acknowledges.
func runHelper(mode, path string) error {
	db, err := sqlite.Open(path)
	if err != nil {
		return err
	}
	fmt.Println("opened")
	ctx := context.Background()
	switch mode {
	case "migrate":
		select {}
	case "check":
		return check(ctx, db)
	}
	m := storetest.NewMatch("CUT", 1)
	if err := db.CreateRoom(ctx, storetest.NewRoom("CUT")); err != nil {
		return err
	}
	if err := db.CreateMatch(ctx, m); err != nil {
		return err
	}
	fmt.Println("ready", m.ID)
	if _, err := bufio.NewReader(os.Stdin).ReadString('\n'); err != nil {
		return err
	}
	var mu sync.Mutex
	for i := range batchSize {
		go func() {
			rec := storetest.NewAction(m.ID, i)
			if db.AppendAction(ctx, rec) == nil {
				mu.Lock()
				fmt.Println("ok", rec.ClientID)
				mu.Unlock()
			}
		}()
	}
	select {}
}

// check finds db whole and still taking rooms, matches and actions.
func check(ctx context.Context, db *sqlite.DB) error {
	if err := db.IntegrityCheck(ctx); err != nil {
		return err
	}
	m := storetest.NewMatch("AFTER", 1)
	if err := db.CreateRoom(ctx, storetest.NewRoom("AFTER")); err != nil {
		return err
	}
	if err := db.CreateMatch(ctx, m); err != nil {
		return err
	}
	if err := db.AppendAction(ctx, storetest.NewAction(m.ID, 0)); err != nil {
		return err
	}
	return db.Close()
}

// helper starts the test binary as a store process on path.
type helper struct {
	cmd   *exec.Cmd
	lines chan string
	stdin io.WriteCloser
}

func startHelper(t *testing.T, mode, path string) *helper {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), helperEnv+"="+mode, "TOPSECRET_POWERCUT_DB="+path)
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	h := &helper{cmd: cmd, lines: make(chan string, batchSize+8), stdin: stdin}
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			h.lines <- sc.Text()
		}
		close(h.lines)
	}()
	t.Cleanup(h.kill)
	return h
}

// next is the helper's next line, failing the test after a while.
func (h *helper) next(t *testing.T) string {
	t.Helper()
	select {
	case l, ok := <-h.lines:
		if !ok {
			t.Fatal("the helper ended")
		}
		return l
	case <-time.After(30 * time.Second):
		t.Fatal("the helper said nothing for 30 s")
	}
	return ""
}

func (h *helper) kill() {
	if h.cmd.Process != nil && h.cmd.ProcessState == nil {
		_ = h.cmd.Process.Kill()
		_ = h.cmd.Wait()
	}
}

// cut is the power cut: power off, the process killed, the disk back with
// what it kept.
func cut(t *testing.T, disk *powercut.Disk, h *helper) {
	t.Helper()
	disk.PowerOff()
	h.kill()
	if err := disk.Cut(); err != nil {
		t.Fatal(err)
	}
}

// TestOpen_PowerCutDuringMigration cuts the power while a new database
// runs its migrations, at a different moment each time: the next start
// must open the file, finish the migrations and find it whole.
func TestOpen_PowerCutDuringMigration(t *testing.T) {
	if testing.Short() {
		t.Skip("mounts a FUSE disk and starts processes")
	}
	disk := powercut.MustMount(t)
	rng := rand.New(rand.NewPCG(30, uint64(time.Now().UnixNano())))
	during := 0
	for run := range 4 {
		// Each migration commits with an fsync: slowed, they span ~0.5 s.
		disk.SlowFsyncs(25 * time.Millisecond)
		dir := filepath.Join(disk.Dir, fmt.Sprint("run", run))
		if err := sqlite.MakeFolder(dir); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, "topsecret.db")
		h := startHelper(t, "migrate", path)
		after := time.Duration(50+rng.IntN(400)) * time.Millisecond
		time.Sleep(after)
		cut(t, disk, h)
		if _, opened := <-h.lines; opened {
			t.Logf("run %d: cut %v after the start, after the migrations", run, after)
		} else {
			during++
		}
		disk.SlowFsyncs(0)
		// The check runs in a process of its own: SQLite maps its -shm
		// file, which this process, serving the disk, must not.
		c := startHelper(t, "check", path)
		for range c.lines {
		}
		if err := c.cmd.Wait(); err != nil {
			t.Fatalf("run %d, cut %v after the start: the next start failed: %v", run, after, err)
		}
	}
	if during == 0 {
		t.Fatal("no cut came during the migrations")
	}
}

// TestAppendAction_PowerCutDuringLargeGroupCommit cuts the power while a
// transaction of some two hundred appends waits for its fsync: every
// append acknowledged before the cut is there after it, and the file is
// whole.
func TestAppendAction_PowerCutDuringLargeGroupCommit(t *testing.T) {
	if testing.Short() {
		t.Skip("mounts a FUSE disk and starts a process")
	}
	disk := powercut.MustMount(t)
	path := filepath.Join(disk.Dir, "topsecret.db")
	h := startHelper(t, "batch", path)
	if l := h.next(t); l != "opened" {
		t.Fatalf("helper said %q, want opened", l)
	}
	ready := strings.Fields(h.next(t))
	if len(ready) != 2 || ready[0] != "ready" {
		t.Fatalf("helper said %q, want ready MATCH", ready)
	}
	matchID := ready[1]
	// The first append commits alone; the rest queue behind it and go in
	// the next transaction, whose fsync the cut interrupts.
	disk.SlowFsyncs(300 * time.Millisecond)
	fmt.Fprintln(h.stdin)
	first := h.next(t)
	time.Sleep(100 * time.Millisecond)
	cut(t, disk, h)
	acked := map[string]bool{strings.TrimPrefix(first, "ok "): true}
	for l := range h.lines {
		acked[strings.TrimPrefix(l, "ok ")] = true
	}
	if err := disk.Unmount(); err != nil {
		t.Fatal(err)
	}
	db := MustOpen(t, filepath.Join(disk.Backing, "topsecret.db"))
	if err := db.IntegrityCheck(t.Context()); err != nil {
		t.Fatal(err)
	}
	stored := storetest.MustKeepAcknowledged(t, db, matchID, acked)
	// How the appends fall into transactions depends on when their
	// goroutines arrive (under the race detector only a few may share the
	// first commit), so the test asks only that the cut came while some
	// were still waiting for their fsync, and that those were not told
	// they were stored.
	if len(acked) >= batchSize {
		t.Errorf("all %d appends acknowledged: the cut came after the batch, not during it", len(acked))
	}
	t.Logf("acknowledged %d, stored %d of %d", len(acked), stored, batchSize)
}
