package server_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"strings"
	"testing"
)

// gameBoard is GET /api/games/{slug} as a client decodes it.
type gameBoard struct {
	Slug       string `json:"slug"`
	Name       string `json:"name"`
	MinPlayers int    `json:"min_players"`
	MaxPlayers int    `json:"max_players"`
	Options    []struct {
		Key, Label string
	} `json:"options"`
	Board json.RawMessage   `json:"board"`
	Terms map[string]string `json:"terms"`
}

func (e *env) mustGame(slug string) gameBoard {
	e.t.Helper()
	var g gameBoard
	if st := e.do("GET", "/api/games/"+slug, "", nil, &g); st != http.StatusOK {
		e.t.Fatalf("GET /api/games/%s: status %d", slug, st)
	}
	if g.Slug != slug || g.Name == "" || g.MinPlayers < 2 || g.MaxPlayers < g.MinPlayers || len(g.Options) == 0 {
		e.t.Fatalf("GET /api/games/%s: info %+v", slug, g)
	}
	for _, o := range g.Options {
		if o.Key == "" || o.Label == "" || strings.Contains(o.Label, slug+".option.") {
			e.t.Fatalf("GET /api/games/%s: option %+v not worded", slug, o)
		}
	}
	return g
}

// Couriers' map is served whole: every city of the rules' board file with
// its place, every route between two places, and each city's name worded.
func TestAPI_GameBoard_Couriers(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	raw, err := os.ReadFile("../games/couriers/board.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Cities []struct {
			ID   string
			Name string
			X, Y int
		}
		Edges [][2]string
	}
	if err := json.Unmarshal(raw, &file); err != nil {
		t.Fatal(err)
	}
	g := e.mustGame("couriers")
	var board struct {
		Width, Height int
		Cities        []struct {
			ID, Term, Name string
			X, Y           int
		}
		Bases []struct{ ID, Kind, Colour string }
		Links []struct{ From, To string }
	}
	if err := json.Unmarshal(g.Board, &board); err != nil {
		t.Fatal(err)
	}
	if board.Width <= 0 || board.Height <= 0 || len(board.Bases) != 8 {
		t.Fatalf("canvas %d×%d, %d bases; want a canvas and 8 bases", board.Width, board.Height, len(board.Bases))
	}
	cities := map[string]string{}
	for _, c := range board.Cities {
		cities[c.ID] = c.Term
		if g.Terms[c.Term] != c.Name {
			t.Errorf("city %s: term %q worded %q, want %q", c.ID, c.Term, g.Terms[c.Term], c.Name)
		}
	}
	for _, c := range file.Cities {
		if _, ok := cities[c.ID]; !ok {
			t.Errorf("city %s (%s) missing", c.ID, c.Name)
		}
	}
	if len(board.Cities) != len(file.Cities) || len(file.Cities) != 45 {
		t.Errorf("%d cities served, %d in the board file; want 45", len(board.Cities), len(file.Cities))
	}
	links := map[[2]string]bool{}
	for _, l := range board.Links {
		links[[2]string{l.From, l.To}] = true
	}
	for _, edge := range file.Edges {
		if !links[edge] {
			t.Errorf("route %s–%s missing", edge[0], edge[1])
		}
	}
	if len(board.Links) != len(file.Edges) {
		t.Errorf("%d routes served, %d in the board file", len(board.Links), len(file.Edges))
	}
}

