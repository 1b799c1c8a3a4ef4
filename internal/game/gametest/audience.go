package gametest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/viewjson"
)

// Heard counts, over played actions, how many viewers each action's
// declared audience held: the room builds frames for those alone.
type Heard struct {
	Actions int
	// Viewers is every action's viewers (each seat and the table), added up;
	// Audience is how many of them were in its audience.
	Viewers, Audience int
	// Nobody counts the actions that concerned no viewer at all; Timers
	// the referee's actions (timers fired) among all.
	Nobody, Timers int
}

// Add adds o's counts to h's.
func (h *Heard) Add(o Heard) {
	h.Actions += o.Actions
	h.Viewers += o.Viewers
	h.Audience += o.Audience
	h.Nobody += o.Nobody
	h.Timers += o.Timers
}

// Share is the part of all viewers an action's audience held, on average.
func (h Heard) Share() float64 { return float64(h.Audience) / float64(max(h.Viewers, 1)) }

// Audiences plays setup to the end with pick, firing due timers like the
// room, and after every action asserts that each viewer outside the
// audience the state declared (game.AudienceOf) has its view, as the
// server writes it, byte for byte as before the action, and each seat
// among them the same legal moves: a game's audiences are complete. It
// returns how large they were.
func Audiences(tb testing.TB, rules game.Rules, setup game.Setup, maxSteps int, pick Chooser) Heard {
	tb.Helper()
	st, err := rules.New(setup)
	if err != nil {
		tb.Fatalf("new: %v", err)
	}
	game.Opening(st)
	n := setup.Seats
	viewers := Viewers(n)
	r := game.RandFor(setup.Seed, 1<<41)
	now := Start
	var heard Heard
	before := seen(tb, st, viewers)
	idle := 0
	for i := 0; ; {
		if _, over := st.Result(); over {
			return heard
		}
		if i >= maxSteps {
			tb.Fatalf("no result after %d actions", i)
		}
		a, ok := nextAction(tb, st, n, &now, r, pick)
		if !ok {
			if idle++; idle > 100000 {
				tb.Fatalf("stalled after %d actions", i)
			}
			continue
		}
		idle = 0
		st.Apply(a, game.RandFor(setup.Seed, i+1))
		i++
		aud := game.AudienceOf(st)
		after := seen(tb, st, viewers)
		for j, v := range viewers {
			if aud.Includes(v) {
				heard.Audience++
				continue
			}
			if !bytes.Equal(before[j], after[j]) {
				tb.Fatalf("action %d (%s by seat %d, %s) concerned %s, left out of its audience:\nbefore %s\n after %s",
					i-1, a.Type, a.Seat, a.Data, Name(v), before[j], after[j])
			}
		}
		heard.Actions++
		heard.Viewers += len(viewers)
		if aud.Nobody() {
			heard.Nobody++
		}
		if a.Seat == game.System {
			heard.Timers++
		}
		before = after
		now += int64(r.IntN(400))
	}
}

// seen is what each viewer is shown of st: its view, as the server
// writes it, and a seat's legal moves after it.
func seen(tb testing.TB, st game.State, viewers []game.Viewer) [][]byte {
	tb.Helper()
	out := make([][]byte, len(viewers))
	for i, v := range viewers {
		b, err := viewjson.Marshal(st.View(v))
		if err != nil {
			tb.Fatalf("view for %s: %v", Name(v), err)
		}
		if v.Kind == game.Player {
			legal, err := json.Marshal(st.Legal(v.Seat))
			if err != nil {
				tb.Fatalf("legal moves of %s: %v", Name(v), err)
			}
			b = fmt.Appendf(b, "\nlegal %s", legal)
		}
		out[i] = b
	}
	return out
}
