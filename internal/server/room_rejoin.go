package server

import (
	"errors"
	"net/http"
	"time"

	"github.com/coder/websocket"
	"github.com/go-chi/chi/v5"

	"topsecret/internal/game"
	"topsecret/internal/room"
	"topsecret/web/layout"
	"topsecret/web/pages"
	"topsecret/web/words"
)

// linkJSON answers the host's "Move to another phone": the one-time link,
// its QR code as inline SVG, when it stops working, and the sheet that
// shows them, worded for the host.
type linkJSON struct {
	URL     string    `json:"url"`
	QR      string    `json:"qr"`
	Expires time.Time `json:"expires"`
	Name    string    `json:"name"`
	HTML    string    `json:"html"`
}

// askJSON answers "I was Bob: rejoin": Grant is the asker's secret to
// claim the seat with once the host allows it; Signs are the pictures the
// host's prompt shows too, and HTML the asking phone's screen showing them.
type askJSON struct {
	AskID   string      `json:"ask_id"`
	Grant   string      `json:"grant"`
	Name    string      `json:"name"`
	Expires time.Time   `json:"expires"`
	Message string      `json:"message"`
	Signs   []room.Sign `json:"signs"`
	HTML    string      `json:"html"`
}

// waitingJSON answers a claim whose request the host has not answered yet.
type waitingJSON struct {
	Status  string `json:"status"`
	Message string `json:"message"`
}

// handleSeatLink makes the one-time link that moves a seat to another
// phone; host only. For a seat whose phone is connected it asks that phone
// first (202) and makes the link once the phone allowed it.
func (s *Server) handleSeatLink(w http.ResponseWriter, r *http.Request) {
	s.withRoom(w, r, func(rm *room.Room) error {
		p, err := rm.PassSeat(r.Context(), s.identity(r, rm), chi.URLParam(r, "id"))
		var asked *room.ConsentAsked
		if errors.As(err, &asked) {
			writeConsentAsked(w, r, asked.Name)
			return nil
		}
		if err != nil {
			return err
		}
		url := s.baseURL(r) + "/r/" + rm.Code() + "/pass/" + p.Secret
		// Drawn, not cached: each link is new, secret and shown once.
		qr := drawQR(url)
		html, err := renderString(pages.MoveSheetView(pages.MoveSheet{Words: reader(r, nil), Name: p.Name, URL: url,
			QRSVG: qr, Minutes: int(room.PassLife / time.Minute)}))
		if err != nil {
			return err
		}
		w.Header().Set("Cache-Control", "no-store")
		writeJSON(w, http.StatusCreated, linkJSON{URL: url, QR: qr, Expires: p.Expires, Name: p.Name, HTML: html})
		return nil
	})
}

// handleSeatAsk asks the host to let this browser take a seat whose phone
// is away.
func (s *Server) handleSeatAsk(w http.ResponseWriter, r *http.Request) {
	s.withRoom(w, r, func(rm *room.Room) error {
		if !s.rejoinTries.allow(r, "ask", rm.Code(), s.Rooms.Clock.Now()) {
			s.tooManyTries(w, r)
			return nil
		}
		from := room.Asker{Addr: clientAddr(r), Came: s.arrival(w, r, rm)}
		a, err := rm.Ask(r.Context(), s.identity(r, rm), chi.URLParam(r, "id"), from)
		if err != nil {
			return err
		}
		rd := reader(r, nil)
		html, err := renderString(pages.AskWaitView(pages.AskWait{Words: rd, Name: a.Name, Pictures: pictures(a.Signs, rd)}))
		if err != nil {
			return err
		}
		msg := rd.Say(game.M("game.rejoin.waiting", game.X("name", a.Name)))
		writeJSON(w, http.StatusCreated, askJSON{AskID: a.ID, Grant: a.Grant, Name: a.Name, Expires: a.Expires,
			Message: msg, Signs: a.Signs, HTML: html})
		return nil
	})
}

func (s *Server) handleAskAllow(w http.ResponseWriter, r *http.Request)  { s.answerAsk(w, r, true) }
func (s *Server) handleAskRefuse(w http.ResponseWriter, r *http.Request) { s.answerAsk(w, r, false) }

// answerAsk allows or refuses a request for a seat; host only.
func (s *Server) answerAsk(w http.ResponseWriter, r *http.Request, allow bool) {
	s.withRoom(w, r, func(rm *room.Room) error {
		if err := rm.Answer(r.Context(), s.identity(r, rm), chi.URLParam(r, "id"), allow); err != nil {
			return err
		}
		writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
		return nil
	})
}

