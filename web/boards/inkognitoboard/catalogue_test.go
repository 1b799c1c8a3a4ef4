package inkognitoboard_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
	"topsecret/internal/games/inkognito"
	"topsecret/web/boards/inkognitoboard"
	"topsecret/web/kit/boardtest"
)

// engineKinds are the id families only the engine says; every one of
// their catalogue entries must be said over the matches below.
var engineKinds = []string{"event", "refuse", "move", "result", "verdict", "who", "action", "sheet"}

// TestCatalogue_Engine plays whole matches for 3, 4 and 5 players and words
// everything the engine says: every event, every move label, the result,
// the sheets' headers and notes, and the refusal of each of a battery of
// actions tried at every step. It fails on an id the catalogue lacks or a
// message worded without one of its arguments, and on an engine entry of
// the catalogue nothing says.
func TestCatalogue_Engine(t *testing.T) {
	t.Parallel()
	cat := boardtest.Words(t, inkognitoboard.Game)
	said := map[string]bool{}
	type run struct {
		n, seed, steps int
		pick           gametest.Chooser
		until          string // an id that ends the run once said
	}
	var runs []run
	for _, n := range []int{3, 4, 5} {
		for seed := range 4 {
			pick := gametest.RandomMoves
			if seed%2 == 0 {
				pick = gametest.BotMoves(inkognito.Bot{})
			}
			runs = append(runs, run{n, seed, 20000, pick, ""})
		}
	}
	// Agents who never call meet until they run out of new pairs and pass.
	runs = append(runs, run{4, 100, 2500, patient, "inkognito.event.no_new_pair"})
	// A 4p call with the right digits but a rival (R12).
	runs = append(runs, run{4, 200, 20000, cheat, ""})
	// A player who never acts: the time limits play for them (H17).
	runs = append(runs, run{4, 300, 20000, gametest.Seats(inkognito.Bot{}, inkognito.Bot{}, inkognito.Bot{}), ""})
	for _, x := range runs {
		r := cat.Reader("en", names[:x.n])
		say := func(what string, m game.Msg) {
			noteIDs(said, m)
			if s := r.Say(m); strings.Contains(s, "<no value>") || s == m.ID {
				t.Fatalf("%dp seed %d %s: %s words as %q", x.n, x.seed, what, m.ID, s)
			}
		}
		setup := game.Setup{Game: "inkognito", Seats: x.n, Seed: game.Seed{byte(x.seed), byte(x.n), 7}, Started: now}
		st, err := inkognito.Rules{}.New(setup)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range game.Opening(st) {
			say("deal event", e.Msg) // the deal's events come before any Apply
		}
		rnd := game.RandFor(setup.Seed, 1<<40)
		for i := 0; i < x.steps; i++ {
			if _, over := st.Result(); over || said[x.until] {
				break
			}
			for s := range x.n + 1 {
				for _, b := range battery(game.Seat(s)) {
					var re *game.RuleError
					if err := st.Check(b); errors.As(err, &re) {
						say(fmt.Sprintf("refusal of %s %s", b.Type, b.Data), re.Msg)
						cites(t, re, r.Say(re.Msg))
					}
				}
				for _, mv := range st.Legal(game.Seat(s)) {
					say("label of "+mv.Type, mv.Label)
				}
			}
			for _, b := range timers(st) {
				var re *game.RuleError
				if err := st.Check(b); errors.As(err, &re) {
					say("refusal of a timer", re.Msg)
					cites(t, re, r.Say(re.Msg))
				}
			}
			a, ok := x.pick(st, x.n, now, rnd)
			if ts := st.Next().Timers; !ok && len(ts) > 0 {
				a, ok = ts[0].Fires, true // nobody acts: the clock runs out
				a.At = ts[0].At
			}
			if !ok || st.Check(a) != nil {
				continue
			}
			for _, e := range st.Apply(a, game.RandFor(setup.Seed, i+1)) {
				say("event", e.Msg)
			}
		}
		if res, over := st.Result(); over {
			say("result", res.Summary)
		}
		for s := range x.n {
			for _, c := range st.View(game.SeatViewer(game.Seat(s))).(*inkognito.SeatView).Sheet.Columns {
				for _, m := range []game.Msg{c.Header, c.Note} {
					if !m.IsZero() {
						say("sheet", m)
					}
				}
			}
		}
	}
	if missing := cat.Missing(); len(missing) > 0 {
		t.Fatalf("ids missing from the catalogue: %v", missing)
	}
	var unsaid []string
	for _, id := range cat.IDs("en") {
		parts := strings.Split(id, ".")
		if parts[0] == "inkognito" && slices.Contains(engineKinds, parts[1]) && !said[id] && !slices.Contains(neverSaid, id) {
			unsaid = append(unsaid, id)
		}
	}
	if len(unsaid) > 0 {
		t.Errorf("the engine never says %v", unsaid)
	}
}

// ruling is a citation a player can look up in docs/games/inkognito.md:
// a ruling (R12), a house ruling (H17) or a section of the rules (§5.4).
var ruling = regexp.MustCompile(`^(R[1-9][0-9]*|H[1-9][0-9]*|§[0-9]+(\.[0-9]+)*)$`)

