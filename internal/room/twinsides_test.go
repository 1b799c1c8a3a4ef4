package room_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"testing"
	"time"

	"topsecret/internal/game"
	"topsecret/internal/room"
	"topsecret/internal/store/sqlite"
)

// side is one of two twin servers: a registry on its own copy of the
// database, the room, and a subscriber for each viewer.
type side struct {
	clock *room.ManualClock
	room  *room.Room
	ids   []string
	subs  []*room.Subscriber // seats, then the table, a spectator, the host
	got   [][][]byte         // messages per viewer since the last look
}

type twins struct {
	a, b side
	rnd  *rand.Rand
	// base is each twin's first version: versions are compared from there.
	baseA, baseB int64
}

// newTwins plays a match of tc up to its choice, then opens the room twice,
// on two copies of its database, with every viewer subscribed to both.
func newTwins(t *testing.T, tc twinCase) *twins {
	t.Helper()
	dir := t.TempDir()
	code, ids, now := playToChoice(t, filepath.Join(dir, "a.db"), tc)
	b, err := os.ReadFile(filepath.Join(dir, "a.db"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "b.db"), b, 0o600); err != nil {
		t.Fatal(err)
	}
	tw := &twins{rnd: rand.New(rand.NewPCG(9, 10))}
	tw.a = openSide(t, filepath.Join(dir, "a.db"), now, code, ids)
	tw.b = openSide(t, filepath.Join(dir, "b.db"), now, code, ids)
	tw.baseA, tw.baseB = firstVersion(t, tw.a.got), firstVersion(t, tw.b.got)
	tw.same(t, "on subscribing")
	return tw
}

// playToChoice starts a match of tc in a room stored at path and plays it
// until tc is ready, then closes the store; it returns the room's code, its
// seats and the clock's time.
func playToChoice(t *testing.T, path string, tc twinCase) (string, []string, time.Time) {
	t.Helper()
	st, err := sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	reg := room.NewRegistry(st, everyGame, slog.New(slog.NewTextHandler(io.Discard, nil)))
	clock := room.NewManualClock(time.Date(2026, 11, 22, 20, 0, 0, 0, time.UTC))
	reg.Clock = clock
	ctx := t.Context()
	r, ids := startTwinMatch(t, reg, tc)
	rnd := rand.New(rand.NewPCG(7, 8))
	for step := 0; ; step++ {
		legal := make([][]game.Move, len(ids))
		for i, id := range ids {
			f, err := r.Snapshot(ctx, room.Identity{SeatID: id})
			if err != nil {
				t.Fatal(err)
			}
			if f.Status == room.StatusFinished { // over before the choice came: another match
				if _, err := r.Start(ctx, room.Identity{Host: true}); err != nil {
					t.Fatal(err)
				}
			}
			legal[i] = f.Legal
		}
		if tc.ready(legal) {
			break
		}
		if step == 20000 {
			t.Fatal("the match never came to the choice")
		}
		if seat, a, ok := pick(t, rnd, legal, tc.keep); ok {
			_, _ = r.Act(ctx, ids[seat], fmt.Sprint("pre-", step), a) // a refused template fill changes nothing
		} else {
			clock.Advance(time.Minute) // a timer's turn
		}
	}
	reg.Close()
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	return r.Code(), ids, clock.Now()
}

// startTwinMatch opens a room of tc's game, seats its players with their
// phones on (a seat away would be played by a bot after a few timers) and
// starts a match.
func startTwinMatch(t *testing.T, reg *room.Registry, tc twinCase) (*room.Room, []string) {
	t.Helper()
	ctx := t.Context()
	c, err := reg.CreateRoom(ctx, tc.game, json.RawMessage(orEmpty(tc.options)))
	if err != nil {
		t.Fatal(err)
	}
	r, err := reg.Get(ctx, c.Code)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for i := range tc.players {
		j, err := r.Join(ctx, fmt.Sprint("P", i))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := r.Subscribe(ctx, room.Identity{SeatID: j.Seat.ID}, jsonFrames); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, j.Seat.ID)
	}
	if _, err := r.Start(ctx, room.Identity{Host: true}); err != nil {
		t.Fatal(err)
	}
	return r, ids
}

