package server

import (
	"encoding/json"
	"errors"
	"net/http"

	"github.com/go-chi/chi/v5"

	"topsecret/internal/game"
	"topsecret/internal/room"
	"topsecret/internal/store"
)

type gameJSON struct {
	Slug       string        `json:"slug"`
	Name       string        `json:"name"`
	MinPlayers int           `json:"min_players"`
	MaxPlayers int           `json:"max_players"`
	Available  bool          `json:"available"`
	Blurb      string        `json:"blurb"`
	Series     game.Series   `json:"series"`
	Options    []game.Option `json:"options,omitempty"`
}

func (s *Server) handleGames(w http.ResponseWriter, r *http.Request) {
	out := []gameJSON{}
	rd := reader(r, nil)
	for _, g := range s.games.All() {
		i := rd.Game(g.Rules.Info())
		// Every game on the shelf is playable; the field stays for clients.
		out = append(out, gameJSON{Slug: i.Slug, Name: i.Name, MinPlayers: i.MinPlayers, MaxPlayers: i.MaxPlayers,
			Available: true, Blurb: i.Blurb, Series: i.Series, Options: i.Options})
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) handleRoomCreate(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Game    string          `json:"game"`
		Options json.RawMessage `json:"options"`
	}
	if err := decodeJSON(r, &req); err != nil {
		s.error(w, r, err)
		return
	}
	if !s.Doorman.AllowRoom(clientAddr(r)) {
		s.error(w, r, &slowDown{"game.page.slow.rooms"})
		return
	}
	if req.Game == "" {
		s.error(w, r, bad("game.page.error.missing_field", game.X("field", "game")))
		return
	}
	c, err := s.Rooms.CreateRoom(r.Context(), req.Game, req.Options)
	var rf *room.Refusal
	var oe *game.OptionError
	if errors.As(err, &rf) && !errors.As(err, &oe) {
		err = refusedInput(rf) // an unknown game is bad input (options are worded by s.error)
	}
	if err != nil {
		s.error(w, r, err)
		return
	}
	s.found.put(c.Code, room.KeyholeFor(c.Code, c.HostToken))
	s.setCookie(w, r, hostCookie(c.Code), c.HostToken)
	writeJSON(w, http.StatusCreated, map[string]string{"code": c.Code, "url": s.baseURL(r) + "/r/" + c.Code, "host_token": c.HostToken})
}

// withRoom runs f with the room named in the URL, answering 404 for
// unknown codes. Only rooms found, and codes no room can have (which cost
// no look-up), come this far: forward refuses guessers and answers codes
// of no room itself.
func (s *Server) withRoom(w http.ResponseWriter, r *http.Request, f func(rm *room.Room) error) {
	code := room.NormalizeCode(chi.URLParam(r, "code"))
	err := s.Rooms.With(r.Context(), code, f)
	if errors.Is(err, store.ErrNotFound) {
		s.missed(r, code)
	}
	if err != nil {
		s.error(w, r, err)
	}
}

func (s *Server) handleSeatCreate(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Name string `json:"name"`
		Bot  bool   `json:"bot"`
	}
	if err := decodeJSON(r, &req); err != nil {
		s.error(w, r, err)
		return
	}
	if !req.Bot && !s.Doorman.AllowJoin(clientAddr(r)) {
		s.error(w, r, &slowDown{"game.page.slow.joins"})
		return
	}
	s.withRoom(w, r, func(rm *room.Room) error {
		if req.Bot {
			seat, err := rm.AddBot(r.Context(), s.identity(r, rm))
			if err != nil {
				return err
			}
			writeJSON(w, http.StatusCreated, seatJSON(seat, ""))
			return nil
		}
		j, err := rm.Join(r.Context(), req.Name)
		if err != nil {
			return err
		}
		s.setCookie(w, r, seatCookie(rm.Code()), j.Token)
		writeJSON(w, http.StatusCreated, seatJSON(j.Seat, j.Token))
		return nil
	})
}

// seatCreated answers a join: the seat's number at the table (the game's
// seat), its id for host calls, and the token that proves it.
type seatCreated struct {
	Seat   int    `json:"seat"`
	SeatID string `json:"seat_id"`
	Name   string `json:"name"`
	Bot    bool   `json:"bot"`
	Token  string `json:"token,omitempty"`
}

