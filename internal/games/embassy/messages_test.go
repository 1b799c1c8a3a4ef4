package embassy

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"topsecret/internal/game"
)

// catalogue is the English message catalogue of the game.
var catalogue = filepath.Join("..", "..", "..", "web", "games", "embassy", "messages", "en.json")

// emitted collects every embassy message id the engine says, with the
// names of its arguments.
type emitted map[string]map[string]bool

func (e emitted) add(m game.Msg) {
	if m.IsZero() || !strings.HasPrefix(m.ID, "embassy.") {
		return
	}
	if e[m.ID] == nil {
		e[m.ID] = map[string]bool{}
	}
	for _, a := range m.Args {
		e[m.ID][a.Name] = true
		for _, t := range a.Terms {
			e.add(t)
		}
	}
}

// probe records what a match says now: new events, every seat's legal
// labels, the result, and the refusals of a battery of tries.
func (e emitted) probe(m *match, seen *int, try bool) {
	for _, ev := range m.events {
		if ev.seq > *seen {
			e.add(ev.msg)
		}
	}
	*seen = m.eventSeq
	for s := range m.n {
		for _, mv := range m.Legal(game.Seat(s)) {
			e.add(mv.Label)
		}
	}
	if res, ok := m.Result(); ok {
		e.add(res.Summary)
	}
	if !try {
		return
	}
	for _, a := range tries(m) {
		if err := m.Check(a); err != nil {
			var re *game.RuleError
			if asRule(err, &re) {
				e.add(re.Msg)
			}
		}
	}
}

func asRule(err error, re **game.RuleError) bool {
	r, ok := err.(*game.RuleError)
	*re = r
	return ok
}

// tries is a battery of actions, most of them illegal now.
func tries(m *match) []game.Action {
	var out []game.Action
	w := max(0, m.awaited())
	seats := []int{w, (w + 1) % m.n}
	locs := []string{"4,1", "1,1", "0,20", "0,0", "5,5", "10,10", "0,5", "A", "B"}
	for _, p := range m.players {
		locs = append(locs, p.guard.String(), p.spy.String())
	}
	for _, s := range seats {
		for _, typ := range []string{ActRoll, ActPass, ActKeep, ActDecline, ActReject, ActTimeout} {
			out = append(out, act(s, typ, nil))
		}
		for _, l := range locs {
			out = append(out, move(s, l))
			for q := range m.n {
				out = append(out, approachTo(s, l, q))
			}
		}
		for q := range m.n {
			out = append(out, challenge(s, q), bodyguard(s, q))
		}
		for n := 1; n <= Slots; n++ {
			out = append(out, penalty(s, n), slot(s, n), swap(s, n))
			for _, x := range Secrets {
				out = append(out, guess(s, n, x))
			}
		}
		for e := range numEmbassies {
			out = append(out, place(s, letter(e)))
		}
	}
	t := game.Action{Seat: game.System, Type: ActTimeout, At: m.clock.Now}
	for _, d := range []Timeout{{m.turn, m.step}, {m.turn, m.step - 1}} {
		t.Data = mustJSON(d)
		out = append(out, t)
	}
	out = append(out, game.Action{Seat: game.System, Type: ActHide, Data: mustJSON(Hide{Seq: 1}), At: m.clock.Now},
		game.Action{Seat: game.System, Type: ActRoll, At: m.clock.Now})
	if m.reveal != nil {
		out = append(out, game.Action{Seat: game.System, Type: ActHide, Data: mustJSON(Hide{Seq: m.reveal.seq}), At: m.clock.Now})
	}
	return out
}

// playProbing lets the bot (or, with timeouts, the clock) play m, probing every state.
func (e emitted) playProbing(m *match, seed game.Seed, steps int, clock bool) {
	seen := 0
	play(m, seed, steps, clock, func(i int) { e.probe(m, &seen, i%3 == 0) })
	e.probe(m, &seen, true)
}

