package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/coder/websocket"
	"github.com/go-chi/chi/v5"
	"golang.org/x/time/rate"

	"topsecret/internal/game"
	"topsecret/internal/room"
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
		s.knock(r)
		return
	}
	id := s.identity(r, rm)
	id.Table = r.URL.Query().Get("table") == "1"
	at := socketAt{addr: clientAddr(r), code: rm.Code(), holder: holderOf(id)}
	network := networkOf(at.addr)
	if room.Watching(id) && rm.Barred(r.Context(), network) {
		s.error(w, r, room.ErrBarred)
		return
	}
	if !s.Doorman.OpenSocket(at.addr, at.code, at.holder) {
		// A host kept out is not away: the role stays until it could
		// have come back and did not.
		rm.Knock(r.Context(), id)
		s.error(w, r, &slowDown{"game.page.slow.sockets"})
		return
	}
	// A connection speaks the language decided when it opens; choosing
	// another reloads the page, and so the socket.
	lang := langOf(r)
	enc := s.htmlEncoder(r)
	if r.URL.Query().Get("view") == "json" {
		enc = s.jsonEncoder(lang)
	}
	hj := &smallBuffers{ResponseWriter: w}
	c, err := websocket.Accept(hj, r, &websocket.AcceptOptions{OriginPatterns: s.OriginPatterns, CompressionMode: s.Deflate})
	if err != nil {
		s.Doorman.CloseSocket(at.addr, at.code, at.holder)
		return // Accept has answered (e.g. 403 for a foreign origin)
	}
	// The socket outlives this handler: returning lets net/http let go of
	// the request and this goroutine's grown stack, which an open socket
	// would otherwise hold for hours.
	held := r.URL.Query().Get("held")
	if len(held) > maxHeld {
		held = "" // no digest: the first frame comes whole
	}
	go s.serveSocket(c, hj.conn, rm, room.Connection{ID: id, Enc: enc, Network: network}, at, lang, held)
}

// socketAt is what the doorman counted a websocket under: its address,
// its room, and the seat or host token it holds ("" for a watcher).
type socketAt struct{ addr, code, holder string }

// holderOf is the doorman's name for what id holds in its room: a seat,
// the host token, or nothing (a watcher).
func holderOf(id room.Identity) string {
	switch {
	case id.SeatID != "":
		return "seat " + id.SeatID
	case id.Host:
		return "host"
	}
	return ""
}

// knock tells a loaded room that a request for its socket was refused
// before the room was looked up (its address out of wrong-code guesses),
// so that a host kept out is not counted as away.
func (s *Server) knock(r *http.Request) {
	if rm, ok := s.Rooms.Loaded(room.NormalizeCode(chi.URLParam(r, "code"))); ok {
		rm.Knock(r.Context(), s.identity(r, rm))
	}
}

// socket is one websocket connection's reading side: the room and who it
// speaks for there, its subscription, and the lane its actions and notes
// wait on. Its writing side, with the connection's context and language,
// is out.
type socket struct {
	s   *Server
	out *outbox
	rm  *room.Room
	id  room.Identity
	sub *room.Subscriber
	rd  words.Reader // the connection's language, for refusals that name no seat
	in  lane         // the connection's actions and notes, in order
}

// serveSocket runs one upgraded connection: this goroutine reads, a writer
// runs only while messages wait, and a timer, not a goroutine, waits
// between pings.
func (s *Server) serveSocket(c *websocket.Conn, raw *gatherConn, rm *room.Room, conn room.Connection, at socketAt, lang, held string) {
	defer s.Doorman.CloseSocket(at.addr, at.code, at.holder)
	defer c.CloseNow()
	c.SetReadLimit(hardReadLimit)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out := &outbox{s: s, c: c, raw: raw, ctx: ctx, cancel: cancel, lang: lang, held: held}
	conn.Notify = out.wake
	sub, err := rm.Connect(context.Background(), conn)
	if errors.Is(err, room.ErrBarred) {
		// Removed between the look before the upgrade and now.
		s.sayRemoved(out, lang)
		return
	}
	if err != nil {
		c.Close(websocket.StatusTryAgainLater, "room unavailable")
		return
	}
	defer rm.Unsubscribe(sub)
	out.open(sub)
	out.keepAlive()
	defer out.stopPings()
	sk := &socket{s: s, out: out, rm: rm, id: conn.ID, sub: sub, rd: s.games.Words().Reader(lang, nil)}
	sk.read()
	c.Close(websocket.StatusNormalClosure, "")
}

