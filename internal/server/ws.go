package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/coder/websocket"
	"golang.org/x/time/rate"

	"topsecret/internal/game"
	"topsecret/internal/room"
	"topsecret/web/catalogue"
	"topsecret/web/words"
)

// hardReadLimit is where the websocket library itself gives up and closes
// the connection; below it, an oversized message gets an error reply and the
// connection stays open.
const hardReadLimit = 64 << 10

// maxMsgID is the longest action id a client may send.
const maxMsgID = 64

// decodeClientMsg reads one client message; a message it refuses comes back
// as the error to send, worded by rd, and nothing else happens.
func decodeClientMsg(b []byte, limit int64, rd words.Reader) (clientMsg, *errorMsg) {
	refuse := func(id, code, msgID string, args ...game.Arg) (clientMsg, *errorMsg) {
		return clientMsg{}, &errorMsg{Type: "error", ID: id, apiError: saidError(rd, code, msgID, args...)}
	}
	var m clientMsg
	if err := json.Unmarshal(b, &m); err != nil {
		return refuse("", "bad_request", "game.page.error.malformed_json")
	}
	if len(m.ID) > maxMsgID {
		return refuse("", "bad_request", "game.page.error.id_long", game.N("max", maxMsgID))
	}
	if m.Type != "note" && int64(len(b)) > limit {
		return refuse(m.ID, "too_large", "game.page.error.too_large")
	}
	switch m.Type {
	case "ping", "note":
		return m, nil
	case "act":
		if m.Action == nil || m.Action.Type == "" {
			return refuse(m.ID, "bad_request", "game.page.error.act_type")
		}
		return m, nil
	default:
		return refuse(m.ID, "bad_request", "game.page.error.unknown_type", game.X("type", quote(m.Type)))
	}
}

// clientMsg is what a client sends: {"type":"act","id":"…","action":{"type":"pass","data":{…}}}.
type clientMsg struct {
	Type   string `json:"type"`
	ID     string `json:"id"`
	Action *struct {
		Type string          `json:"type"`
		Data json.RawMessage `json:"data"`
	} `json:"action"`
	// Note is a seat's private notes, with type "note".
	Note json.RawMessage `json:"note"`
}

// noteLimit is the largest note message: notes are bigger than actions.
const noteLimit = 20 << 10

type okMsg struct {
	Type string `json:"type"`
	ID   string `json:"id"`
}

// actOK acknowledges an action with its match and the version from which
// frames show it. Never its index in the log: that counts the hidden
// actions of other seats, and so would say when they happened.
type actOK struct {
	okMsg
	MatchID string `json:"match_id"`
	Version int64  `json:"version"`
}

type errorMsg struct {
	Type string `json:"type"`
	ID   string `json:"id,omitempty"`
	apiError
}

func (s *Server) handleRoomSocket(w http.ResponseWriter, r *http.Request) {
	var rm *room.Room
	s.withRoom(w, r, func(x *room.Room) error { rm = x; return nil })
	if rm == nil {
		return
	}
	addr := clientAddr(r)
	if !s.Doorman.OpenSocket(addr, rm.Code()) {
		s.error(w, r, &slowDown{"game.page.slow.sockets"})
		return
	}
	id := s.identity(r, rm)
	id.Table = r.URL.Query().Get("table") == "1"
	// A connection speaks the language decided when it opens; choosing
	// another reloads the page, and so the socket.
	lang := langOf(r)
	enc := s.htmlEncoder(r)
	if r.URL.Query().Get("view") == "json" {
		enc = jsonEncoder(lang)
	}
	hj := &smallBuffers{ResponseWriter: w}
	c, err := websocket.Accept(hj, r, &websocket.AcceptOptions{OriginPatterns: s.OriginPatterns, CompressionMode: s.Deflate})
	if err != nil {
		s.Doorman.CloseSocket(addr, rm.Code())
		return // Accept has answered (e.g. 403 for a foreign origin)
	}
	// The socket outlives this handler: returning lets net/http let go of
	// the request and this goroutine's grown stack, which an open socket
	// would otherwise hold for hours.
	go s.serveSocket(c, hj.conn, rm, id, enc, addr, lang)
}

// serveSocket runs one upgraded connection: this goroutine reads, a writer
// runs only while messages wait, and a timer, not a goroutine, waits
// between pings.
func (s *Server) serveSocket(c *websocket.Conn, raw *gatherConn, rm *room.Room, id room.Identity, enc room.Encoder, addr, lang string) {
	defer s.Doorman.CloseSocket(addr, rm.Code())
	defer c.CloseNow()
	c.SetReadLimit(hardReadLimit)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out := &outbox{s: s, c: c, raw: raw, ctx: ctx, cancel: cancel, lang: lang}
	sub, err := rm.SubscribeNotify(context.Background(), id, enc, out.wake)
	if err != nil {
		c.Close(websocket.StatusTryAgainLater, "room unavailable")
		return
	}
	defer rm.Unsubscribe(sub)
	out.open(sub)
	out.keepAlive()
	defer out.stopPings()
	s.readLoop(ctx, cancel, c, rm, id, sub, lang)
	c.Close(websocket.StatusNormalClosure, "")
}