// cites checks that a refusal under a ruling cites it, and that the words
// a player reads name it: never a reject code such as ERR_PAIR_REPEATED.
func cites(t *testing.T, re *game.RuleError, text string) {
	t.Helper()
	if re.Rule == "" {
		return // a malformed action the decoder refused
	}
	if !ruling.MatchString(re.Rule) || !strings.Contains(text, re.Rule) {
		t.Fatalf("%s cites %q and reads %q", re.Msg.ID, re.Rule, text)
	}
}

// neverSaid are engine entries no match can reach: the Ambassador deck
// never opens a sentence, but the term keeps both forms like the others.
var neverSaid = []string{"inkognito.who.ambassador.start"}

// patient plays random legal moves of the awaited seats but never calls or
// shows a black card, so the same agents meet again and again.
func patient(st game.State, n int, now int64, r *game.Rand) (game.Action, bool) {
	for _, s := range st.Next().Seats {
		var moves []game.Move
		for _, m := range st.Legal(s) {
			if m.Type != inkognito.ActDial && m.Type != inkognito.ActShowBlack {
				moves = append(moves, m)
			}
		}
		if len(moves) > 0 {
			return gametest.Fill(moves[r.IntN(len(moves))], s, now, r), true
		}
	}
	return game.Action{}, false
}

// cheat plays random moves, but an agent in an exchange with a rival dials
// the true number (a 4p call that counts as wrong, R12).
func cheat(st game.State, n int, now int64, r *game.Rand) (game.Action, bool) {
	all := st.View(game.OmniscientViewer()).(*inkognito.OmniscientView)
	id := map[int]string{}
	for _, b := range all.Black {
		id[b.Seat] = b.Identity
	}
	ally := map[string]string{"F": "B", "B": "F", "Z": "X", "X": "Z"}
	for _, s := range st.Next().Seats {
		v := st.View(game.SeatViewer(s)).(*inkognito.SeatView)
		if t := v.Task; t != nil && !t.Done && t.Kind == inkognito.TaskExchange && t.CanDial && ally[id[int(s)]] != id[t.With[0]] {
			frag := map[string]string{}
			for _, b := range all.Black {
				frag[b.Identity] = b.Fragment
			}
			d, _ := json.Marshal(inkognito.DialData{F: frag["F"], B: frag["B"], Z: frag["Z"], X: frag["X"]})
			return game.Action{Seat: s, Type: inkognito.ActDial, Data: d, At: now}, true
		}
	}
	return gametest.RandomMoves(st, n, now, r)
}

// timers are the referee's timeouts tried at every step: the running
// one before its deadline, a stale one, one sent by a player, and a
// player's action sent by the referee.
func timers(st game.State) []game.Action {
	stale := game.Action{Seat: game.System, Type: inkognito.ActTimeout, At: now,
		Data: json.RawMessage(`{"step":100000}`)}
	played := game.Action{Seat: game.System, Type: inkognito.ActPass, At: now}
	out := []game.Action{stale, played}
	for _, t := range st.Next().Timers {
		early := t.Fires
		early.At = t.At - 1
		player := early
		player.Seat = 0
		out = append(out, early, player)
	}
	return out
}

// noteIDs records m's id and the ids of every term among its arguments.
func noteIDs(seen map[string]bool, m game.Msg) {
	m.Walk(func(x game.Msg) { seen[x.ID] = true })
}

// battery is every kind of action seat s could send, legal or not, good
// data and bad.
func battery(s game.Seat) []game.Action {
	var out []game.Action
	add := func(typ string, data any) {
		b, _ := json.Marshal(data)
		out = append(out, game.Action{Seat: s, Type: typ, Data: b, At: now})
	}
	for _, site := range []string{"RIALTO", "SAN_MARCO", "CA_DORO", "ACCADEMIA", "ARSENALE", "NOWHERE"} {
		add(inkognito.ActPlay, inkognito.SiteData{Site: site})
		add(inkognito.ActCommit, inkognito.SiteData{Site: site})
	}
	faces := []string{"F", "B", "Z", "X", "52", "11", "0", "29"}
	for i, a := range faces {
		for _, b := range faces[i:] {
			add(inkognito.ActShowPair, inkognito.PairData{Cards: []string{a, b}})
		}
	}
	add(inkognito.ActShowPair, inkognito.PairData{Cards: []string{"Q", "B"}})
	for _, k := range []string{"IDENTITY", "NUMBER", "BAD"} {
		add(inkognito.ActShowBlack, inkognito.KindData{Kind: k})
		add(inkognito.ActPeek, inkognito.KindData{Kind: k})
		add(inkognito.ActChooseBlack, inkognito.KindData{Kind: k})
	}
	add(inkognito.ActDial, inkognito.DialData{F: "52", B: "11", Z: "0", X: "29"})
	add(inkognito.ActDial, inkognito.DialData{F: "52", B: "52", Z: "0", X: "29"})
	for _, x := range []string{inkognito.ActPass, inkognito.ActSkip, inkognito.ActContinue} {
		add(x, struct{}{})
	}
	add(inkognito.ActRequest, struct{}{})
	for target := range 5 {
		for _, k := range []string{"", "IDENTITY", "NUMBER", "BAD"} {
			add(inkognito.ActRequest, inkognito.RequestData{Target: &target, Kind: k})
		}
	}
	add("dance", struct{}{})
	return out
}