func openSide(t *testing.T, path string, now time.Time, code string, ids []string) side {
	t.Helper()
	st, err := sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	reg := room.NewRegistry(st, everyGame, slog.New(slog.NewTextHandler(io.Discard, nil)))
	clock := room.NewManualClock(now)
	reg.Clock, reg.Buffer = clock, 1024 // nothing is skipped for want of room
	t.Cleanup(func() { reg.Close(); st.Close() })
	r, err := reg.Get(t.Context(), code)
	if err != nil {
		t.Fatal(err)
	}
	s := side{clock: clock, room: r, ids: ids}
	var viewers []room.Identity
	for _, id := range ids {
		viewers = append(viewers, room.Identity{SeatID: id})
	}
	viewers = append(viewers, room.Identity{Table: true}, room.Identity{}, room.Identity{Host: true})
	for _, v := range viewers {
		sub, err := r.Subscribe(t.Context(), v, jsonFrames)
		if err != nil {
			t.Fatal(err)
		}
		s.subs = append(s.subs, sub)
	}
	s.got = make([][][]byte, len(s.subs))
	s.collect(t)
	return s
}

// collect waits until the room handled everything sent to it, timers
// included, and takes every viewer's new messages.
func (s *side) collect(t *testing.T) {
	t.Helper()
	s.room.MatchNames(t.Context()) // a call the room answers after all before it, stamping no version
	for i, sub := range s.subs {
		for more := true; more; {
			select {
			case m := <-sub.Messages():
				s.got[i] = append(s.got[i], m)
			default:
				more = false
			}
		}
	}
}

func (s *side) legal(t *testing.T, seat int) []game.Move {
	t.Helper()
	f, err := s.room.Snapshot(t.Context(), room.Identity{SeatID: s.ids[seat]})
	if err != nil {
		t.Fatal(err)
	}
	return f.Legal
}

func (s *side) act(t *testing.T, seat int, a game.Action) room.Landed {
	t.Helper()
	at, err := s.room.Act(t.Context(), s.ids[seat], strconv.FormatInt(rand.Int64(), 36), a)
	if err != nil {
		t.Fatalf("seat %d %s %s: %v", seat, a.Type, a.Data, err)
	}
	return at
}

// legal is seat's moves in twin a, asked of both twins alike: asking
// stamps a version too.
func (tw *twins) legal(t *testing.T, seat int) []game.Move {
	t.Helper()
	tw.b.legal(t, seat)
	return tw.a.legal(t, seat)
}

// wait moves both twins' clocks on alike, firing their timers.
func (tw *twins) wait(t *testing.T, d time.Duration) {
	t.Helper()
	tw.a.clock.Advance(d)
	tw.b.clock.Advance(d)
}

// same fails unless every viewer but seat 0 got the same messages from
// both twins since the last look.
func (tw *twins) same(t *testing.T, when string) {
	t.Helper()
	tw.a.collect(t)
	tw.b.collect(t)
	names := []string{"table", "spectator", "host"}
	for i := range tw.a.subs {
		if i == 0 {
			continue // seat 0 made the choice
		}
		who := fmt.Sprint("seat ", i)
		if i >= len(tw.a.ids) {
			who = names[i-len(tw.a.ids)]
		}
		a, b := tw.a.got[i], tw.b.got[i]
		if len(a) != len(b) {
			t.Fatalf("%s: %s got %d frames in one twin, %d in the other", when, who, len(a), len(b))
		}
		for j := range a {
			if x, y := fromBase(t, a[j], tw.baseA), fromBase(t, b[j], tw.baseB); !bytes.Equal(x, y) {
				t.Fatalf("%s: %s's frame %d differs:\n%s\n%s", when, who, j, x, y)
			}
		}
	}
	for i := range tw.a.got {
		tw.a.got[i], tw.b.got[i] = nil, nil
	}
}

