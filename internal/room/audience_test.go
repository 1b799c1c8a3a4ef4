package room_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"topsecret/internal/game"
	"topsecret/internal/games/wink"
	"topsecret/internal/room"
	"topsecret/internal/store/sqlite"
)

// watchedWink is wink with a count of the views its matches build.
type watchedWink struct {
	wink.Rules
	built *viewsBuilt
}

func (w watchedWink) New(s game.Setup) (game.State, error) {
	st, err := w.Rules.New(s)
	return &watchedMatch{State: st, built: w.built}, err
}

// watchedMatch is a wink match that counts its views and says whom each
// action concerns as wink does.
type watchedMatch struct {
	game.State
	built *viewsBuilt
}

func (m *watchedMatch) View(v game.Viewer) any {
	m.built.add(v)
	return m.State.View(v)
}

func (m *watchedMatch) Audience() game.Audience { return game.AudienceOf(m.State) }
func (m *watchedMatch) Opening() []game.Event   { return game.Opening(m.State) }

// viewsBuilt are the viewers views were built for since the last take.
type viewsBuilt struct {
	mu   sync.Mutex
	seen map[string]bool
}

func (b *viewsBuilt) add(v game.Viewer) {
	b.mu.Lock()
	defer b.mu.Unlock()
	name := "table"
	if v.Kind == game.Player {
		name = fmt.Sprint("seat", v.Seat)
	}
	b.seen[name] = true
}

func (b *viewsBuilt) take() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	var out []string
	for name := range b.seen {
		out = append(out, name)
	}
	b.seen = map[string]bool{}
	slices.Sort(out)
	return out
}

// A room builds, compares and sends frames only for whom an action
// concerns: a remote wink look, its eyes landing and a glance build the
// views of the looker and of whoever watches the looker, and everyone
// else (other seats, the table screen, a spectator) gets no frame and
// costs no view. A look nobody watches costs its stored row and its
// looker's frame; the deal's public step still reaches everyone.
func TestRoom_BuildsAndSendsFramesForTheAudienceAlone(t *testing.T) {
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "rooms.db"))
	if err != nil {
		t.Fatal(err)
	}
	built := &viewsBuilt{seen: map[string]bool{}}
	reg := room.NewRegistry(st, []game.Rules{watchedWink{built: built}}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	clock := room.NewManualClock(time.Date(2026, 11, 22, 20, 0, 0, 0, time.UTC))
	reg.Clock = clock
	t.Cleanup(func() { reg.Close(); st.Close() })
	r, ids := mustRoomOf(t, reg, 4, `{"mode":"remote","startPlayer":0,"focusTravelMs":300}`)
	ctx := context.Background()
	if _, err := r.Start(ctx, room.Identity{Host: true}); err != nil {
		t.Fatal(err)
	}
	viewers := map[string]room.Identity{"table": {Table: true}, "spectator": {}}
	for i, id := range ids {
		viewers[fmt.Sprint("seat", i)] = room.Identity{SeatID: id}
	}
	subs := map[string]*room.Subscriber{}
	for name, id := range viewers {
		s, err := r.Subscribe(ctx, id, jsonFrames)
		if err != nil {
			t.Fatal(err)
		}
		subs[name] = s
	}
	// settled waits for the room to have handled what came before (a
	// timer fired by the clock) without building anyone's frame.
	settled := func() { r.IsHost(ctx, room.Identity{}) }
	settled()
	for _, s := range subs {
		for gotFrame(s) {
		}
	}
	built.take()
	act := func(seat int, typ string, data string) func() {
		return func() {
			a := game.Action{Type: typ}
			if data != "" {
				a.Data = json.RawMessage(data)
			}
			if _, err := r.Act(ctx, ids[seat], "", a); err != nil {
				t.Fatalf("seat %d %s: %v", seat, typ, err)
			}
		}
	}
	steps := []struct {
		name   string
		do     func()
		frames []string // who gets a frame
		views  []string // whose views are built
	}{
		{"the first cards are taken: the table's game", act(0, wink.ActTakeCards, ""),
			[]string{"seat0", "seat1", "seat2", "seat3", "spectator", "table"},
			[]string{"seat0", "seat1", "seat2", "seat3", "table"}},
		{"seat 1 looks at seat 0", act(1, wink.ActSetFocus, `{"seat":0}`),
			[]string{"seat1"}, []string{"seat1"}},
		{"its eyes land", func() { clock.Advance(300 * time.Millisecond) },
			[]string{"seat1"}, []string{"seat1"}},
		{"seat 2 looks at seat 3, and nobody watches seat 2", act(2, wink.ActSetFocus, `{"seat":3}`),
			[]string{"seat2"}, []string{"seat2"}},
		{"the unobserved look lands", func() { clock.Advance(300 * time.Millisecond) },
			[]string{"seat2"}, []string{"seat2"}},
		{"seat 0 glances, seen by seat 1", act(0, wink.ActSignal, ""),
			[]string{"seat0", "seat1"}, []string{"seat0", "seat1"}},
		// Seat 1 watches seat 0, so it is in the audience, but its gaze
		// still shows eyes on the move: built and compared, no frame.
		{"seat 0 looks at seat 2", act(0, wink.ActSetFocus, `{"seat":2}`),
			[]string{"seat0"}, []string{"seat0", "seat1"}},
	}
	for _, st := range steps {
		st.do()
		settled()
		var got []string
		for name, s := range subs {
			if gotFrame(s) {
				got = append(got, name)
			}
			for gotFrame(s) {
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, st.frames) {
			t.Errorf("%s: frames for %v, want %v", st.name, got, st.frames)
		}
		if views := built.take(); !slices.Equal(views, st.views) {
			t.Errorf("%s: views built for %v, want %v", st.name, views, st.views)
		}
	}
}
