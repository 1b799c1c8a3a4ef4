package embassy

import (
	"encoding/json"
	"slices"
	"testing"

	"topsecret/internal/game"
)

// A move names only its destination; its event shows the way there: the
// squares the spy walked, one step (or one tunnel hop) apart from where it
// stood, never through a square twice, as many as the roll (fewer into an
// embassy, or on a challenge move), ending where the action said.
func TestMove_EventCarriesThePathWalked(t *testing.T) {
	t.Parallel()
	moves := 0
	for i := range 6 {
		setup := setupFor(2+i%3, 900+i, fastTimers)
		st, _ := Rules{}.New(setup)
		m := st.(*match)
		from, total := loc(0), 0
		playSaying(m, setup.Seed, 300, false, func(int) {
			if a := m.awaited(); a >= 0 {
				from = m.players[a].spy
			}
			if m.roll != nil {
				total = m.roll.total()
			}
		}, func(evs []game.Event) {
			for _, e := range evs {
				if e.Kind != kindMove && e.Msg.ID != "embassy.event.approach" {
					continue
				}
				moves++
				walkedWell(t, e, from, total)
			}
		})
	}
	if moves < 50 {
		t.Fatalf("only %d moves walked in six bot games", moves)
	}
}

func walkedWell(t *testing.T, e game.Event, from loc, total int) {
	t.Helper()
	var d struct {
		Path []string `json:"path"`
	}
	if err := json.Unmarshal(e.Data, &d); err != nil || len(d.Path) == 0 {
		t.Fatalf("%s: data %s, want a path", e.Msg.ID, e.Data)
	}
	seen := []loc{from}
	for i, id := range d.Path {
		l, ok := parseLoc(id)
		if !ok || slices.Contains(seen, l) {
			t.Fatalf("%s: path %v from %s: step %d (%q) is no square or walked twice", e.Msg.ID, d.Path, from, i, id)
		}
		prev := seen[len(seen)-1]
		if !slices.Contains(theBoard.steps[prev], l) && !(theBoard.well[prev] && theBoard.well[l]) {
			t.Fatalf("%s: path %v from %s: %s does not lead to %s", e.Msg.ID, d.Path, from, prev, l)
		}
		seen = append(seen, l)
	}
	end := seen[len(seen)-1]
	exact := e.Msg.ID == "embassy.event.moved"
	if n := len(d.Path); exact && n != total || n > total {
		t.Fatalf("%s: %d steps %v for a roll of %d", e.Msg.ID, n, d.Path, total)
	}
	if e.Msg.ID == "embassy.event.entered" && !end.isEmbassy() || exact && end.isEmbassy() {
		t.Fatalf("%s: ends at %s", e.Msg.ID, end)
	}
}
