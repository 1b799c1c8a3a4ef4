package server

import (
	"encoding/json"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"

	"topsecret/internal/game"
	"topsecret/internal/store"
)

// MatchRecord is a match as the API and `topsecret replay export` give it.
// Seed, Actions and their count are present only once the match is
// finished: before that the log could reveal hidden choices (a sealed card,
// a focus), and its length when each was made. It never names the room: a
// record is shared, and a room's code lets anyone in.
type MatchRecord struct {
	ID         string            `json:"id"`
	Number     int               `json:"number"`
	Status     string            `json:"status"`
	Setup      *game.Setup       `json:"setup,omitempty"`
	Game       string            `json:"game"`
	Options    json.RawMessage   `json:"options"`
	Seats      []store.MatchSeat `json:"seats"`
	ActionsN   *int              `json:"action_count,omitempty"`
	Actions    []ActionJSON      `json:"actions,omitempty"`
	Result     *game.Result      `json:"result,omitempty"`
	CreatedAt  time.Time         `json:"created_at"`
	FinishedAt *time.Time        `json:"finished_at,omitempty"`
}

// ActionJSON is one logged action with its server time.
type ActionJSON struct {
	Index int             `json:"index"`
	Seat  game.Seat       `json:"seat"`
	Type  string          `json:"type"`
	Data  json.RawMessage `json:"data,omitempty"`
	At    int64           `json:"at"`
	Time  time.Time       `json:"time"`
}

// Record builds the public record of a match.
func Record(m store.Match, log []store.ActionRecord) MatchRecord {
	out := MatchRecord{ID: m.ID, Number: m.Number, Status: m.Status, Game: m.Setup.Game,
		Options: m.Setup.Options, Seats: m.Seats, CreatedAt: m.CreatedAt, FinishedAt: m.FinishedAt}
	if m.Status != store.StatusFinished {
		return out
	}
	n := len(log)
	out.ActionsN = &n
	setup := m.Setup
	out.Setup = &setup
	out.Result = m.Result
	out.Actions = []ActionJSON{}
	for _, a := range log {
		out.Actions = append(out.Actions, ActionJSON{Index: a.Index, Seat: a.Action.Seat, Type: a.Action.Type,
			Data: a.Action.Data, At: a.Action.At, Time: time.UnixMilli(a.Action.At).UTC()})
	}
	return out
}

// matchOf is the stored match id names, or false once the error is
// written: an id that is no uuid is not found without asking the store.
func (s *Server) matchOf(w http.ResponseWriter, r *http.Request, id string) (store.Match, bool) {
	if _, err := uuid.Parse(id); err != nil {
		s.error(w, r, store.ErrNotFound)
		return store.Match{}, false
	}
	m, err := s.Store.Match(r.Context(), id)
	if err != nil {
		s.error(w, r, err)
		return store.Match{}, false
	}
	return m, true
}

func (s *Server) handleMatchGet(w http.ResponseWriter, r *http.Request) {
	id := chi.URLParam(r, "id")
	m, ok := s.matchOf(w, r, id)
	if !ok {
		return
	}
	log, err := s.Store.Actions(r.Context(), id)
	if err != nil {
		s.error(w, r, err)
		return
	}
	rec := Record(m, log)
	names := make([]string, len(m.Seats))
	for i, st := range m.Seats {
		names[i] = st.Name
	}
	out := matchJSON{MatchRecord: rec}
	if rec.Result != nil {
		out.SummaryText = reader(r, names).Say(rec.Result.Summary)
	}
	writeJSON(w, http.StatusOK, out)
}

// matchJSON is GET /api/matches/{id}: the language-neutral record plus its
// result summary worded for the requester (names filled in).
type matchJSON struct {
	MatchRecord
	SummaryText string `json:"summary_text,omitempty"`
}