// read decodes client messages and hands actions to the room. Every
// message is answered, to this client only, and a refusal leaves the
// connection open.
func (sk *socket) read() {
	defer sk.out.cancel()
	limit := rate.NewLimiter(rate.Limit(sk.s.RatePerSec), sk.s.RateBurst)
	defer sk.in.finish()
	for {
		// A read waits on a context that never ends, which costs the
		// websocket nothing (a cancellable one costs it a registration per
		// read): hanging up closes the socket instead, and the read returns.
		typ, b, err := sk.out.c.Read(context.Background())
		if err != nil {
			if st := websocket.CloseStatus(err); st != websocket.StatusNormalClosure && st != websocket.StatusGoingAway &&
				!errors.Is(err, context.Canceled) && st == -1 {
				sk.s.Log.Debug("websocket read", "room", sk.rm.Code(), "err", err)
			}
			return
		}
		if !limit.Allow() {
			// Answered, with its id, and otherwise ignored: a client past
			// the limit learns which messages did nothing.
			sk.refuse(idOf(typ, b), sk.s.tooFast(sk.out.lang))
			continue
		}
		if typ != websocket.MessageText {
			sk.refuse("", saidError(sk.rd, "bad_request", "game.page.error.text_only"))
			continue
		}
		if len(b) > noteLimit {
			sk.refuse("", saidError(sk.rd, "too_large", "game.page.error.too_large"))
			continue
		}
		sk.handle(b)
	}
}

// handle answers what it can at once (a ping, a refusal, busy) and queues
// an action or a note on the connection's lane.
func (sk *socket) handle(b []byte) {
	m, refusal := decodeClientMsg(b, sk.s.ReadLimit, sk.rd)
	if refusal != nil {
		sk.reply(mustJSON(refusal))
		return
	}
	switch m.Type {
	case "ping":
		sk.reply(mustJSON(okMsg{Type: "pong", ID: m.ID}))
		return
	case "note":
		if !sk.in.run(func() { sk.note(m) }) {
			sk.refuse(m.ID, sk.s.busy(sk.out.lang))
		}
		return
	}
	if !sk.seated(m.ID) {
		return
	}
	if !sk.s.Overload.Enter() {
		// Answered at once: the page sends it again shortly, and the server
		// spends its CPU on the actions it took.
		sk.refuse(m.ID, sk.s.busy(sk.out.lang))
		return
	}
	taken := sk.in.run(func() {
		defer sk.s.Overload.Leave()
		sk.act(m)
	})
	if !taken {
		sk.s.Overload.Leave()
		sk.refuse(m.ID, sk.s.busy(sk.out.lang))
	}
}

// act plays a seat's action and answers it.
func (sk *socket) act(m clientMsg) {
	ctx := sk.out.ctx
	a := game.Action{Type: m.Action.Type, Data: m.Action.Data}
	at, err := sk.rm.Act(ctx, sk.id.SeatID, m.ID, a)
	if err != nil {
		sk.failed(m.ID, err, "action failed", "type", a.Type)
		return
	}
	sk.reply(mustJSON(actOK{okMsg: okMsg{Type: "ok", ID: m.ID}, MatchID: at.MatchID, Version: at.Version}))
}

// note stores a seat's private notes; only that seat sees them again.
func (sk *socket) note(m clientMsg) {
	if !sk.seated(m.ID) {
		return
	}
	if err := sk.rm.PutNote(sk.out.ctx, sk.id.SeatID, m.Note); err != nil {
		sk.failed(m.ID, err, "note failed")
		return
	}
	sk.reply(mustJSON(okMsg{Type: "ok", ID: m.ID}))
}

// seated reports whether the connection speaks for a seat, and refuses
// message id if not: watchers and the table screen only look.
func (sk *socket) seated(id string) bool {
	if sk.id.SeatID == "" || sk.id.Table {
		sk.refuse(id, saidError(sk.rd, "not_seated", "game.page.error.not_seated"))
		return false
	}
	return true
}

// failed answers message id with the room's refusal, worded with the
// match's seat names, and logs what was not a refusal.
func (sk *socket) failed(id string, err error, what string, attrs ...any) {
	status, body := classify(err, sk.s.games.Words().Reader(sk.out.lang, sk.rm.MatchNames(sk.out.ctx)))
	if status == http.StatusInternalServerError {
		sk.s.Log.Error(what, append([]any{"room", sk.rm.Code()}, append(attrs, "err", err)...)...)
	}
	sk.refuse(id, body)
}

// reply sends b to this client only.
func (sk *socket) reply(b []byte) { sk.sub.Reply(sk.out.ctx, b) }

// refuse answers message id (or none, "") with e.
func (sk *socket) refuse(id string, e apiError) { sk.reply(errorJSON(id, e)) }

// busy is the busy refusal in lang.
func (s *Server) busy(lang string) apiError { return s.saidOften(lang, "busy", "game.page.error.busy") }

// tooFast is the refusal of a message past the connection's rate limit, in lang.
func (s *Server) tooFast(lang string) apiError {
	return s.saidOften(lang, "rate_limited", "game.page.error.too_fast")
}

// saidOften is a refusal worded once per language: under overload or a
// flood it is said hundreds of times a second.
func (s *Server) saidOften(lang, code, msgID string) apiError {
	key := lang + " " + msgID
	if e, ok := s.refusals.Load(key); ok {
		return e.(apiError)
	}
	e := saidError(s.games.Words().Reader(lang, nil), code, msgID)
	s.refusals.Store(key, e)
	return e
}

// idOf is the id of a client message past the rate limit, read without
// acting on anything else in it; "" when it has none that could be echoed.
func idOf(typ websocket.MessageType, b []byte) string {
	var m struct {
		ID string `json:"id"`
	}
	if typ != websocket.MessageText || len(b) > noteLimit || json.Unmarshal(b, &m) != nil || len(m.ID) > maxMsgID {
		return ""
	}
	return m.ID
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