// handleSeatClaim takes a seat for this browser with one of a link's
// secret, a rejoin code, or an allowed request's grant, and sets the
// seat's new token as its cookie. A request the host has not answered
// yet gets 202 and a message to show while asking again.
func (s *Server) handleSeatClaim(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Pass  string `json:"pass"`
		Code  string `json:"code"`
		Grant string `json:"grant"`
	}
	if err := decodeJSON(r, &req); err != nil {
		s.error(w, r, err)
		return
	}
	if n := nonEmpty(req.Pass, req.Code, req.Grant); n != 1 {
		s.error(w, r, bad("game.page.error.claim_one"))
		return
	}
	s.withRoom(w, r, func(rm *room.Room) error {
		if req.Code != "" && !s.rejoinTries.allow(r, "code", rm.Code(), s.Rooms.Clock.Now()) {
			s.tooManyTries(w, r)
			return nil
		}
		c, err := rm.Claim(r.Context(), room.Claim{Pass: req.Pass, Code: req.Code, Grant: req.Grant, By: s.identity(r, rm)})
		if errors.Is(err, room.ErrAskWaiting) {
			writeJSON(w, http.StatusAccepted, waitingJSON{Status: "waiting", Message: reader(r, nil).Say(game.M("game.rejoin.still_waiting"))})
			return nil
		}
		if err != nil {
			return err
		}
		s.setCookie(w, r, seatCookie(rm.Code()), c.Token)
		writeJSON(w, http.StatusOK, seatJSON(c.Seat, c.Token))
		return nil
	})
}

// handlePassPage is where a seat's one-time link lands: it asks before
// taking the seat, because chat apps open links on their own to preview
// them, and says plainly when the link is used or expired.
func (s *Server) handlePassPage(w http.ResponseWriter, r *http.Request) {
	s.withRoom(w, r, func(rm *room.Room) error {
		name, err := rm.PassName(r.Context(), chi.URLParam(r, "secret"))
		return s.passPage(w, r, rm, name, err)
	})
}

// handlePassTake takes the seat a link moves for this browser, then opens the room.
func (s *Server) handlePassTake(w http.ResponseWriter, r *http.Request) {
	s.withRoom(w, r, func(rm *room.Room) error {
		c, err := rm.Claim(r.Context(), room.Claim{Pass: chi.URLParam(r, "secret"), By: s.identity(r, rm)})
		if err != nil {
			return s.passPage(w, r, rm, "", err)
		}
		s.setCookie(w, r, seatCookie(rm.Code()), c.Token)
		http.Redirect(w, r, "/r/"+rm.Code(), http.StatusSeeOther)
		return nil
	})
}

// passPage renders the link's page: the question, or the refusal err.
func (s *Server) passPage(w http.ResponseWriter, r *http.Request, rm *room.Room, name string, err error) error {
	rd := reader(r, nil)
	p := pages.PassPage{Words: rd, Code: rm.Code(), Name: name}
	status := http.StatusOK
	var rf *room.Refusal
	switch {
	case errors.As(err, &rf) && rf.Said != nil:
		p.Problem, status = rd.Say(*rf.Said), http.StatusGone
	case err != nil:
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	s.render(w, r, status, layout.Page("Top Secret · "+rm.Code(), pages.PassView(p), layout.Plain))
	return nil
}

// tooManyTries refuses a rejoin try over the rate limit.
func (s *Server) tooManyTries(w http.ResponseWriter, r *http.Request) {
	s.warn(r, "rejoin")
	w.Header().Set("Retry-After", "60")
	writeJSON(w, http.StatusTooManyRequests, saidError(reader(r, nil), "rate_limited", "game.rejoin.too_many"))
}

// sayMoved tells a phone whose seat moved to another phone why its
// connection ends; it reconnects as a watcher, and its page says so too.
func (s *Server) sayMoved(o *outbox, lang string) {
	rd := s.games.Words().Reader(lang, nil)
	_ = o.write(mustJSON(struct {
		Type   string `json:"type"`
		Reason string `json:"reason"`
	}{"bye", rd.Say(game.M("game.rejoin.moved"))}))
	o.c.Close(websocket.StatusNormalClosure, room.CauseMoved)
}

// rejoinLine is what a frame's live region shows about moving seats.
func rejoinLine(f *room.Frame, seats []pages.SeatLine, rd words.Reader) pages.RejoinLine {
	// The host (or who may take the role back) runs the room: no "Lost
	// your seat?" nor "I was Bob" for other people's seats.
	l := pages.RejoinLine{Words: rd, Visitor: f.SeatID == "" && !f.Table && !f.Host && !f.HostBack}
	if f.Rejoin != nil {
		l.Code, l.Moved = f.Rejoin.Code, f.Rejoin.Moved
		for _, a := range f.Rejoin.Asks {
			came, fresh := cameSaid(a)
			l.Asks = append(l.Asks, pages.AskLine{ID: a.ID, Name: a.Name, Pictures: pictures(a.Signs, rd), Came: came, CameNow: fresh})
		}
	}
	if l.Visitor {
		for _, s := range seats {
			if !s.Bot && !s.Connected {
				l.Lost = append(l.Lost, s)
			}
		}
	}
	return l
}

func nonEmpty(ss ...string) int {
	n := 0
	for _, s := range ss {
		if s != "" {
			n++
		}
	}
	return n
}
