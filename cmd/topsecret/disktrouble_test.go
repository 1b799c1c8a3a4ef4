package main

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"topsecret/internal/game"
	"topsecret/internal/loadtest"
	"topsecret/internal/store/powercut"
	"topsecret/internal/store/sqlite"
)

// TestDiskTroubleUnderLoad plays on a SQLite folder whose disk misbehaves
// mid-play. Full: every write is refused until space returns; actions are
// answered `unavailable` (never acknowledged, never `internal`) and play
// resumes by itself once there is space. A failed fsync: the batch it
// carried is answered `unavailable`, the store reopens, and play goes on.
// Either way a power cut at the end keeps every acknowledged action once:
// an action acknowledged on the strength of an fsync that failed would be
// gone.
func TestDiskTroubleUnderLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and plays for a quarter of a minute")
	}
	bin := buildBinary(t)
	for _, tc := range []struct {
		name         string
		break_, mend func(d *powercut.Disk)
		// stalls says play stops while the disk is broken.
		stalls bool
	}{
		{name: "full", stalls: true,
			break_: func(d *powercut.Disk) { d.Limit(1) },
			mend:   func(d *powercut.Disk) { d.Limit(0) }},
		{name: "fsync fails",
			break_: func(d *powercut.Disk) { d.FailFsyncs(1) },
			mend:   func(d *powercut.Disk) {}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			disk := powercut.MustMount(t)
			dir := filepath.Join(disk.Dir, "data")
			srv := startServerProcess(t, bin, "-data", dir)
			book, opened := &ackBook{}, &ackBook{}
			ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
			defer cancel()
			type result struct {
				rep *loadtest.Report
				err error
			}
			done := make(chan result, 1)
			go func() {
				rep, err := loadtest.Run(ctx, loadtest.Config{URL: srv.URL, Game: "wink", Rooms: 3, Seats: 4,
					Rate: 40, Duration: 10 * time.Second, Timeout: 10 * time.Second, Acked: book, Opened: opened, Seed: 31})
				done <- result{rep, err}
			}()
			pollUntil(t, time.Now().Add(30*time.Second), "play begins", func() bool { return len(book.claims(t)) >= 40 })

			tc.break_(disk)
			if tc.stalls {
				stalled(t, book)
				for code := range opened.codes() {
					pollUntil(t, time.Now().Add(5*time.Second), "room "+code+" says why", func() bool {
						return saysDiskTrouble(srv.URL, code)
					})
				}
			} else {
				time.Sleep(time.Second)
			}
			tc.mend(disk)
			before := len(book.claims(t))
			pollUntil(t, time.Now().Add(10*time.Second), "play resumes by itself", func() bool {
				return len(book.claims(t)) > before+10
			})
			for code := range opened.codes() {
				pollUntil(t, time.Now().Add(5*time.Second), "room "+code+" stops saying the disk refuses moves", func() bool {
					return !saysDiskTrouble(srv.URL, code)
				})
			}

			res := <-done
			if res.err != nil {
				t.Fatalf("load: %v", res.err)
			}
			crashPlan{kills: 1, disk: disk}.crash(t, srv)
			if err := disk.Unmount(); err != nil {
				t.Fatal(err)
			}
			if n := res.rep.ErrorDetail["refused unavailable"]; n == 0 {
				t.Errorf("no action was answered unavailable; errors: %v", res.rep.ErrorDetail)
			}
			if n := res.rep.ErrorDetail["refused internal"]; n > 0 {
				t.Errorf("%d actions answered internal, want unavailable; errors: %v", n, res.rep.ErrorDetail)
			}
			checkSurvived(t, Config{DataDir: filepath.Join(disk.Backing, "data")}, book.claims(t))
			t.Logf("errors seen by players: %v", res.rep.ErrorDetail)
		})
	}
}

// saysDiskTrouble reports whether every screen of the room shows that
// the disk refuses moves.
func saysDiskTrouble(url, code string) bool {
	var r struct {
		Announcements []game.Msg `json:"announcements"`
	}
	if getJSON(url+"/api/rooms/"+code, &r) != nil {
		return false
	}
	return slices.ContainsFunc(r.Announcements, func(m game.Msg) bool { return m.ID == "game.store.disk_trouble" })
}

// stalled waits until no action has been acknowledged for a second.
func stalled(t *testing.T, book *ackBook) {
	t.Helper()
	last, since := len(book.claims(t)), time.Now()
	pollUntil(t, time.Now().Add(15*time.Second), "play stops on the full disk", func() bool {
		if n := len(book.claims(t)); n != last {
			last, since = n, time.Now()
		}
		return time.Since(since) > time.Second
	})
}

// checkSurvived opens the store c names and finds every claim in it once
// and the file whole.
func checkSurvived(t *testing.T, c Config, claims []acked) {
	t.Helper()
	st, err := openStore(t.Context(), c)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var report strings.Builder
	bad, err := verifyAcked(t.Context(), st, claims, &report)
	if err != nil {
		t.Fatal(err)
	}
	if bad > 0 {
		t.Fatalf("%d of %d acknowledged actions not stored exactly once:\n%s", bad, len(claims), report.String())
	}
	if err := st.(*sqlite.DB).IntegrityCheck(t.Context()); err != nil {
		t.Fatal(err)
	}
}
