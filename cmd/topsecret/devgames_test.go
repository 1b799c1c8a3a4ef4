package main

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"topsecret/cmd/topsecret/shelf"
	"topsecret/web/kit"
)

// inTheWorks are the games on the shelf still in the works.
func inTheWorks(tb testing.TB) []kit.Game {
	var out []kit.Game
	for _, g := range shelf.New(true).All() {
		if g.Dev {
			out = append(out, g)
		}
	}
	if len(out) == 0 {
		tb.Skip("no game in the works is on the shelf")
	}
	return out
}

// bodyOf is the body of GET path on m.
func bodyOf(tb testing.TB, m *Main, path string) string {
	tb.Helper()
	resp, err := http.Get(m.URL() + path)
	if err != nil {
		tb.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		tb.Fatal(err)
	}
	return string(b)
}

// A game in the works is not offered without --dev-games: it is on neither
// the home page nor /api/games, and a room of it is refused as an unknown
// game.
func TestDevGames_HiddenWithoutTheFlag(t *testing.T) {
	t.Parallel()
	dev := inTheWorks(t)
	m := MustRunMain(t, t.TempDir())
	home, api := bodyOf(t, m, "/"), bodyOf(t, m, "/api/games")
	for _, g := range dev {
		name := shelf.New(true).Words().Reader("en", nil).Game(g.Rules.Info()).Name
		if !strings.Contains(bodyOf(t, mustRunMainWith(t, t.TempDir(), "127.0.0.1:0", func(c *Config) { c.DevGames = true }), "/"), name) {
			t.Fatalf("%s: its name %q is not on the home page even with --dev-games", g.Slug, name)
		}
		if strings.Contains(home, name) || strings.Contains(home, `value="`+g.Slug+`"`) {
			t.Errorf("%s is on the home page without --dev-games", g.Slug)
		}
		if strings.Contains(api, `"slug":"`+g.Slug+`"`) {
			t.Errorf("%s is in /api/games without --dev-games", g.Slug)
		}
		var refused struct {
			Code string `json:"code"`
			Msg  struct {
				ID string `json:"id"`
			} `json:"msg"`
		}
		if st := apiPost(t, m, "/api/rooms", "", map[string]any{"game": g.Slug}, &refused); st != http.StatusBadRequest || refused.Msg.ID != "game.refuse.no_game" {
			t.Errorf("creating a room of %s without --dev-games: %d %+v, want 400 game.refuse.no_game", g.Slug, st, refused)
		}
	}
}

// With --dev-games a game in the works is offered and plays: bots finish a
// whole match of it, which then replays.
func TestDevGames_PlayWithTheFlag(t *testing.T) {
	t.Parallel()
	dev := inTheWorks(t)
	m := mustRunMainWith(t, t.TempDir(), "127.0.0.1:0", func(c *Config) { c.DevGames = true })
	api := bodyOf(t, m, "/api/games")
	for _, g := range dev {
		if !strings.Contains(api, `"slug":"`+g.Slug+`"`) {
			t.Errorf("%s is not in /api/games with --dev-games", g.Slug)
		}
		code, _, id := finishedMatch(t, m, g.Slug, g.Rules.Info().MinPlayers, nil)
		waitFinished(t, m, code, id)
		if page := bodyOf(t, m, "/m/"+id); !strings.Contains(page, `data-testid="replay-winners"`) {
			t.Errorf("%s: the finished match %s does not replay", g.Slug, id)
		}
	}
}
