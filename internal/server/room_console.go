package server

import (
	"net/http"
	"net/url"
	"time"

	"topsecret/internal/game"
	"topsecret/internal/room"
	"topsecret/web/pages"
)

// consoleJSON is the host's one-time code for opening the host's console
// on a TV: the code to type there, a link carrying it, the link's QR code,
// and the sheet that shows them.
type consoleJSON struct {
	Code    string    `json:"code"`
	URL     string    `json:"url"`
	QR      string    `json:"qr"`
	Expires time.Time `json:"expires"`
	HTML    string    `json:"html"`
}

// handleConsoleHand makes a one-time code that opens the host's console
// on another screen; host only. The code, never the host's token, goes in
// the link: used once and minutes long, it is worth nothing in a history.
func (s *Server) handleConsoleHand(w http.ResponseWriter, r *http.Request) {
	s.withRoom(w, r, func(rm *room.Room) error {
		c, err := rm.HandConsole(r.Context(), s.identity(r, rm))
		if err != nil {
			return err
		}
		link := s.baseURL(r) + "/r/" + rm.Code() + "/table?" + url.Values{"console": {c.Code}}.Encode()
		qr := drawQR(link)
		html, err := renderString(pages.ConsoleSheetView(pages.ConsoleSheet{Words: reader(r, nil), Code: c.Code[:4] + " " + c.Code[4:],
			URL: link, QRSVG: qr, Minutes: int(room.ConsoleLife / time.Minute)}))
		if err != nil {
			return err
		}
		w.Header().Set("Cache-Control", "no-store")
		writeJSON(w, http.StatusCreated, consoleJSON{Code: c.Code, URL: link, QR: qr, Expires: c.Expires, HTML: html})
		return nil
	})
}

// handleConsoleTake opens the host's console on the screen that typed the
// host's one-time code: it gets a host token of its own, in an HttpOnly
// cookie. Tries are limited as rejoin codes are.
func (s *Server) handleConsoleTake(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Code string `json:"code"`
	}
	if err := decodeJSON(r, &req); err != nil {
		s.error(w, r, err)
		return
	}
	if req.Code == "" {
		s.error(w, r, bad("game.page.error.missing_field", game.X("field", "code")))
		return
	}
	s.withRoom(w, r, func(rm *room.Room) error {
		if !s.rejoinTries.allow(r, "console", rm.Code(), s.Rooms.Clock.Now()) {
			s.tooManyTries(w, r)
			return nil
		}
		token, err := rm.TakeConsole(r.Context(), req.Code)
		if err != nil {
			return err
		}
		s.setCookie(w, r, hostCookie(rm.Code()), token)
		writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
		return nil
	})
}