func seatJSON(s store.Seat, token string) seatCreated {
	return seatCreated{Seat: s.Position, SeatID: s.ID, Name: s.Name, Bot: s.Bot, Token: token}
}

func (s *Server) handleSeatKick(w http.ResponseWriter, r *http.Request) {
	s.withRoom(w, r, func(rm *room.Room) error {
		if err := rm.Kick(r.Context(), s.identity(r, rm), chi.URLParam(r, "id")); err != nil {
			return err
		}
		writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
		return nil
	})
}

func (s *Server) handleSeatMove(w http.ResponseWriter, r *http.Request) {
	var req struct {
		To *int `json:"to"`
	}
	if err := decodeJSON(r, &req); err != nil {
		s.error(w, r, err)
		return
	}
	if req.To == nil {
		s.error(w, r, bad("game.page.error.missing_field", game.X("field", "to")))
		return
	}
	s.withRoom(w, r, func(rm *room.Room) error {
		if err := rm.Move(r.Context(), s.identity(r, rm), chi.URLParam(r, "id"), *req.To); err != nil {
			return err
		}
		writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
		return nil
	})
}

func (s *Server) handleMatchStart(w http.ResponseWriter, r *http.Request) {
	s.withRoom(w, r, func(rm *room.Room) error {
		id, err := rm.Start(r.Context(), s.identity(r, rm))
		if err != nil {
			return err
		}
		writeJSON(w, http.StatusOK, map[string]string{"match_id": id})
		return nil
	})
}

func (s *Server) handleRoomOptions(w http.ResponseWriter, r *http.Request) {
	var raw json.RawMessage
	if err := decodeJSON(r, &raw); err != nil {
		s.error(w, r, err)
		return
	}
	s.withRoom(w, r, func(rm *room.Room) error {
		err := rm.SetOptions(r.Context(), s.identity(r, rm), raw)
		var rf *room.Refusal
		if errors.As(err, &rf) {
			return refusedInput(rf)
		}
		if err != nil {
			return err
		}
		writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
		return nil
	})
}

// roomJSON is the public summary of a room: no tokens, no hidden cards.
type roomJSON struct {
	Code    string          `json:"code"`
	Game    string          `json:"game"`
	Options json.RawMessage `json:"options"`
	Status  string          `json:"status"`
	// BotStrength is how well the room's bots play.
	BotStrength game.Strength    `json:"bot_strength"`
	Seats       []room.SeatState `json:"seats"`
	Match       *matchSummary    `json:"match"`
	Standings   []room.Standing  `json:"standings"`
	Series      room.SeriesState `json:"series"`
	// Announcements are what every screen in the room shows now, such as
	// a disk that refuses moves.
	Announcements []game.Msg `json:"announcements,omitempty"`
}

// matchSummary is the room's current or last match. Actions, the log's
// length, is there only once the match is finished: while it is played it
// counts hidden actions too, and so would tell anyone with the room code
// when each happened.
type matchSummary struct {
	ID      string       `json:"id"`
	Number  int          `json:"number"`
	Status  string       `json:"status"`
	Actions *int         `json:"actions,omitempty"`
	Result  *game.Result `json:"result,omitempty"`
}

func (s *Server) handleRoomGet(w http.ResponseWriter, r *http.Request) {
	s.withRoom(w, r, func(rm *room.Room) error {
		f, err := rm.Snapshot(r.Context(), room.Identity{})
		if err != nil {
			return err
		}
		out := roomJSON{Code: f.Code, Game: f.Info.Slug, Options: f.Options, Status: f.Status, BotStrength: f.BotStrength,
			Seats: f.Seats, Standings: f.Standings, Series: f.Series, Announcements: f.Announcements}
		if out.Seats == nil {
			out.Seats = []room.SeatState{}
		}
		out.Match = &matchSummary{Status: f.Status}
		if f.Match != nil {
			out.Match = &matchSummary{ID: f.Match.ID, Number: f.Match.Number, Status: f.Match.Status, Result: f.Match.Result}
			if f.Match.Status == store.StatusFinished {
				out.Match.Actions = &f.Match.Actions
			}
		}
		writeJSON(w, http.StatusOK, out)
		return nil
	})
}