// readLoop decodes client messages and hands actions to the room. Every
// refusal goes to this client only and leaves the connection open.
func (s *Server) readLoop(ctx context.Context, cancel context.CancelFunc, c *websocket.Conn, rm *room.Room, id room.Identity, sub *room.Subscriber, lang string) {
	defer cancel()
	limit := rate.NewLimiter(rate.Limit(s.RatePerSec), s.RateBurst)
	limited := false // told the client it is limited; say it once per burst
	rd := catalogue.Words().Reader(lang, nil)
	var in lane // the connection's actions and notes, in order
	defer in.finish()
	for {
		// A read waits on a context that never ends, which costs the
		// websocket nothing (a cancellable one costs it a registration per
		// read): hanging up closes the socket instead, and the read returns.
		typ, b, err := c.Read(context.Background())
		if err != nil {
			if st := websocket.CloseStatus(err); st != websocket.StatusNormalClosure && st != websocket.StatusGoingAway &&
				!errors.Is(err, context.Canceled) && st == -1 {
				s.Log.Debug("websocket read", "room", rm.Code(), "err", err)
			}
			return
		}
		if !limit.Allow() {
			if !limited {
				sub.Reply(errorJSON("", saidError(rd, "rate_limited", "game.page.error.too_fast")))
			}
			limited = true
			continue
		}
		limited = false
		if typ != websocket.MessageText {
			sub.Reply(errorJSON("", saidError(rd, "bad_request", "game.page.error.text_only")))
			continue
		}
		if len(b) > noteLimit {
			sub.Reply(errorJSON("", saidError(rd, "too_large", "game.page.error.too_large")))
			continue
		}
		s.handleClientMsg(ctx, rm, id, sub, b, lang, &in)
	}
}

// handleClientMsg answers what it can at once (a ping, a refusal, busy)
// and queues an action or a note on the connection's lane.
func (s *Server) handleClientMsg(ctx context.Context, rm *room.Room, id room.Identity, sub *room.Subscriber, b []byte, lang string, in *lane) {
	m, refusal := decodeClientMsg(b, s.ReadLimit, catalogue.Words().Reader(lang, nil))
	if refusal != nil {
		sub.Reply(mustJSON(refusal))
		return
	}
	switch m.Type {
	case "ping":
		sub.Reply(mustJSON(okMsg{Type: "pong", ID: m.ID}))
		return
	case "note":
		if !in.run(func() { s.handleNote(ctx, rm, id, sub, m, lang) }) {
			sub.Reply(errorJSON(m.ID, s.busy(lang)))
		}
		return
	}
	if id.SeatID == "" || id.Table {
		sub.Reply(errorJSON(m.ID, saidError(catalogue.Words().Reader(lang, nil), "not_seated", "game.page.error.not_seated")))
		return
	}
	if !s.Overload.Enter() {
		// Answered at once: the page sends it again shortly, and the server
		// spends its CPU on the actions it took.
		sub.Reply(errorJSON(m.ID, s.busy(lang)))
		return
	}
	taken := in.run(func() {
		defer s.Overload.Leave()
		s.act(ctx, rm, id, sub, m, lang)
	})
	if !taken {
		s.Overload.Leave()
		sub.Reply(errorJSON(m.ID, s.busy(lang)))
	}
}

// act plays a seat's action and answers it.
func (s *Server) act(ctx context.Context, rm *room.Room, id room.Identity, sub *room.Subscriber, m clientMsg, lang string) {
	a := game.Action{Type: m.Action.Type, Data: m.Action.Data}
	at, err := rm.Act(ctx, id.SeatID, m.ID, a)
	if err != nil {
		status, body := classify(err, catalogue.Words().Reader(lang, rm.MatchNames(ctx)))
		if status == http.StatusInternalServerError {
			s.Log.Error("action failed", "room", rm.Code(), "type", a.Type, "err", err)
		}
		sub.Reply(errorJSON(m.ID, body))
		return
	}
	sub.Reply(mustJSON(actOK{okMsg: okMsg{Type: "ok", ID: m.ID}, MatchID: at.MatchID, Version: at.Version}))
}

// handleNote stores a seat's private notes; only that seat sees them again.
func (s *Server) handleNote(ctx context.Context, rm *room.Room, id room.Identity, sub *room.Subscriber, m clientMsg, lang string) {
	if id.SeatID == "" || id.Table {
		sub.Reply(errorJSON(m.ID, saidError(catalogue.Words().Reader(lang, nil), "not_seated", "game.page.error.not_seated")))
		return
	}
	if err := rm.PutNote(ctx, id.SeatID, m.Note); err != nil {
		status, body := classify(err, catalogue.Words().Reader(lang, rm.MatchNames(ctx)))
		if status == http.StatusInternalServerError {
			s.Log.Error("note failed", "room", rm.Code(), "err", err)
		}
		sub.Reply(errorJSON(m.ID, body))
		return
	}
	sub.Reply(mustJSON(okMsg{Type: "ok", ID: m.ID}))
}

// busy is the busy refusal in lang, worded once per language: under
// overload it is said hundreds of times a second.
func (s *Server) busy(lang string) apiError {
	if e, ok := s.busyWords.Load(lang); ok {
		return e.(apiError)
	}
	e := saidError(catalogue.Words().Reader(lang, nil), "busy", "game.page.error.busy")
	s.busyWords.Store(lang, e)
	return e
}

func errorJSON(id string, e apiError) []byte {
	return mustJSON(errorMsg{Type: "error", ID: id, apiError: e})
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

func quote(s string) string {
	if len(s) > 32 {
		s = s[:32] + "…"
	}
	b, _ := json.Marshal(s)
	return string(b)
}
