package server

import (
	"encoding/json"
	"net/http"

	"github.com/go-chi/chi/v5"

	"topsecret/internal/game"
	"topsecret/web/words"
)

// gameBoardJSON is one game for a client that draws it itself: what
// /api/games says of it, its board's geometry (none for the card games)
// and the board's names worded for the reader, by catalogue id. Nothing
// in it depends on a match: it is the same for everyone.
type gameBoardJSON struct {
	gameJSON
	Board any               `json:"board,omitempty"`
	Terms map[string]string `json:"terms,omitempty"`
}

func (s *Server) handleGame(w http.ResponseWriter, r *http.Request) {
	g, ok := s.games.Lookup(chi.URLParam(r, "slug"))
	if !ok {
		s.error(w, r, &missing{what: "game"})
		return
	}
	rd := reader(r, nil)
	i := rd.Game(g.Rules.Info())
	out := gameBoardJSON{gameJSON: gameJSON{Slug: i.Slug, Name: i.Name, MinPlayers: i.MinPlayers, MaxPlayers: i.MaxPlayers,
		Available: true, Blurb: i.Blurb, Series: i.Series, Options: i.Options}}
	if b, ok := g.Rules.(game.Boarder); ok {
		board, err := json.Marshal(b.Board())
		if err != nil {
			s.error(w, r, err)
			return
		}
		out.Board, out.Terms = json.RawMessage(board), boardTerms(rd, board)
	}
	writeJSON(w, http.StatusOK, out)
}

// boardTerms words every "term" a board names (a city's, an embassy's),
// so a client needs no catalogue of its own to label the board.
func boardTerms(rd words.Reader, board []byte) map[string]string {
	var tree any
	if json.Unmarshal(board, &tree) != nil {
		return nil
	}
	var ids []string
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			if id, ok := v["term"].(string); ok {
				ids = append(ids, id)
			}
			for _, x := range v {
				walk(x)
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	walk(tree)
	if len(ids) == 0 {
		return nil
	}
	terms := make(map[string]string, len(ids))
	for _, id := range ids {
		terms[id] = rd.Say(game.M(id))
	}
	return terms
}
