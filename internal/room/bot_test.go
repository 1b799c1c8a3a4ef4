package room_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"testing"
	"time"

	"topsecret/internal/game"
	"topsecret/internal/room"
	"topsecret/internal/store"
)

// mustBotRoom creates a room of slug with n bots at strength s and starts
// its match; bots react on the registry's clock.
func mustBotRoom(tb testing.TB, reg *room.Registry, slug, opts string, n int, s game.Strength) (*room.Room, string) {
	tb.Helper()
	ctx := context.Background()
	r, _ := mustGameRoom(tb, reg, slug, 0, opts)
	if err := r.SetBotStrength(ctx, room.Identity{Host: true}, string(s)); err != nil {
		tb.Fatal(err)
	}
	for range n {
		if _, err := r.AddBot(ctx, room.Identity{Host: true}); err != nil {
			tb.Fatal(err)
		}
	}
	id, err := r.Start(ctx, room.Identity{Host: true})
	if err != nil {
		tb.Fatal(err)
	}
	return r, id
}

// drive moves the manual clock step by step, letting the room catch up
// after each, until done says so or the simulated time runs out.
func drive(tb testing.TB, reg *room.Registry, r *room.Room, step, most time.Duration, done func(*room.Frame) bool) {
	tb.Helper()
	clock := reg.Clock.(*room.ManualClock)
	for t := time.Duration(0); t < most; t += step {
		clock.Advance(step)
		f, err := r.Snapshot(context.Background(), room.Identity{})
		if err != nil {
			tb.Fatal(err)
		}
		if done(f) {
			return
		}
	}
	tb.Fatalf("not done after %v of simulated time", most)
}

func actionsOf(tb testing.TB, st store.Store, matchID string) []game.Action {
	tb.Helper()
	recs, err := st.Actions(context.Background(), matchID)
	if err != nil {
		tb.Fatal(err)
	}
	var out []game.Action
	for _, rec := range recs {
		out = append(out, rec.Action)
	}
	return out
}

// The room waits a human reaction time before a bot acts: never less than
// the quickest reflex of its strength after the action that let it act,
// seeded so the waits differ, and longer for beginners than for sharp
// bots. A wink table is turn by turn, so every bot action answers the one
// before it.
func TestRoom_BotReactionTime(t *testing.T) {
	t.Parallel()
	const delay = 1200 * time.Millisecond
	mean := map[game.Strength]time.Duration{}
	for _, c := range []struct {
		level game.Strength
		pace  float64
	}{{game.Beginner, 1.5}, {game.Regular, 1}, {game.Sharp, 0.7}} {
		reg := mustRegistry(t)
		reg.BotDelay = delay
		r, id := mustBotRoom(t, reg, "wink", `{"mode":"table"}`, 4, c.level)
		// Thirty actions, or the whole match when the bots end it sooner.
		drive(t, reg, r, 50*time.Millisecond, 10*time.Minute, func(f *room.Frame) bool {
			return f.Match.Actions >= 30 || f.Status == room.StatusFinished
		})
		log := actionsOf(t, reg.Store, id)
		least := time.Duration(0.6 * c.pace * float64(delay))
		gaps := map[time.Duration]bool{}
		var sum time.Duration
		n := 0
		for i := 1; i < len(log); i++ {
			if log[i].Seat == game.System {
				continue
			}
			gap := time.Duration(log[i].At-log[i-1].At) * time.Millisecond
			if gap < least {
				t.Fatalf("%s: action %d (%s) came %v after the one before, want at least %v", c.level, i, log[i].Type, gap, least)
			}
			gaps[gap] = true
			sum += gap
			n++
		}
		if n < 10 || len(gaps) < n/2 {
			t.Fatalf("%s: %d bot actions with %d different waits; want varied waits", c.level, n, len(gaps))
		}
		mean[c.level] = sum / time.Duration(n)
	}
	if !(mean[game.Beginner] > mean[game.Regular] && mean[game.Regular] > mean[game.Sharp]) {
		t.Fatalf("mean waits %v, want beginner > regular > sharp", mean)
	}
	t.Logf("mean waits %v", mean)
}