// play lets the bot (or, with timeouts, the clock) play up to steps actions
// of m, calling visit with the step's index before each.
func play(m *match, seed game.Seed, steps int, clock bool, visit func(i int)) {
	for i := 0; i < steps && m.phase != PhaseOver; i++ {
		visit(i)
		var a game.Action
		if clock {
			tm := m.Next().Timers[0]
			a = tm.Fires
			a.At = tm.At
		} else {
			var ok bool
			if a, ok = (Bot{}).Act(m, game.Seat(m.awaited()), m.clock.Now+100, game.RandFor(seed, 1<<30+i)); !ok {
				panic("bot does not act")
			}
		}
		if err := game.Step(m, seed, i, a); err != nil {
			panic(err)
		}
	}
}

// probed are the matches the catalogue checks play: bot games of two to
// four players, with and without the clock, and positions the bot rarely
// reaches (immobile, blocked, no cards on the board, a fifth card).
func probed(visit func(m *match, seed game.Seed, steps int, clock bool)) {
	for i := range 6 {
		setup := setupFor(2+i%3, 700+i, fastTimers)
		st, _ := Rules{}.New(setup)
		visit(st.(*match), setup.Seed, 300, false)
		st, _ = Rules{}.New(setup)
		visit(st.(*match), setup.Seed, 60, true)
	}
	for _, m := range []*match{
		four(guardAt(green, "0,1"), guardAt(red, "1,0")),
		four(spyAt(blue, "0,19"), spyAt(red, "0,16")),
		four(fullHolders, spyAt(blue, "5,3"), spyAt(green, "5,8")),
		four(lies("C", "ATOM-3"), holds(blue, "ATOM", "ATOM", "RADAR", "ROCKET"), spyAt(blue, "7,0")),
	} {
		visit(m, game.Seed{9}, 6, false)
	}
}

// TestMessages_Catalogue checks that en.json words exactly the ids the
// engine emits, with a placeholder for every argument.
func TestMessages_Catalogue(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile(catalogue)
	if err != nil {
		t.Fatal(err)
	}
	var cat map[string]any
	if err := json.Unmarshal(raw, &cat); err != nil {
		t.Fatalf("%s: %v", catalogue, err)
	}
	e := emitted{}
	probed(e.playProbing)
	var missing, unused []string
	for id, args := range e {
		text, ok := cat[id]
		if !ok {
			missing = append(missing, id)
			continue
		}
		checkPlaceholders(t, id, text, args)
	}
	for id := range cat {
		// embassy.ui.* are the board's own words (web/games/embassy).
		if e[id] == nil && !strings.HasPrefix(id, "embassy.ui.") {
			unused = append(unused, id)
		}
	}
	sort.Strings(missing)
	sort.Strings(unused)
	if len(missing) > 0 || len(unused) > 0 {
		t.Fatalf("en.json lacks %v; never emitted: %v", missing, unused)
	}
}

var placeholder = regexp.MustCompile(`{{\s*\.(\w+)\s*}}`)

// checkPlaceholders asserts that every form of an entry uses exactly the arguments emitted.
func checkPlaceholders(t *testing.T, id string, text any, args map[string]bool) {
	t.Helper()
	forms := map[string]string{}
	switch v := text.(type) {
	case string:
		forms[""] = v
	case map[string]any:
		for k, f := range v {
			forms[k], _ = f.(string)
		}
		if _, ok := v["other"]; !ok {
			t.Errorf("%s: plural entry without \"other\"", id)
		}
	}
	want := make([]string, 0, len(args))
	for a := range args {
		want = append(want, a)
	}
	sort.Strings(want)
	for k, f := range forms {
		var got []string
		for _, p := range placeholder.FindAllStringSubmatch(f, -1) {
			if !slices.Contains(got, p[1]) {
				got = append(got, p[1])
			}
		}
		sort.Strings(got)
		if !slices.Equal(got, want) {
			t.Errorf("%s %s: placeholders %v, arguments %v", id, k, got, want)
		}
	}
}
