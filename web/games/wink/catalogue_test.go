package winkboard_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
	"topsecret/internal/games/wink"
)

// literalIDs matches a message id written out in the engine's or the
// board's source.
var literalIDs = regexp.MustCompile(`"(wink\.[a-z_]+(?:\.[a-z0-9_]+)+)"`)

// sourceIDs are the ids written in the non-test Go and templ files of dirs.
func sourceIDs(t *testing.T, dirs ...string) map[string]bool {
	t.Helper()
	ids := map[string]bool{}
	for _, dir := range dirs {
		files, err := filepath.Glob(filepath.Join(dir, "*"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			// howto* says the briefing's words, in messages/howto.en.json,
			// which boardtest.HowTo checks.
			if strings.HasSuffix(f, "_test.go") || strings.HasSuffix(f, "_templ.go") || strings.HasPrefix(filepath.Base(f), "howto") ||
				!(strings.HasSuffix(f, ".go") || strings.HasSuffix(f, ".templ")) {
				continue
			}
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range literalIDs.FindAllSubmatch(b, -1) {
				ids[string(m[1])] = true
			}
		}
	}
	return ids
}

// TestCatalogue_English: the English catalogue (the board's words and the
// lobby's) has every id the engine and the board write out, every colour
// and place term, and nothing else; the matches of TestEngineButtons check
// the ids that occur in play.
func TestCatalogue_English(t *testing.T) {
	messages := map[string]json.RawMessage{}
	for _, f := range []string{"messages/en.json", "messages/lobby.en.json"} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, &messages); err != nil {
			t.Fatal(err)
		}
	}
	used := sourceIDs(t, ".", "../../../internal/games/wink")
	st, err := wink.Rules{}.New(game.Setup{Game: "wink", Seats: wink.MaxPlayers})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range st.(game.Colourer).SeatColours() {
		used[wink.ColourTerm(c).ID] = true
	}
	for _, code := range []string{"CAF", "MET", "KIO", "FOU", "none"} {
		used[wink.PlaceTerm(code).ID] = true
	}
	var missing, unused []string
	for id := range used {
		if _, ok := messages[id]; !ok {
			missing = append(missing, id)
		}
	}
	for id := range messages {
		if !used[id] {
			unused = append(unused, id)
		}
	}
	sort.Strings(missing)
	sort.Strings(unused)
	if len(missing) > 0 {
		t.Errorf("ids missing from messages/en.json: %v", missing)
	}
	if len(unused) > 0 {
		t.Errorf("ids in messages/en.json nobody uses: %v", unused)
	}
	t.Logf("%d ids", len(messages))
}

// TestCatalogue_Play words everything whole matches say — events, move
// labels, results, and the refusal of every action every seat could try at
// every step — and fails on a missing id or a placeholder without its
// argument.
func TestCatalogue_Play(t *testing.T) {
	t.Parallel()
	refusals := map[string]bool{}
	for _, c := range []struct {
		mode  string
		n     int
		moves gametest.Chooser
	}{
		{wink.ModeTable, 5, gametest.RandomMoves}, {wink.ModeTable, 6, gametest.BotMoves(wink.Bot{})},
		{wink.ModeRemote, 5, gametest.RandomMoves}, {wink.ModeRemote, 6, gametest.BotMoves(wink.Bot{})},
	} {
		n := c.n
		setup := game.Setup{Game: "wink", Seats: n, Options: []byte(`{"mode":"` + c.mode + `"}`), Started: gametest.Start}
		setup.Seed[0] = 3
		log := gametest.RandomPlay(t, wink.Rules{}, setup, 20000, c.moves)
		st, err := wink.Rules{}.New(setup)
		if err != nil {
			t.Fatal(err)
		}
		r := catalog.Reader("en", names[:n])
		say := func(what string, m game.Msg) {
			if s := r.Say(m); strings.Contains(s, "<no value>") || strings.Contains(s, "{{") {
				t.Fatalf("%s %s: %q", what, m.ID, s)
			}
		}
		rand := game.RandFor(setup.Seed, 1<<41)
		for i, a := range log {
			var tries []game.Action
			for s := range n {
				for _, mv := range st.Legal(game.Seat(s)) {
					say("label", mv.Label)
					for q := range n { // the same move by every seat
						tries = append(tries, gametest.Fill(mv, game.Seat(q), a.At, rand))
					}
				}
			}
			for _, typ := range []string{wink.ActDealTimeout, wink.ActTurnTimeout, wink.ActClaimTimeout, wink.ActFocusArrived} {
				tries = append(tries, game.Action{Seat: game.System, Type: typ, Data: []byte(`{"step":0}`), At: a.At},
					game.Action{Seat: 0, Type: typ, At: a.At})
			}
			for _, try := range tries {
				if err := st.Check(try); err != nil {
					re := gametest.MustRuleError(t, err)
					refusals[re.Msg.ID] = true
					say("refusal", re.Msg)
				}
			}
			events, err := game.StepEvents(st, setup.Seed, i, a)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range events {
				say("event", e.Msg)
			}
		}
		res, over := st.Result()
		if !over {
			t.Fatalf("%s/%d: no result", c.mode, n)
		}
		say("result", res.Summary)
		if missing := catalog.Missing(); len(missing) > 0 {
			t.Fatalf("%s/%d: ids missing from the catalogue: %v", c.mode, n, missing)
		}
		t.Logf("%s/%d: %d actions", c.mode, n, len(log))
	}
	t.Logf("%d kinds of refusal worded", len(refusals))
}
