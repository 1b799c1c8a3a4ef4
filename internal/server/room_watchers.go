package server

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"sync"
	"time"

	"github.com/coder/websocket"
	"github.com/go-chi/chi/v5"

	"topsecret/internal/game"
	"topsecret/internal/room"
	"topsecret/web/pages"
)

// networkKey keys the names the host's list gives networks: the same
// address gets the same name in every room while the process runs, and
// no name gives an address away.
var networkKey = sync.OnceValue(func() []byte {
	k := make([]byte, 32)
	_, _ = rand.Read(k)
	return k
})

// networkOf names the network of client address addr for the host's list
// of watchers: sockets from one address are listed and removed together.
func networkOf(addr string) string {
	m := hmac.New(sha256.New, networkKey())
	m.Write([]byte(addr))
	return hex.EncodeToString(m.Sum(nil)[:8])
}

// handleWatchersRemove closes the watchers' sockets from one network and
// keeps that network's watchers out for a while; host only. Seats and the
// host on the same network stay.
func (s *Server) handleWatchersRemove(w http.ResponseWriter, r *http.Request) {
	s.withRoom(w, r, func(rm *room.Room) error {
		if err := rm.RemoveWatchers(r.Context(), s.identity(r, rm), chi.URLParam(r, "id")); err != nil {
			return err
		}
		writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
		return nil
	})
}

// sayRemoved tells a watcher the host removed why its connection ends.
func (s *Server) sayRemoved(o *outbox, lang string) {
	rd := s.games.Words().Reader(lang, nil)
	// The code tells the page to reload, which then says it will not
	// reconnect for a while.
	_ = o.write(mustJSON(struct {
		Type   string `json:"type"`
		Code   string `json:"code"`
		Reason string `json:"reason"`
	}{"bye", "removed", rd.Say(game.M("game.page.watchers.removed"))}))
	o.c.Close(websocket.StatusPolicyViolation, room.CauseRemoved)
}

// watcherList is the host's list of watchers in a frame, nil for everyone else.
func watcherList(f *room.Frame) *pages.WatcherList {
	if f.Watchers == nil {
		return nil
	}
	l := &pages.WatcherList{Count: f.Watchers.Count, BarMinutes: int(room.BarLife / time.Minute)}
	for _, g := range f.Watchers.Groups {
		l.Groups = append(l.Groups, pages.WatcherLine{ID: g.ID, Screens: g.Screens, Tables: g.Tables,
			Since: time.UnixMilli(g.Since), Seats: g.Seats, Host: g.Host})
	}
	return l
}
