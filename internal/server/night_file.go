package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"topsecret/internal/game"
	"topsecret/internal/room"
	"topsecret/internal/store"
	"topsecret/web/nightfile"
)

// nightCacheSize is how many night files are kept built: each is a few
// MB, and a whole table downloads the same one at the end of the night.
const nightCacheSize = 4

// nightTimeout bounds building a night's file: a long night of every game
// takes some seconds of one processor (docs/benchmarks.md), more on a
// machine busy with rooms in play.
const nightTimeout = 2 * time.Minute

// handleNightFile is /r/{code}/night.html: the room's night as one file
// that replays every finished match with no server (web/nightfile), worded
// in the reader's language, as a download. Only the room's people may
// take it: whoever holds its host token or one of its seats, the same who
// are shown the room's code on a replay. Anyone else, a stranger who has
// the code included, is refused. The file holds what a finished match's
// replay shows anyone, through every eyes, and nothing of the live room.
func (s *Server) handleNightFile(w http.ResponseWriter, r *http.Request) {
	code := room.NormalizeCode(chi.URLParam(r, "code"))
	var member bool
	s.withRoom(w, r, func(rm *room.Room) error {
		if member = s.nightTaker(r, rm); !member {
			return &refused{game.M("game.page.night.members_only")}
		}
		return nil
	})
	if !member {
		return
	}
	lang := langOf(r)
	file, name, err := s.nightFile(r.Context(), code, lang)
	if errors.Is(err, nightfile.ErrEmpty) {
		msg := game.M("game.page.night.none")
		err = &room.Refusal{Msg: "no finished match", Said: &msg}
	}
	if err != nil {
		s.error(w, r, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s"`, name))
	h.Set("Cache-Control", "private, no-cache")
	_, _ = w.Write(file)
}

// nightTaker says whether r may take room rm's night home: it holds the
// room's host token or one of its seats, or holds the host role now.
func (s *Server) nightTaker(r *http.Request, rm *room.Room) bool {
	id := s.identity(r, rm)
	return id.Host || id.SeatID != "" || rm.IsHost(r.Context(), id)
}

// nightFile is room code's night in lang and its file's name, built once for each set of finished matches: a table
// downloads the same night from every phone, and building it draws every
// step of every match. One is built at a time, so rooms in play keep the
// processor.
func (s *Server) nightFile(ctx context.Context, code, lang string) ([]byte, string, error) {
	ms, err := s.Store.Matches(ctx, code)
	if err != nil {
		return nil, "", err
	}
	var key strings.Builder
	key.WriteString(code + "|" + lang)
	for _, m := range ms {
		if m.Status == store.StatusFinished {
			key.WriteString("|" + m.ID)
		}
	}
	name := nightfile.FileName(ms)
	if f, ok := s.nights.get(key.String()); ok {
		return f, name, nil
	}
	select {
	case s.nightBuilds <- struct{}{}:
		defer func() { <-s.nightBuilds }()
	case <-ctx.Done():
		return nil, "", ctx.Err()
	}
	if f, ok := s.nights.get(key.String()); ok {
		return f, name, nil
	}
	f, err := nightfile.Build(ctx, s.games, s.Store, code, lang)
	if err != nil {
		return nil, "", err
	}
	s.nights.put(key.String(), f)
	return f, name, nil
}
