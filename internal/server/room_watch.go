package server

import (
	"net/http"
	"net/url"
	"strconv"

	"topsecret/internal/room"
	"topsecret/web/pages"
)

// handleRoomWatch is POST /api/rooms/{code}/watch (host): show a finished
// match's replay to the whole room at a step, move the step, or stop
// ({"stop":true}). Every connection's next frame carries the cursor.
func (s *Server) handleRoomWatch(w http.ResponseWriter, r *http.Request) {
	var req struct {
		MatchID string `json:"match_id"`
		Step    int    `json:"step"`
		As      string `json:"as"`
		Stop    bool   `json:"stop"`
	}
	if err := decodeJSON(r, &req); err != nil {
		s.error(w, r, err)
		return
	}
	s.withRoom(w, r, func(rm *room.Room) error {
		id := s.identity(r, rm)
		if req.Stop {
			if err := rm.StopWatch(r.Context(), id); err != nil {
				return err
			}
		} else if err := rm.Watch(r.Context(), id, room.WatchState{MatchID: req.MatchID, Step: req.Step, As: req.As}); err != nil {
			return err
		}
		writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
		return nil
	})
}

// watchLine is the live page's banner for the room's shared replay: each
// phone opens it with its own eyes (its seat, or the table's). The table
// screen is the room's: it shows what the host shows, with the host's eyes,
// and opens it by itself (Follow), to come back when the showing stops.
func watchLine(f *room.Frame) *pages.WatchLine {
	if f.Watch == nil {
		return nil
	}
	as := "table"
	for i, id := range f.Watch.SeatIDs {
		if id != "" && id == f.SeatID && !f.Table {
			as = strconv.Itoa(i)
		}
	}
	line := &pages.WatchLine{MatchID: f.Watch.MatchID, Number: f.Watch.Number, Step: f.Watch.Step,
		Last: f.Watch.Steps - 1, As: as, Code: f.Code, IsHost: f.Host}
	if f.Table {
		line.As = f.Watch.As
		line.Follow = "/m/" + f.Watch.MatchID + "?as=" + url.QueryEscape(line.As) + "&follow=1&screen=table&room=" + f.Code + "#" + strconv.Itoa(f.Watch.Step)
	}
	return line
}
