package server

import (
	"encoding/json"
	"errors"
	"net/http"

	"github.com/go-chi/chi/v5"

	"topsecret/internal/game"
	"topsecret/internal/room"
	"topsecret/web/pages"
	"topsecret/web/words"
)

// gameRequest is the body of POST /api/rooms/{code}/game.
type gameRequest struct {
	Game    string          `json:"game"`
	Options json.RawMessage `json:"options"`
}

// handleRoomGame picks the game the room plays next, with its options;
// host only, between matches. Every phone and the table follow into its
// lobby. A game the server does not offer, or options it refuses, are bad
// input and change nothing.
func (s *Server) handleRoomGame(w http.ResponseWriter, r *http.Request) {
	var req gameRequest
	if err := decodeJSON(r, &req); err != nil {
		s.error(w, r, err)
		return
	}
	if req.Game == "" {
		s.error(w, r, bad("game.page.error.missing_field", game.X("field", "game")))
		return
	}
	s.withRoom(w, r, func(rm *room.Room) error {
		err := rm.PickGame(r.Context(), s.identity(r, rm), req.Game, req.Options)
		// An unknown game and refused options are bad input (400); a
		// match being played is a refusal of the moment (409).
		var rf *room.Refusal
		if errors.As(err, &rf) && (rf.Err != nil || rf.Said != nil && rf.Said.ID == "game.refuse.no_game") {
			return refusedInput(rf)
		}
		if err != nil {
			return err
		}
		writeJSON(w, http.StatusOK, map[string]string{"game": req.Game})
		return nil
	})
}

// sitOutRequest is the body of POST /api/rooms/{code}/seats/{id}/sit-out.
type sitOutRequest struct {
	Out *bool `json:"out"`
}

// handleSeatSitOut leaves a member out of the current game (out) or lets
// them play it; host only, between matches.
func (s *Server) handleSeatSitOut(w http.ResponseWriter, r *http.Request) {
	var req sitOutRequest
	if err := decodeJSON(r, &req); err != nil {
		s.error(w, r, err)
		return
	}
	if req.Out == nil {
		s.error(w, r, bad("game.page.error.missing_field", game.X("field", "out")))
		return
	}
	s.withRoom(w, r, func(rm *room.Room) error {
		if err := rm.SitOut(r.Context(), s.identity(r, rm), chi.URLParam(r, "id"), *req.Out); err != nil {
			return err
		}
		writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
		return nil
	})
}

// players counts the members who play the room's current game.
func players(seats []room.SeatState) int {
	n := 0
	for _, s := range seats {
		if !s.SitsOut {
			n++
		}
	}
	return n
}

// shelf is the host's choice of the next game: every game this server
// offers, worded for rd, with how the room's members fit it.
func (s *Server) shelf(f *room.Frame, rd words.Reader) []pages.GameChoice {
	n := len(f.Seats)
	var out []pages.GameChoice
	for _, g := range s.games.All() {
		info := rd.Game(g.Rules.Info())
		c := pages.GameChoice{Info: info, Now: info.Slug == f.Info.Slug}
		switch {
		case n > info.MaxPlayers:
			c.Fit = rd.Say(game.M("game.night.fit.out", game.N("n", n-info.MaxPlayers)))
		case n < info.MinPlayers:
			c.Fit = rd.Say(game.M("game.night.fit.bots", game.N("n", info.MinPlayers-n)))
		}
		out = append(out, c)
	}
	return out
}
