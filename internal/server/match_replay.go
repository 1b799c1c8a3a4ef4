package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"

	"topsecret/internal/game"
	"topsecret/internal/replay"
	"topsecret/internal/room"
	"topsecret/internal/store"
	"topsecret/web/layout"
	"topsecret/web/pages"
	"topsecret/web/replayview"
)

// stillPlaying refuses any replay of a match that has not ended: its log
// and seed would reveal hidden cards. It names the match's number, never
// its room: a match id alone must not lead anyone into the room.
type stillPlaying struct {
	number int
}

func (e *stillPlaying) Error() string { return "match still being played" }

// timeline loads a finished match's timeline. ErrNotFound for an unknown
// id; *stillPlaying for a match in progress. Only finished matches are
// cached: one never changes, so its id always means the same timeline.
func (s *Server) timeline(ctx context.Context, id string) (*replay.Timeline, error) {
	if _, err := uuid.Parse(id); err != nil {
		return nil, store.ErrNotFound
	}
	if t, ok := s.timelines.get(id); ok {
		return t, nil
	}
	m, err := s.Store.Match(ctx, id)
	if err != nil {
		return nil, err
	}
	if m.Status != store.StatusFinished {
		return nil, &stillPlaying{number: m.Number}
	}
	log, err := s.Store.Actions(ctx, id)
	if err != nil {
		return nil, err
	}
	g, ok := s.games.Lookup(m.Setup.Game)
	if !ok {
		return nil, fmt.Errorf("replay match %s: game %q is not offered here", id, m.Setup.Game)
	}
	t, err := replay.New(g.Rules, m, log)
	if err != nil {
		return nil, fmt.Errorf("replay match %s: %w", id, err)
	}
	s.timelines.put(id, t)
	return t, nil
}

// replayError answers a failed replay request; a match in progress gets a
// page that shows nothing of it.
func (s *Server) replayError(w http.ResponseWriter, r *http.Request, err error) {
	var sp *stillPlaying
	if !errors.As(err, &sp) {
		s.error(w, r, err)
		return
	}
	if wantsJSON(r) {
		writeJSON(w, http.StatusConflict, saidError(reader(r, nil), "refused", "game.page.history.playing"))
		return
	}
	s.render(w, r, http.StatusConflict, layout.Page(reader(r, nil).Say(game.M("game.page.replay.pending_title")), pages.ReplayPending(sp.number), layout.Plain))
}

// perspective reads ?as=: "all" (default, every card), "table" or a seat.
func perspective(r *http.Request, seats int) (string, game.Viewer, error) {
	as := r.URL.Query().Get("as")
	switch as {
	case "", "all":
		return "all", game.OmniscientViewer(), nil
	case "table":
		return "table", game.TableViewer(), nil
	}
	n, err := strconv.Atoi(as)
	if err != nil || n < 0 || n >= seats {
		return "", game.Viewer{}, bad("game.page.error.bad_eyes", game.N("last", seats-1))
	}
	return as, game.SeatViewer(game.Seat(n)), nil
}

