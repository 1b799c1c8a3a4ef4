package main

import (
	"context"
	"errors"
	"io/fs"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"topsecret/cmd/topsecret/shelf"
	"topsecret/internal/loadtest"
	"topsecret/internal/replay"
	"topsecret/internal/store"
)

// TestBackupUnderLoadRestoresEveryMatch takes `topsecret backup` of a
// server's SQLite file while rooms of real players act, checks `restore`
// refuses while that server runs, then restores the copy into a new
// folder: every action acknowledged before the backup began is in it
// exactly once, every match in it replays (and a finished one verifies
// its result), and a server started on it serves every room.
func TestBackupUnderLoadRestoresEveryMatch(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and plays for a few seconds")
	}
	bin := buildBinary(t)
	live := t.TempDir()
	srv := startServerProcess(t, bin, "-data", live)
	book, opened := &ackBook{}, &ackBook{}
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	done := make(chan error, 1)
	go func() {
		_, err := loadtest.Run(ctx, loadtest.Config{URL: srv.URL, Game: "wink", Rooms: 4, Seats: 4,
			Rate: 80, Duration: 6 * time.Second, Timeout: 10 * time.Second, Acked: book, Opened: opened, Seed: 30})
		done <- err
	}()
	pollUntil(t, time.Now().Add(30*time.Second), "a hundred acknowledged actions", func() bool {
		return len(book.claims(t)) >= 100
	})

	before := book.claims(t)
	backup := filepath.Join(t.TempDir(), "night.db")
	cli(t, bin, "backup", "-data", live, backup)
	out, err := exec.Command(bin, "restore", "-data", live, backup).CombinedOutput()
	if err == nil || !strings.Contains(string(out), "stop the server first") {
		t.Fatalf("restore over a running server: %v, %s; want it refused, saying to stop the server", err, out)
	}
	if _, err := os.Stat(filepath.Join(live, "topsecret.db.before-restore")); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("the refused restore touched the live folder: %v", err)
	}
	if err := <-done; err != nil {
		t.Fatalf("load: %v", err)
	}

	restored := t.TempDir()
	cli(t, bin, "restore", "-data", restored, backup)
	if out := cli(t, bin, "restore", "-data", restored, backup); !strings.Contains(out, "before-restore") {
		t.Fatalf("a second restore said %q, want where the replaced database is kept", out)
	}
	st, err := openStore(t.Context(), Config{DataDir: restored})
	if err != nil {
		t.Fatal(err)
	}
	var report strings.Builder
	bad, err := verifyAcked(t.Context(), st, before, &report)
	if err != nil {
		t.Fatal(err)
	}
	if bad > 0 {
		t.Fatalf("%d of %d actions acknowledged before the backup are not in it exactly once:\n%s", bad, len(before), report.String())
	}
	codes := opened.codes()
	finished, playing := replayEvery(t, st, codes)
	st.Close()
	if finished == 0 {
		t.Fatal("no finished match in the backup to verify")
	}
	t.Logf("backup: %d actions acknowledged before it, all there once; %d finished matches verified, %d in play replayed",
		len(before), finished, playing)

	again := startServerProcess(t, bin, "-data", restored)
	for code := range codes {
		if got := status(again.URL + "/api/rooms/" + code); got != http.StatusOK {
			t.Errorf("room %s on the restored store: %d, want 200", code, got)
		}
	}
}

// replayEvery replays every match of the rooms: a finished one must verify
// its stored result, one in play must replay with every action legal.
func replayEvery(t *testing.T, st store.Store, codes map[string]bool) (finished, playing int) {
	t.Helper()
	games := shelf.New(true)
	for code := range codes {
		matches, err := st.Matches(t.Context(), code)
		if err != nil {
			t.Fatalf("room %s: %v", code, err)
		}
		for _, m := range matches {
			log, err := st.Actions(t.Context(), m.ID)
			if err != nil {
				t.Fatal(err)
			}
			g, ok := games.Lookup(m.Setup.Game)
			if !ok {
				t.Fatalf("match %s: no game %q", m.ID, m.Setup.Game)
			}
			if m.Status == store.StatusFinished {
				err = replay.Verify(g.Rules, m, log)
				finished++
			} else {
				_, err = replay.New(g.Rules, m, log)
				playing++
			}
			if err != nil {
				t.Errorf("match %s (%s, %d actions): %v", m.ID, m.Status, len(log), err)
			}
		}
	}
	return finished, playing
}

// cli runs the binary and returns what it printed, failing on an error.
func cli(t *testing.T, bin string, args ...string) string {
	t.Helper()
	out, err := exec.Command(bin, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("topsecret %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}
