package server

// The replay page around its first step, drawn by web/replayview as the
// night's file draws it, and the words the room's history shares with it.

import (
	"net/http"
	"time"

	"topsecret/internal/replay"
	"topsecret/internal/store"
	"topsecret/web/pages"
	"topsecret/web/replayview"
	"topsecret/web/words"
)

// replayPage fills the page around a first step.
func (s *Server) replayPage(r *http.Request, t *replay.Timeline, as string, step pages.ReplayStep) pages.Replay {
	board, drawn := s.games.Lookup(t.Match().Setup.Game)
	return replayview.Page(board, drawn, t, reader(r, t.Names()), as, step)
}

// joinNames lists names as the reader's language does; no names is no words.
func joinNames(rd words.Reader, ns []string) string { return replayview.JoinNames(rd, ns) }

// length is "87 steps · 6 min" for a finished match.
func length(rd words.Reader, actions int, m store.Match) string {
	return replayview.Length(rd, actions, m)
}

// date is when a match began in the reader's words (the year only where asked).
func date(rd words.Reader, t time.Time, year bool) string { return replayview.Date(rd, t, year) }