func (s *Server) handleReplayPage(w http.ResponseWriter, r *http.Request) {
	t, err := s.timeline(r.Context(), chi.URLParam(r, "id"))
	if err != nil {
		s.replayError(w, r, err)
		return
	}
	m := t.Match()
	as, v, err := perspective(r, m.Setup.Seats)
	if err != nil {
		s.error(w, r, err)
		return
	}
	if wantsJSON(r) {
		log, err := s.Store.Actions(r.Context(), m.ID)
		if err != nil {
			s.error(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, replayJSON{Record: Record(m, log), Steps: t.Len(), Turns: orEmpty(t.Turns()), Rounds: orEmpty(t.Rounds())})
		return
	}
	i, err := stepParam(r.URL.Query().Get("step"), 0)
	if err != nil {
		s.error(w, r, err)
		return
	}
	step, _, err := s.replayStep(r, t, i, as, v)
	if err != nil {
		s.error(w, r, err)
		return
	}
	p := s.replayPage(r, t, as, step)
	// Only someone in the room learns which room the match was played in:
	// a replay link is shared, and the room's code lets anyone in.
	if member, host := s.roomRole(r, m.RoomCode); member {
		p.Code, p.Watch = m.RoomCode, host
	}
	p.Screen = r.URL.Query().Get("screen") == "table"
	title := reader(r, nil).Say(game.M("game.page.title.replay", game.X("game", p.GameName), game.N("number", m.Number)))
	s.render(w, r, http.StatusOK, layout.Page(title, pages.ReplayPage(p), layout.Replay, s.gameAssets(m.Setup.Game)...))
}

// replayJSON is /m/{id} for tools: the record plus the timeline's marks.
type replayJSON struct {
	Record MatchRecord `json:"record"`
	Steps  int         `json:"steps"`
	Turns  []int       `json:"turns"`
	Rounds []int       `json:"rounds"`
}

func orEmpty(xs []int) []int {
	if xs == nil {
		return []int{}
	}
	return xs
}

// stepJSON is one step for tools: /m/{id}/step/{n} with Accept: application/json.
type stepJSON struct {
	Match      string       `json:"match"`
	Step       int          `json:"step"`
	Steps      int          `json:"steps"`
	As         string       `json:"as"`
	Turn       int          `json:"turn"`
	Round      int          `json:"round"`
	TurnStart  bool         `json:"turn_start"`
	RoundStart bool         `json:"round_start"`
	Progress   string       `json:"progress,omitempty"`
	Actor      string       `json:"actor,omitempty"`
	Action     *game.Action `json:"action,omitempty"`
	Text       string       `json:"text"`
	Events     []string     `json:"events"`
	Waiting    []game.Seat  `json:"waiting"`
	View       any          `json:"view"`
	// Legal is what the perspective's phone could do at this step, worded
	// as a live frame's: [] for the table and the all-seeing eyes.
	Legal []saidMove `json:"legal"`
}

func (s *Server) handleReplayStep(w http.ResponseWriter, r *http.Request) {
	t, err := s.timeline(r.Context(), chi.URLParam(r, "id"))
	if err != nil {
		s.replayError(w, r, err)
		return
	}
	as, v, err := perspective(r, t.Match().Setup.Seats)
	if err != nil {
		s.error(w, r, err)
		return
	}
	i, err := stepParam(chi.URLParam(r, "n"), -1)
	if err != nil {
		s.error(w, r, err)
		return
	}
	step, f, err := s.replayStep(r, t, i, as, v)
	if err != nil {
		s.error(w, r, err)
		return
	}
	if wantsJSON(r) {
		legal := saidMoves(reader(r, t.Names()), f.Legal)
		writeJSON(w, http.StatusOK, stepJSON{Match: t.Match().ID, Step: f.Info.Index, Steps: t.Len(), As: as,
			Turn: f.Info.Turn, Round: f.Info.Round, TurnStart: f.Info.TurnStart, RoundStart: f.Info.RoundStart,
			Progress: step.Progress, Actor: step.Actor, Action: f.Info.Action, Text: step.Text, Events: orNone(step.Events), Waiting: f.Info.Waiting,
			View: f.View, Legal: legal})
		return
	}
	w.Header().Set("Cache-Control", "private, max-age=3600")
	s.render(w, r, http.StatusOK, pages.ReplayStepView(step))
}

func orNone(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// stepParam reads a step number; "" means def (-1: the last step).
func stepParam(raw string, def int) (int, error) {
	if raw == "" {
		return def, nil
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < 0 {
		return 0, bad("game.page.error.bad_step")
	}
	return n, nil
}

// replayStep builds step i (clamped; -1 is the last) for one perspective.
func (s *Server) replayStep(r *http.Request, t *replay.Timeline, i int, as string, v game.Viewer) (pages.ReplayStep, replay.Frame, error) {
	board, drawn := s.games.Lookup(t.Match().Setup.Game)
	return replayview.Step(board, drawn, t, i, replayview.Eyes{Key: as, Viewer: v}, reader(r, t.Names()))
}

// roomRole reports whether the request speaks for someone in room code
// (its host, or a seat's holder) and whether for its host.
func (s *Server) roomRole(r *http.Request, code string) (member, host bool) {
	_ = s.Rooms.With(r.Context(), code, func(rm *room.Room) error {
		id := s.identity(r, rm)
		host = rm.IsHost(r.Context(), id)
		member = host || id.SeatID != ""
		return nil
	})
	return member, host
}
