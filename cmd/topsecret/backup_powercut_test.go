package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"topsecret/internal/loadtest"
	"topsecret/internal/store/powercut"
	"topsecret/internal/store/sqlite"
)

// TestBackupPowerCutLeavesNoHalfBackup writes `topsecret backup` onto a
// disk that forgets what nobody fsync'd (internal/store/powercut) while
// rooms play, and cuts the power at random moments of it: afterwards the
// backup's name is either absent, and `restore` refuses it saying so, or
// names a whole copy that passes the integrity check and whose every
// match replays. A half copy that `restore` accepts fails the test.
// BACKUPCUTS sets how many cuts (4 here).
func TestBackupPowerCutLeavesNoHalfBackup(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and plays for a few seconds")
	}
	cuts := 4
	if n, err := fmt.Sscan(os.Getenv("BACKUPCUTS"), &cuts); n != 1 || err != nil || cuts < 1 {
		cuts = 4
	}
	disk := powercut.MustMount(t)
	// Each copy's fsync waits, so a cut lands inside the backup often.
	disk.SlowFsyncs(150 * time.Millisecond)
	bin := buildBinary(t)
	live := t.TempDir()
	srv := startServerProcess(t, bin, "-data", live)
	book, opened := &ackBook{}, &ackBook{}
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	done := make(chan error, 1)
	go func() {
		_, err := loadtest.Run(ctx, loadtest.Config{URL: srv.URL, Game: "wink", Rooms: 4, Seats: 4,
			Rate: 60, Duration: time.Duration(cuts)*time.Second + 4*time.Second, Timeout: 10 * time.Second,
			Acked: book, Opened: opened, Seed: 30})
		done <- err
	}()
	pollUntil(t, time.Now().Add(30*time.Second), "fifty acknowledged actions", func() bool {
		return len(book.claims(t)) >= 50
	})

	// An uncut backup says how long one takes, and must restore.
	start := time.Now()
	cli(t, bin, "backup", "-data", live, filepath.Join(disk.Dir, "whole.db"))
	took := time.Since(start)
	restoreAndReplay(t, bin, filepath.Join(disk.Dir, "whole.db"), opened.codes())

	rng := rand.New(rand.NewPCG(30, uint64(time.Now().UnixNano())))
	var absent, whole int
	for k := 1; k <= cuts; k++ {
		path := filepath.Join(disk.Dir, fmt.Sprintf("night-%d.db", k))
		cmd := exec.Command(bin, "backup", "-data", live, path)
		var out strings.Builder
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		at := time.Duration(rng.Int64N(int64(took + took/5)))
		time.Sleep(at)
		disk.PowerOff()
		_ = cmd.Process.Kill()
		err := cmd.Wait()
		if err := disk.Cut(); err != nil {
			t.Fatal(err)
		}
		finished := err == nil
		if restoreAndReplay(t, bin, path, opened.codes()) {
			whole++
			t.Logf("cut %d at %v of %v: the backup is whole (the process had finished: %v)", k, at.Round(time.Millisecond), took.Round(time.Millisecond), finished)
		} else {
			absent++
			if finished {
				t.Fatalf("cut %d: backup said it was done (%s), but the cut lost it", k, out.String())
			}
			t.Logf("cut %d at %v of %v: no backup, and restore refuses it", k, at.Round(time.Millisecond), took.Round(time.Millisecond))
		}
	}
	if err := <-done; err != nil {
		t.Fatalf("load: %v", err)
	}
	t.Logf("%d cuts during a backup: %d left it whole, %d left none", cuts, whole, absent)
}

// restoreAndReplay restores the backup at path into a new folder: when
// restore refuses it, the file must be absent and the refusal must say
// so, and it reports false; when restore takes it, the store must pass
// its integrity check and every match of the rooms in it must replay.
func restoreAndReplay(t *testing.T, bin, path string, codes map[string]bool) bool {
	t.Helper()
	into := t.TempDir()
	out, err := exec.Command(bin, "restore", "-data", into, path).CombinedOutput()
	if err != nil {
		if !strings.Contains(string(out), "restore refused, nothing changed") {
			t.Fatalf("restore of %s failed unclearly: %v\n%s", path, err, out)
		}
		if _, serr := os.Stat(path); serr == nil {
			t.Fatalf("restore refused the backup file %s that a cut left: %s", path, out)
		}
		return false
	}
	st, err := openStore(t.Context(), Config{DataDir: into})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if err := st.(*sqlite.DB).IntegrityCheck(t.Context()); err != nil {
		t.Fatalf("restored %s: %v", path, err)
	}
	finished, playing := replayEvery(t, st, codes)
	if finished+playing == 0 {
		t.Fatalf("restored %s holds no match", path)
	}
	return true
}