// playAlike makes the same moves in both twins, comparing as it goes. A
// move of seat 0 is made only if both twins offer it.
func (tw *twins) playAlike(t *testing.T, tc twinCase) {
	t.Helper()
	for step := range tc.steps {
		tw.wait(t, 10*time.Millisecond)
		legal := make([][]game.Move, len(tw.a.ids))
		for i := range legal {
			legal[i] = tw.a.legal(t, i)
			if got := tw.b.legal(t, i); i == 0 && !sameMoves(t, legal[i], got) {
				legal[i] = nil
			}
		}
		seat, a, ok := pick(t, tw.rnd, legal, tc.keep)
		if !ok {
			tw.wait(t, time.Minute) // a timer's turn
			tw.same(t, fmt.Sprint("step ", step, ": after a minute"))
			continue
		}
		id := fmt.Sprint("alike-", step)
		atA, errA := tw.a.room.Act(t.Context(), tw.a.ids[seat], id, a)
		atB, errB := tw.b.room.Act(t.Context(), tw.b.ids[seat], id, a)
		if (errA == nil) != (errB == nil) || (errA == nil && atA.Version-tw.baseA != atB.Version-tw.baseB) {
			t.Fatalf("step %d: seat %d %s %s: %+v %v in one twin, %+v %v in the other", step, seat, a.Type, a.Data, atA, errA, atB, errB)
		}
		tw.same(t, fmt.Sprint("step ", step, ": seat ", seat, " ", a.Type))
	}
}

// pick chooses a seat's move among those keep allows (all if nil).
func pick(t *testing.T, rnd *rand.Rand, legal [][]game.Move, keep func(int, game.Move) bool) (int, game.Action, bool) {
	t.Helper()
	type choice struct {
		seat int
		m    game.Move
	}
	var all []choice
	for s, ms := range legal {
		for _, m := range ms {
			if keep == nil || keep(s, m) {
				all = append(all, choice{s, m})
			}
		}
	}
	if len(all) == 0 {
		return 0, game.Action{}, false
	}
	c := all[rnd.IntN(len(all))]
	return c.seat, fill(t, c.m, rnd), true
}

var versionAt = regexp.MustCompile(`"version":(\d+),"now":\d+}$`)

// fromBase writes a message's version as counted from base.
func fromBase(t *testing.T, msg []byte, base int64) []byte {
	t.Helper()
	m := versionAt.FindSubmatchIndex(msg)
	if m == nil {
		t.Fatalf("no version at the end of %.200s", msg)
	}
	v, _ := strconv.ParseInt(string(msg[m[2]:m[3]]), 10, 64)
	return slices.Concat(msg[:m[2]], []byte(strconv.FormatInt(v-base, 10)), msg[m[3]:])
}

func firstVersion(t *testing.T, got [][][]byte) int64 {
	t.Helper()
	if len(got) == 0 || len(got[0]) == 0 {
		t.Fatal("no first frame")
	}
	m := versionAt.FindSubmatch(got[0][0])
	if m == nil {
		t.Fatalf("no version in %.200s", got[0][0])
	}
	v, _ := strconv.ParseInt(string(m[1]), 10, 64)
	return v
}

func sameMoves(t *testing.T, a, b []game.Move) bool {
	t.Helper()
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

func hasMove(ms []game.Move, typ string) bool {
	return slices.ContainsFunc(ms, func(m game.Move) bool { return m.Type == typ })
}

func moveOf(t *testing.T, ms []game.Move, typ string) game.Move {
	t.Helper()
	for _, m := range ms {
		if m.Type == typ {
			return m
		}
	}
	t.Fatalf("no %s among %+v", typ, ms)
	return game.Move{}
}

// everyoneMay says every seat may make a move of typ: nobody has made
// their sealed choice yet.
func everyoneMay(typ string) func([][]game.Move) bool {
	return func(legal [][]game.Move) bool {
		for _, ms := range legal {
			if !hasMove(ms, typ) {
				return false
			}
		}
		return true
	}
}

func mustData(t *testing.T, v any) json.RawMessage {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func orEmpty(s string) string {
	if s == "" {
		return "{}"
	}
	return s
}