// Embassy's board is served whole: the grid of the rules' board file,
// every embassy with its two arrow entrances, the nine wells and a tunnel
// between every two of them, and each embassy's name worded.
func TestAPI_GameBoard_Embassy(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	raw, err := os.ReadFile("../games/embassy/board.txt")
	if err != nil {
		t.Fatal(err)
	}
	text := string(raw)
	grid := strings.Split(text[strings.Index(text, "BEGIN GRID\n")+len("BEGIN GRID\n"):strings.Index(text, "\nEND GRID")], "\n")
	g := e.mustGame("embassy")
	var board struct {
		Size      int
		Grid      []string
		Cells     [][]string
		Embassies []struct {
			Letter, Term string
			Card         struct{ Row, Col int }
			Entrances    []struct {
				Square struct{ Row, Col int }
				Arrow  string
			}
		}
		Wells   []struct{ Row, Col int }
		Tunnels [][2]struct{ Row, Col int }
		Homes   []struct{ Colour string }
	}
	if err := json.Unmarshal(g.Board, &board); err != nil {
		t.Fatal(err)
	}
	if board.Size != 21 || strings.Join(board.Grid, "\n") != strings.Join(grid, "\n") || len(board.Cells) != 21 {
		t.Fatalf("size %d, grid %q; want the board file's 21 rows %q", board.Size, board.Grid, grid)
	}
	if board.Cells[0][10] != "well" || board.Cells[1][7] != "arrow" || board.Cells[1][1] != "wire" {
		t.Errorf("cells (0,10) (1,7) (1,1) are %s %s %s, want well arrow wire", board.Cells[0][10], board.Cells[1][7], board.Cells[1][1])
	}
	if len(board.Embassies) != 16 || len(board.Wells) != 9 || len(board.Tunnels) != 9*8/2 || len(board.Homes) != 4 {
		t.Fatalf("%d embassies, %d wells, %d tunnels, %d homes; want 16, 9, 36, 4",
			len(board.Embassies), len(board.Wells), len(board.Tunnels), len(board.Homes))
	}
	for _, em := range board.Embassies {
		if len(em.Entrances) != 2 || grid[em.Card.Row][em.Card.Col] != em.Letter[0] {
			t.Errorf("embassy %s: card at %v, entrances %v", em.Letter, em.Card, em.Entrances)
		}
		for _, in := range em.Entrances {
			if string(grid[in.Square.Row][in.Square.Col]) != in.Arrow {
				t.Errorf("embassy %s: entrance %v is %q in the grid", em.Letter, in, grid[in.Square.Row][in.Square.Col])
			}
		}
		if name := g.Terms[em.Term]; name == "" || name == em.Term {
			t.Errorf("embassy %s: term %q worded %q", em.Letter, em.Term, name)
		}
	}
}

// A card game has no board: its info and options only.
func TestAPI_GameBoard_CardGames(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	for _, slug := range []string{"wink", "vault", "inkognito"} {
		if g := e.mustGame(slug); g.Board != nil || g.Terms != nil {
			t.Errorf("%s: board %s, terms %v; want none", slug, g.Board, g.Terms)
		}
	}
}

func TestAPI_GameBoard_UnknownGame(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	for _, slug := range []string{"chess", "Wink", "wink%20"} {
		var out struct{ Code, Message string }
		if st := e.do("GET", "/api/games/"+slug, "", nil, &out); st != http.StatusNotFound || out.Code != "not_found" ||
			out.Message != "There is no such game on this server." {
			t.Errorf("GET /api/games/%s: %d %+v, want 404 not_found saying there is no such game", slug, st, out)
		}
	}
}

// What a game's address says depends on nothing that happens in a room:
// the same bytes before and after a match is played, naming no room or
// match.
func TestAPI_GameBoard_RevealsNoMatch(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	slugs := []string{"wink", "vault", "inkognito", "couriers", "embassy"}
	get := func(slug string) []byte {
		resp, err := http.Get(e.Server.URL + "/api/games/" + slug)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		if err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("GET /api/games/%s: %d %v", slug, resp.StatusCode, err)
		}
		return b
	}
	before := map[string][]byte{}
	for _, slug := range slugs {
		before[slug] = get(slug)
	}
	c, js := e.mustRoom(map[string]any{"startPlayer": 0}, "Ann", "Bob", "Cy", "Dee")
	matchID := e.mustStartMatch(c)
	var emb created
	if st := e.do("POST", "/api/rooms", "", map[string]any{"game": "embassy"}, &emb); st != http.StatusCreated {
		t.Fatalf("create embassy room: %d", st)
	}
	for _, n := range []string{"Eve", "Fay"} {
		if st := e.do("POST", "/api/rooms/"+emb.Code+"/seats", "", map[string]any{"name": n}, nil); st != http.StatusCreated {
			t.Fatalf("join %s: %d", n, st)
		}
	}
	embMatch := e.mustStartMatch(emb)
	for _, slug := range slugs {
		after := get(slug)
		if !bytes.Equal(before[slug], after) {
			t.Errorf("%s: the answer changed once matches were played", slug)
		}
		for _, secret := range []string{c.Code, matchID, js[0].SeatID, emb.Code, embMatch} {
			if bytes.Contains(after, []byte(secret)) {
				t.Errorf("%s: the answer names %q", slug, secret)
			}
		}
	}
}
