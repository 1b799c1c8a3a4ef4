package couriers

import (
	"encoding/json"
	"errors"
	"maps"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
)

// catalogueFile is the English catalogue of every message the engine says.
const catalogueFile = "../../../web/games/couriers/messages/en.json"

// sayings collects every message the engine emits, nested terms
// included, with the argument names each id was given.
type sayings struct {
	tb   testing.TB
	args map[string]map[string]bool // id → argument names, checked equal on every emission
}

func (s *sayings) add(m game.Msg) {
	if m.ID == "" || !strings.HasPrefix(m.ID, "couriers.") {
		return
	}
	names := map[string]bool{}
	for _, a := range m.Args {
		names[a.Name] = true
		for _, t := range a.Terms {
			s.add(t)
		}
	}
	if prev, ok := s.args[m.ID]; ok && !maps.Equal(prev, names) {
		s.tb.Errorf("%s emitted with arguments %v and %v", m.ID, slices.Sorted(maps.Keys(prev)), slices.Sorted(maps.Keys(names)))
	}
	s.args[m.ID] = names
}

func (s *sayings) err(err error) {
	var re *game.RuleError
	if errors.As(err, &re) {
		s.add(re.Msg)
	}
}

func (s *sayings) state(st game.State, n int) {
	for seat := range n {
		for _, mv := range st.Legal(game.Seat(seat)) {
			s.add(mv.Label)
		}
	}
	if res, over := st.Result(); over {
		s.add(res.Summary)
	}
}

// TestMessages_Catalogue checks en.json against what the engine says:
// every id emitted (events, refusals of the scenarios, legal move labels,
// results, nested terms, the board's city names) has an entry whose
// placeholders are exactly its arguments, and every entry is emitted.
func TestMessages_Catalogue(t *testing.T) {
	t.Parallel()
	said := &sayings{tb: t, args: map[string]map[string]bool{}}
	for _, sc := range slices.Concat(specScenarios(), rulingScenarios(), timerScenarios(), miscScenarios()) {
		st := sc.build()
		for _, e := range st.Opening() {
			said.add(e.Msg)
		}
		index := 0
		for _, step := range sc.steps {
			said.state(st, sc.n)
			if err := st.Check(step.Action); err != nil {
				said.err(err)
				continue
			}
			for _, e := range st.Apply(step.Action, game.RandFor(sc.seed, index+1)) {
				said.add(e.Msg)
			}
			index++
		}
		said.state(st, sc.n)
	}
	for n := MinPlayers; n <= MaxPlayers; n++ {
		for seed := range 2 {
			playSaying(t, said, setupFor(n, 500+seed, nil), gametest.BotMoves(Bot{}))
			playSaying(t, said, setupFor(n, 600+seed, nil), randomCourier)
		}
	}
	for _, c := range Board().Cities {
		said.add(game.M(c.Term))
	}
	compareCatalogue(t, said.args)
}

// playSaying plays a match to the end, saying everything it emits.
func playSaying(t *testing.T, said *sayings, setup game.Setup, pick gametest.Chooser) {
	st, err := Rules{}.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range game.Opening(st) {
		said.add(e.Msg)
	}
	r := game.RandFor(setup.Seed, 1<<40)
	now := gametest.Start
	for i := 0; i < 40000; now += 500 {
		if _, over := st.Result(); over {
			return
		}
		said.state(st, setup.Seats)
		a, ok := pick(st, setup.Seats, now, r)
		if tm := st.Next().Timers; (!ok || st.Check(a) != nil) && len(tm) > 0 && tm[0].At <= now {
			a, ok = tm[0].Fires, true
			a.At = now
		}
		if !ok {
			continue
		}
		if err := st.Check(a); err != nil {
			said.err(err)
			continue
		}
		for _, e := range st.Apply(a, game.RandFor(setup.Seed, i+1)) {
			said.add(e.Msg)
		}
		i++
	}
	t.Fatalf("match %x did not end", setup.Seed[:3])
}

var placeholder = regexp.MustCompile(`\{\{\s*\.(\w+)\s*\}\}`)

func compareCatalogue(t *testing.T, said map[string]map[string]bool) {
	b, err := os.ReadFile(catalogueFile)
	if err != nil {
		t.Fatal(err)
	}
	var cat map[string]json.RawMessage
	if err := json.Unmarshal(b, &cat); err != nil {
		t.Fatal(err)
	}
	for id, args := range said {
		raw, ok := cat[id]
		if !ok {
			t.Errorf("%s is emitted but missing from en.json", id)
			continue
		}
		var forms []string
		var one string
		if json.Unmarshal(raw, &one) == nil {
			forms = []string{one}
		} else {
			var plural map[string]string
			if err := json.Unmarshal(raw, &plural); err != nil || plural["other"] == "" {
				t.Errorf("%s: neither a string nor plural forms", id)
				continue
			}
			if !args["n"] {
				t.Errorf("%s has plural forms but no argument n", id)
			}
			forms = slices.Collect(maps.Values(plural))
		}
		used := map[string]bool{}
		for _, f := range forms {
			for _, p := range placeholder.FindAllStringSubmatch(f, -1) {
				used[p[1]] = true
			}
		}
		if !maps.Equal(used, args) {
			t.Errorf("%s: placeholders %v, arguments %v", id, slices.Sorted(maps.Keys(used)), slices.Sorted(maps.Keys(args)))
		}
	}
	for id := range cat {
		// couriers.ui.* are the board's own words (web/games/couriers).
		if _, ok := said[id]; !ok && !strings.HasPrefix(id, "couriers.ui.") {
			t.Errorf("en.json has %s, which is never emitted", id)
		}
	}
}
