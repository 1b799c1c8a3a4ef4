package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"topsecret/cmd/topsecret/shelf"
	"topsecret/internal/game"
	"topsecret/internal/store"
	"topsecret/internal/store/pgtest"
	"topsecret/internal/store/postgres"
)

// Three instances on one PostgreSQL behind a round-robin front play 50
// rooms of bots and websocket phones. Under load one instance is killed
// (no lease released, connections cut), another drains as on SIGTERM, and
// both come back. Afterwards every phone's last frame is what the stored
// log replays to, every acknowledged action is in the log exactly once,
// every room runs on exactly one live instance holding its lease, and every
// phone was back within 10 seconds of each blow.
func TestFleet_RoomsSurviveKillAndDrain(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 50 rooms on three instances for about half a minute")
	}
	dsn := pgtest.DSN(t)
	f := newFleet(t, dsn, 3)
	defer f.closeAll()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()

	rooms := 50
	if n, err := strconv.Atoi(os.Getenv("FLEET_ROOMS")); err == nil {
		rooms = n // fewer under the race detector
	}
	players := seatFleetRooms(t, f.front.URL, rooms)
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
	t.Logf("before the kill: rooms per instance %v, %d matches in play", f.spread(), playing(t, dsn))
	killed := time.Now()
	f.kill(0)
	sleepCtx(ctx, 300*time.Millisecond) // the cut sockets notice
	waitAllUp(t, players, killed.Add(10*time.Second), "after the kill")
	t.Logf("every phone back %v after the kill", time.Since(killed).Round(10*time.Millisecond))

	drained := time.Now()
	f.stop(1)
	t.Logf("the drain took %v", time.Since(drained).Round(10*time.Millisecond))
	sleepCtx(ctx, 300*time.Millisecond)
	waitAllUp(t, players, drained.Add(10*time.Second), "after the drain")
	t.Logf("every phone back %v after the drain", time.Since(drained).Round(10*time.Millisecond))

	f.start(0)
	f.start(1)
	sleepCtx(ctx, 3*time.Second)
	for _, p := range players {
		p.setActing(false)
	}
	settle(t, players)
	// The phones hang up, so their last frames and acknowledgements stay
	// put while the logs, read after, are compared with them; the rooms
	// play on (bots, timers), and a log only grows.
	cancel()
	wg.Wait()
	after := storedActions(t, dsn, players)
	if after <= before {
		t.Fatalf("stored actions %d after the blows, %d before: play did not go on", after, before)
	}
	t.Logf("%d actions stored, %d of them after the kill; %d matches in play", after, after-before, playing(t, dsn))

	checkFleet(t, dsn, players)
	checkOwners(t, openCheckStore(t, dsn), f, players)
}

// seatFleetRooms makes n wink rooms through the front, each with two
// phones and two bots, and starts their matches.
func seatFleetRooms(t *testing.T, front string, n int) []*fleetPlayer {
	t.Helper()
	var players []*fleetPlayer
	for i := range n {
		var room struct {
			Code      string `json:"code"`
			HostToken string `json:"host_token"`
		}
		fleetCall(t, front, "/api/rooms", "", `{"game":"wink","options":{"mode":"remote","agentCardsRemovedPerPlayer":4,"turnTimeoutMs":15000}}`, &room)
		// Seven requests a room: with three instances in turn, each room
		// is first loaded on a different one than the room before.
		fleetGet(t, front, "/api/rooms/"+room.Code)
		for j := range 2 {
			var seat struct {
				Token string `json:"token"`
			}
			fleetCall(t, front, "/api/rooms/"+room.Code+"/seats", "", fmt.Sprintf(`{"name":"Phone %d"}`, j+1), &seat)
			p := &fleetPlayer{front: front, code: room.Code, token: seat.Token,
				rng: rand.New(rand.NewPCG(uint64(i), uint64(j))), pending: map[string][]byte{}}
			if j == 0 {
				p.host = room.HostToken
			}
			players = append(players, p)
		}
		for range 2 {
			fleetCall(t, front, "/api/rooms/"+room.Code+"/seats", room.HostToken, `{"bot":true}`, nil)
		}
		fleetCall(t, front, "/api/rooms/"+room.Code+"/start", room.HostToken, "", nil)
	}
	return players
}

func fleetCall(t *testing.T, front, path, token, body string, out any) {
	t.Helper()
	for try := 0; ; try++ {
		req, _ := http.NewRequest("POST", front+path, bytes.NewReader([]byte(body)))
		req.Header.Set("Content-Type", "application/json")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode == http.StatusServiceUnavailable && try < 20 {
			resp.Body.Close()
			time.Sleep(100 * time.Millisecond)
			continue
		}
		defer resp.Body.Close()
		if resp.StatusCode/100 != 2 {
			t.Fatalf("POST %s: %d", path, resp.StatusCode)
		}
		if out != nil {
			if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
				t.Fatalf("POST %s: %v", path, err)
			}
		}
		return
	}
}

func fleetGet(t *testing.T, front, path string) {
	t.Helper()
	resp, err := http.Get(front + path)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d", path, resp.StatusCode)
	}
}

