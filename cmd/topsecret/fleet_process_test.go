package main

import (
	"context"
	"os"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"

	"topsecret/internal/store/pgtest"
	"topsecret/internal/store/postgres"
)

// The same blows as TestFleet_RoomsSurviveKillAndDrain, dealt to real
// processes of the built binary: one instance gets SIGKILL (its sockets
// die with it, its leases are never released), another SIGTERM (it drains
// as a rolling deploy asks), and both are started again on their old
// addresses. The in-process test sees each registry's live rooms; this one
// proves the shipped binary, its signal handling and its lease expiry.
func TestFleet_ProcessesSurviveKillAndTerm(t *testing.T) {
	if testing.Short() {
		t.Skip("runs three server processes for about half a minute")
	}
	dsn := pgtest.DSN(t)
	bin := buildBinary(t)
	pf := &processFleet{}
	for range 3 {
		pf.procs = append(pf.procs, startServerProcess(t, bin, "-database-url", dsn, "-lease-ttl", "3s"))
		pf.up = append(pf.up, true)
	}
	front := startRoundRobin(t, pf.live)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()

	rooms := 50
	if n, err := strconv.Atoi(os.Getenv("FLEET_ROOMS")); err == nil {
		rooms = n
	}
	players := seatFleetRooms(t, front.URL, rooms)
	var wg sync.WaitGroup
	for _, p := range players {
		p.setActing(true)
		wg.Add(2)
		go func() { defer wg.Done(); p.run(ctx) }()
		go func() { defer wg.Done(); p.act(ctx) }()
	}
	defer wg.Wait()
	defer cancel()
	waitAllUp(t, players, time.Now().Add(20*time.Second), "first connection")
	sleepCtx(ctx, 3*time.Second)
	before := storedActions(t, dsn, players)

	killed := time.Now()
	pf.setUp(0, false)
	pf.procs[0].kill9()
	sleepCtx(ctx, 300*time.Millisecond) // the cut sockets notice
	waitAllUp(t, players, killed.Add(10*time.Second), "after SIGKILL")
	t.Logf("every phone back %v after SIGKILL", time.Since(killed).Round(10*time.Millisecond))

	termed := time.Now()
	p1 := pf.procs[1]
	if err := p1.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	// The front stops sending new clients once /readyz fails; the process
	// leaves the rotation for good when it exits.
	if err := p1.cmd.Wait(); err != nil {
		t.Errorf("after SIGTERM the server exited with %v, want a clean exit\n%s", err, p1.log)
	}
	pf.setUp(1, false)
	t.Logf("the drain took %v", time.Since(termed).Round(10*time.Millisecond))
	sleepCtx(ctx, 300*time.Millisecond)
	waitAllUp(t, players, termed.Add(10*time.Second), "after SIGTERM")
	t.Logf("every phone back %v after SIGTERM", time.Since(termed).Round(10*time.Millisecond))

	for _, i := range []int{0, 1} {
		pf.procs[i].start()
		pf.setUp(i, true)
	}
	sleepCtx(ctx, 3*time.Second)
	for _, p := range players {
		p.setActing(false)
	}
	settle(t, players)
	cancel()
	wg.Wait()
	after := storedActions(t, dsn, players)
	if after <= before {
		t.Fatalf("stored actions %d after the blows, %d before: play did not go on", after, before)
	}
	t.Logf("%d actions stored, %d of them after SIGKILL", after, after-before)

	checkFleet(t, dsn, players)
	checkLeaseHolders(t, openCheckStore(t, dsn), pf.live(), players)
}

// processFleet is the server processes of one test, by slot.
type processFleet struct {
	mu    sync.Mutex
	procs []*serverProcess
	up    []bool
}

func (pf *processFleet) setUp(i int, up bool) {
	pf.mu.Lock()
	pf.up[i] = up
	pf.mu.Unlock()
}

// live lists the URLs of the processes running now.
func (pf *processFleet) live() []string {
	pf.mu.Lock()
	defer pf.mu.Unlock()
	var us []string
	for i, p := range pf.procs {
		if pf.up[i] {
			us = append(us, p.URL)
		}
	}
	return us
}

// checkLeaseHolders: every room's lease (one row per room, so at most one
// holder) is unexpired and held by a running process. A dead process's
// leases are never renewed, so none of them can still be in force.
func checkLeaseHolders(t *testing.T, db *postgres.DB, live []string, players []*fleetPlayer) {
	t.Helper()
	held, err := db.Held(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	holder := map[string]string{}
	perAddr := map[string]int{}
	for _, l := range held {
		holder[l.RoomCode] = l.Address
		perAddr[l.Address]++
	}
	running := map[string]bool{}
	for _, u := range live {
		running[u] = true
	}
	for _, p := range players {
		if !running[holder[p.code]] {
			t.Errorf("room %s: lease held by %q, not one of the running instances %v", p.code, holder[p.code], live)
		}
	}
	t.Logf("rooms per instance at the end: %v", perAddr)
}
