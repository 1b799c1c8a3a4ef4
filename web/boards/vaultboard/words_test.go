package vaultboard_test

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/games/vault"
	"topsecret/web/boards/vaultboard"
	"topsecret/web/kit/boardtest"
)

// idLiteral is a catalogue id written in the engine's or the board's source.
var idLiteral = regexp.MustCompile(`"(vault\.(?:card|term|event|refuse|move|result|ui|info|option|highlight)\.[a-z0-9_.]+)"`)

// sourceIDs are the ids written in the non-test Go and templ files of dirs.
func sourceIDs(t *testing.T, dirs ...string) []string {
	t.Helper()
	seen := map[string]bool{}
	for _, dir := range dirs {
		files, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			name := f.Name()
			if strings.HasSuffix(name, "_test.go") || strings.HasSuffix(name, "_templ.go") ||
				!strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, ".templ") {
				continue
			}
			b, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range idLiteral.FindAllStringSubmatch(string(b), -1) {
				seen[m[1]] = true
			}
		}
	}
	out := make([]string, 0, len(seen))
	for id := range seen {
		out = append(out, id)
	}
	sort.Strings(out)
	return out
}

// TestCatalogue_CoversSource checks that the English catalogue defines
// every id the engine and the board write, and nothing else: ids are never
// built from pieces, so the source lists them all.
func TestCatalogue_CoversSource(t *testing.T) {
	cat := boardtest.Words(t, vaultboard.Game)
	used := sourceIDs(t, ".", "../../../internal/games/vault")
	for _, id := range used {
		if !cat.Has("en", id) {
			t.Errorf("the catalogue lacks %s", id)
		}
	}
	for _, id := range cat.IDs("en") {
		if strings.HasPrefix(id, "vault.") && !slices.Contains(used, id) {
			t.Errorf("the catalogue defines %s, which nothing says", id)
		}
	}
	t.Logf("%d ids", len(used))
}

// TestCatalogue_Plurals checks that every message showing a count has the
// plural forms the count picks from: a plain message said with "n" = 1
// would have no "one" form.
func TestCatalogue_Plurals(t *testing.T) {
	b, err := fs.ReadFile(vaultboard.Game.Messages, "en.json")
	if err != nil {
		t.Fatal(err)
	}
	var msgs map[string]json.RawMessage
	if err := json.Unmarshal(b, &msgs); err != nil {
		t.Fatal(err)
	}
	for id, raw := range msgs {
		var s string
		if json.Unmarshal(raw, &s) == nil && strings.Contains(s, "{{.n}}") {
			t.Errorf("%s shows {{.n}} but has no plural forms", id)
		}
	}
}

// TestCatalogue_Refusals words every refusal the engine gives while random
// deals run, for 2–6 players (boardtest.Said, with vault's own attempts):
// each seat tries every kind of action, and every refusal of the
// catalogue must be given.
func TestCatalogue_Refusals(t *testing.T) {
	var runs []boardtest.Run
	for n := vault.MinPlayers; n <= vault.MaxPlayers; n++ {
		// Odd tables run a short select timer, even ones none (the
		// default is a minute), so both timer refusals are said.
		opts := json.RawMessage(`{"selectTimeoutMs":0}`)
		if n%2 == 1 {
			opts = json.RawMessage(`{"selectTimeoutMs":10000}`)
		}
		runs = append(runs, boardtest.Run{Seats: n, Seed: byte(n), Options: opts, Pick: sometimesWait, Tries: attempts})
	}
	said := boardtest.Said(t, vault.Rules{}, vaultboard.Game, runs...)
	for _, id := range boardtest.Words(t, vaultboard.Game).IDs("en") {
		if strings.HasPrefix(id, "vault.refuse.") && !said[id] {
			t.Errorf("no attempt was refused with %s", id)
		}
	}
}

// attempts are actions of every type from every seat, and the referee's
// timers, at time at: commits and steals of a few card numbers and of
// every face-up card.
func attempts(st game.State, n int, at int64) []game.Action {
	var out []game.Action
	data := []string{`{"card":0}`, `{"card":20}`, `{"card":44}`, `{"card":89}`}
	for _, p := range st.View(game.TableViewer()).(*vault.TableView).Players {
		for _, c := range p.Stake {
			data = append(data, `{"card":`+strconv.Itoa(c.ID)+`}`)
		}
	}
	for s := game.System; int(s) < n; s++ {
		for _, d := range data {
			out = append(out, game.Action{Seat: s, Type: vault.ActCommit, Data: json.RawMessage(d), At: at},
				game.Action{Seat: s, Type: vault.ActSteal, Data: json.RawMessage(d), At: at})
		}
		out = append(out,
			game.Action{Seat: s, Type: vault.ActBoom, At: at},
			game.Action{Seat: s, Type: vault.ActBoom, At: at + 60_000},
			game.Action{Seat: s, Type: vault.ActNoSteal, At: at + 60_000},
			game.Action{Seat: s, Type: vault.ActSecure, Data: json.RawMessage(`{"choice":"bank"}`), At: at},
			game.Action{Seat: s, Type: vault.ActSecure, Data: json.RawMessage(`{"choice":"keep"}`), At: at + 60_000})
		for _, typ := range []string{vault.ActSelectTimeout, vault.ActBoomTimeout, vault.ActStealTimeout, vault.ActSecureTimeout} {
			out = append(out, game.Action{Seat: s, Type: typ, Data: json.RawMessage(`{"trick":1,"step":1}`), At: at})
		}
	}
	return out
}
