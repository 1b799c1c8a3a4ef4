package shelf_test

import (
	"encoding/json"
	"os/exec"
	"strings"
	"testing"

	"topsecret/cmd/topsecret/shelf"
)

// No package looks a game up: only the shelf names the games, and main
// hands them down from it. A game's board imports its own engine, and
// nothing else imports a game's folder (tests aside).
func TestOnlyTheShelfNamesGames(t *testing.T) {
	out, err := exec.Command("go", "list", "-json=ImportPath,Imports", "topsecret/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	const engines, boards = "topsecret/internal/games/", "topsecret/web/boards/"
	dec := json.NewDecoder(strings.NewReader(string(out)))
	n := 0
	for dec.More() {
		var p struct {
			ImportPath string
			Imports    []string
		}
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		n++
		if p.ImportPath == "topsecret/cmd/topsecret/shelf" {
			continue
		}
		for _, imp := range p.Imports {
			game, ok := strings.CutPrefix(imp, engines)
			if !ok {
				game, ok = strings.CutPrefix(imp, boards)
			}
			if !ok {
				continue
			}
			// A board's folder is its slug and "board": couriers is drawn
			// by web/boards/couriersboard.
			own := strings.TrimSuffix(strings.SplitN(game, "/", 2)[0], "board")
			board := boards + own + "board"
			if p.ImportPath == board || strings.HasPrefix(p.ImportPath, board+"/") || strings.HasPrefix(p.ImportPath, engines+own) {
				continue // a game's board and its engine's own packages
			}
			t.Errorf("%s imports %s: only the shelf names a game", p.ImportPath, imp)
		}
	}
	if n < 20 {
		t.Fatalf("go list saw only %d packages", n)
	}
}

// The shelf holds every game once; the games in the works come only when
// asked for.
func TestNew(t *testing.T) {
	all, offered := shelf.New(true).All(), shelf.New(false).All()
	if len(all) < 5 || len(offered) > len(all) {
		t.Fatalf("%d games with --dev-games, %d without", len(all), len(offered))
	}
	for _, g := range offered {
		if g.Dev {
			t.Errorf("%s is in the works but offered without --dev-games", g.Slug)
		}
	}
}