// However slow a bot's reaction time, it acts inside the window it means
// to act in: with a 10 s reaction time, vault bots still choose their cards
// before the select timer and press Boom within 3 s.
func TestRoom_BotActsInsideItsWindow(t *testing.T) {
	t.Parallel()
	reg := mustRegistry(t)
	reg.BotDelay = 10 * time.Second
	r, id := mustBotRoom(t, reg, "vault", `{}`, 3, game.Beginner)
	drive(t, reg, r, 250*time.Millisecond, 30*time.Minute, func(f *room.Frame) bool { return f.Status == room.StatusFinished })
	booms := 0
	log := actionsOf(t, reg.Store, id)
	for i, a := range log {
		switch a.Type {
		case "select_timeout", "boom_timeout":
			for _, b := range log[max(0, i-8) : i+1] {
				t.Logf("seat %d %s %s at %d", b.Seat, b.Type, b.Data, b.At-log[0].At)
			}
			t.Fatalf("a bot let a window pass: %s", a.Type)
		case "boom":
			booms++
		}
	}
	if booms == 0 {
		t.Fatal("no terrorist was played, so nothing was tested")
	}
}

// A bot catching a wink does so no sooner than a person could after the
// wink became visible: every accusation in a Remote Eyes game of bots
// comes at least the quickest reflex after the wink it names.
func TestRoom_BotCatchesAfterSeeing(t *testing.T) {
	t.Parallel()
	const delay = 1200 * time.Millisecond
	reg := mustRegistry(t)
	reg.BotDelay = delay
	r, id := mustBotRoom(t, reg, "wink", `{"mode":"remote"}`, 5, game.Sharp)
	caught, seen := 0, 0
	drive(t, reg, r, 100*time.Millisecond, 20*time.Minute, func(f *room.Frame) bool {
		// The log is read again only once it has grown by twenty, and
		// always at the end: a loaded machine may let the room take several
		// actions between two snapshots, or finish between multiples of 20.
		if f.Status == room.StatusFinished {
			return true
		}
		if f.Match.Actions-seen < 20 {
			return false
		}
		seen = f.Match.Actions
		caught = 0
		for _, a := range actionsOf(t, reg.Store, id) {
			if a.Type == "accuse" {
				caught++
			}
		}
		return caught >= 3
	})
	log := actionsOf(t, reg.Store, id)
	least := int64(0.6 * 0.7 * float64(delay.Milliseconds()))
	checked := 0
	for i, a := range log {
		if a.Type != "accuse" {
			continue
		}
		var d struct{ Winker, Epoch int }
		_ = json.Unmarshal(a.Data, &d)
		for j := i - 1; j >= 0; j-- {
			if log[j].Type == "wink" && int(log[j].Seat) == d.Winker {
				if gap := a.At - log[j].At; gap < least {
					t.Fatalf("an accusation came %d ms after the wink, want at least %d", gap, least)
				}
				checked++
				break
			}
		}
	}
	if checked == 0 {
		t.Fatal("no bot caught a wink, so nothing was tested")
	}
}

// The host sets the room's bot strength; it is shown to everyone, kept
// across a restart, refused to guests, and a strength that does not exist
// changes nothing.
func TestRoom_SetBotStrength(t *testing.T) {
	t.Parallel()
	reg := mustRegistry(t)
	ctx := context.Background()
	r, _ := mustGameRoom(t, reg, "vault", 1, `{}`)
	f, _ := r.Snapshot(ctx, room.Identity{})
	if f.BotStrength != game.Regular {
		t.Fatalf("a new room's bots are %q, want regular", f.BotStrength)
	}
	for _, c := range []struct {
		by   room.Identity
		name string
		want error // nil, room.ErrForbidden, or a *room.Refusal
	}{
		{room.Identity{Host: true}, "sharp", nil},
		{room.Identity{}, "beginner", room.ErrForbidden},
		{room.Identity{Host: true}, "grandmaster", &room.Refusal{}},
		{room.Identity{Host: true}, "", &room.Refusal{}},
	} {
		t.Run(fmt.Sprintf("host=%v %q", c.by.Host, c.name), func(t *testing.T) {
			err := r.SetBotStrength(ctx, c.by, c.name)
			var rf *room.Refusal
			switch {
			case c.want == nil && err != nil,
				errors.Is(c.want, room.ErrForbidden) && !errors.Is(err, room.ErrForbidden),
				errors.As(c.want, &rf) && !errors.As(err, &rf):
				t.Fatalf("SetBotStrength = %v, want %v", err, c.want)
			}
			f, _ := r.Snapshot(ctx, room.Identity{})
			if f.BotStrength != game.Sharp {
				t.Fatalf("bots are %q, want sharp", f.BotStrength)
			}
		})
	}
	again := room.NewRegistry(reg.Store, everyGame, reg.Log)
	again.Clock = reg.Clock
	t.Cleanup(again.Close)
	r2, err := again.Get(ctx, r.Code())
	if err != nil {
		t.Fatal(err)
	}
	if f, _ := r2.Snapshot(ctx, room.Identity{}); f.BotStrength != game.Sharp {
		t.Fatalf("after a restart bots are %q, want sharp", f.BotStrength)
	}
}