// waitAllUp waits until every phone has a frame on a live connection.
func waitAllUp(t *testing.T, players []*fleetPlayer, deadline time.Time, when string) {
	t.Helper()
	for {
		down := 0
		for _, p := range players {
			if !p.isUp() {
				down++
			}
		}
		if down == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: %d of %d phones still not back", when, down, len(players))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// settle waits until no phone waits for an answer and frames stopped
// changing for a moment (bots and timers may still act; the check below
// compares each frame with the log as long as it was then).
func settle(t *testing.T, players []*fleetPlayer) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		waiting := 0
		for _, p := range players {
			p.mu.Lock()
			waiting += len(p.pending)
			p.mu.Unlock()
		}
		if waiting == 0 {
			return
		}
		if time.Now().After(deadline) {
			var who []string
			for _, p := range players {
				p.mu.Lock()
				for id := range p.pending {
					who = append(who, fmt.Sprintf("%s (connected %v)", id, p.up))
				}
				p.mu.Unlock()
			}
			t.Fatalf("%d actions never answered: %s", waiting, strings.Join(who, ", "))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func openCheckStore(t *testing.T, dsn string) *postgres.DB {
	t.Helper()
	db, err := postgres.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func playing(t *testing.T, dsn string) int {
	t.Helper()
	ms, err := openCheckStore(t, dsn).PlayingMatches(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return len(ms)
}

func storedActions(t *testing.T, dsn string, players []*fleetPlayer) int {
	t.Helper()
	db := openCheckStore(t, dsn)
	n := 0
	seen := map[string]bool{}
	for _, p := range players {
		if seen[p.code] {
			continue
		}
		seen[p.code] = true
		ms, err := db.Matches(context.Background(), p.code)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range ms {
			recs, err := db.Actions(context.Background(), m.ID)
			if err != nil {
				t.Fatal(err)
			}
			n += len(recs)
		}
	}
	return n
}

// checkFleet is the proof the logs give: acknowledgements and frames.
func checkFleet(t *testing.T, dsn string, players []*fleetPlayer) {
	t.Helper()
	ctx := context.Background()
	db := openCheckStore(t, dsn)
	logs := map[string][]store.ActionRecord{}
	logOf := func(id string) []store.ActionRecord {
		if l, ok := logs[id]; ok {
			return l
		}
		l, err := db.Actions(ctx, id)
		if err != nil {
			t.Fatalf("actions of %s: %v", id, err)
		}
		logs[id] = l
		return l
	}
	acks := 0
	for _, p := range players {
		for _, a := range p.acked {
			if !slices.ContainsFunc(logOf(a.matchID), func(rec store.ActionRecord) bool { return rec.ClientID == a.id }) {
				t.Errorf("room %s: acknowledged action %s is not in the log of match %s", p.code, a.id, a.matchID)
			}
			acks++
		}
		checkLastFrame(t, db, p, logOf)
	}
	clientIDs := map[string]int{}
	for _, l := range logs {
		for _, rec := range l {
			if rec.ClientID != "" {
				clientIDs[rec.ClientID]++
			}
		}
	}
	for id, n := range clientIDs {
		if n > 1 {
			t.Errorf("action %s stored %d times", id, n)
		}
	}
	t.Logf("%d acknowledged actions checked against the log", acks)
}

// checkLastFrame replays the match step by step until the seat's view is
// the one the phone's last frame showed. A frame names no log length (it
// would count other seats' hidden actions), so any step will do.
func checkLastFrame(t *testing.T, db *postgres.DB, p *fleetPlayer, logOf func(string) []store.ActionRecord) {
	t.Helper()
	fr := p.last
	if fr.Match == nil {
		t.Errorf("room %s: phone never saw its match", p.code)
		return
	}
	m, err := db.Match(context.Background(), fr.Match.ID)
	if err != nil {
		t.Fatal(err)
	}
	l := logOf(m.ID)
	e, _ := shelf.New(true).Lookup(m.Setup.Game)
	st, err := e.Rules.New(m.Setup)
	if err != nil {
		t.Fatalf("room %s: replay: %v", p.code, err)
	}
	var got any
	_ = json.Unmarshal(fr.View, &got)
	seen := func() bool {
		want, _ := json.Marshal(st.View(game.SeatViewer(game.Seat(fr.You))))
		var replayed any
		_ = json.Unmarshal(want, &replayed)
		return cmp.Equal(replayed, got)
	}
	for i, rec := range l {
		if seen() {
			return
		}
		if err := game.Step(st, m.Setup.Seed, i, rec.Action); err != nil {
			t.Fatalf("room %s: replay: %v", p.code, err)
		}
	}
	if !seen() {
		t.Errorf("room %s seat %d: last frame is the view after no step of the log's %d", p.code, fr.You, len(l))
	}
}

// checkOwners: each room is live on exactly one running instance, which
// holds its lease. Rooms may be on their way to an emptier instance (see
// lease.Keeper's balance), so it looks again for a while before failing.
func checkOwners(t *testing.T, db *postgres.DB, f *fleet, players []*fleetPlayer) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		wrong := owners(t, db, f, players)
		if len(wrong) == 0 {
			break
		}
		if time.Now().After(deadline) {
			for _, w := range wrong {
				t.Error(w)
			}
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	t.Logf("rooms per instance at the end: %v", f.spread())
}

// owners lists the rooms not live on exactly the one instance holding
// their lease.
func owners(t *testing.T, db *postgres.DB, f *fleet, players []*fleetPlayer) []string {
	t.Helper()
	held, err := db.Held(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	holder := map[string]string{}
	for _, l := range held {
		holder[l.RoomCode] = l.Instance
	}
	liveOn := map[string][]string{}
	for _, m := range f.live() {
		for _, code := range m.Rooms.Live() {
			liveOn[code] = append(liveOn[code], m.Keeper.ID)
		}
	}
	var wrong []string
	for _, p := range players {
		on := liveOn[p.code]
		if len(on) != 1 || holder[p.code] != on[0] {
			wrong = append(wrong, fmt.Sprintf("room %s: live on %v, lease held by %q; want one live instance holding it", p.code, on, holder[p.code]))
		}
	}
	return wrong
}
