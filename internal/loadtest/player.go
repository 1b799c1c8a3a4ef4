package loadtest

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/coder/websocket"
)

// inbound is the part of a server message the load tool reads: a frame's
// match and legal moves, or a reply to an action.
type inbound struct {
	Type   string `json:"type"`
	Status string `json:"status"`
	// Version is a frame's, or an ok's: the version from which frames
	// show the action.
	Version int64           `json:"version"`
	Match   *matchRef       `json:"match"`
	Legal   json.RawMessage `json:"legal"` // a JSON array of legalMove
	// ID and MatchID are an ok's; ID and Code an error's (a frame's code
	// is the room's, and unused).
	ID      string `json:"id"`
	MatchID string `json:"match_id"`
	Code    string `json:"code"`
}

// matchRef is what the tool reads of a frame's match.
type matchRef struct {
	ID     string `json:"id"`
	Number int    `json:"number"`
	Status string `json:"status"`
}

// legalMove is one of a seat's legal moves: ready to send, or a template
// whose fields each take one of their listed values.
type legalMove struct {
	Type   string                       `json:"type"`
	Data   json.RawMessage              `json:"data"`
	Fields map[string][]json.RawMessage `json:"fields"`
}

// player is one seat's phone: a websocket that reads every frame and
// reply, reconnecting when the server drops it. Its fields after seat are
// guarded by its table's mutex.
type player struct {
	t     *table
	seat  int
	token string

	conn    *websocket.Conn
	matchID string
	number  int
	version int64
	// shown are the frames of the current match, oldest first: the server
	// sends a viewer a frame only when its view changes, and every frame of
	// one change bears its version, so a frame of an action's version is
	// its effect, and an action no frame bears changed nothing this seat
	// sees.
	shown   []shownFrame
	playing bool
	// legal is the last frame's legal moves as the server wrote them;
	// moves decodes them once, when the seat acts.
	legal   json.RawMessage
	decoded []legalMove
	// inflight are the seat's actions awaiting an answer, by id.
	inflight map[string]*action
}

// hasMoves says the seat may act now: it is connected, in a running match,
// and holds legal moves.
func (p *player) hasMoves() bool {
	return p.conn != nil && p.playing && holdsItems(p.legal)
}

// moves are the seat's legal moves, decoded the first time they are
// asked for; none if they do not decode.
func (p *player) moves() []legalMove {
	if p.decoded == nil && len(p.legal) > 0 {
		if json.Unmarshal(p.legal, &p.decoded) != nil {
			p.legal, p.decoded = nil, nil
		}
	}
	return p.decoded
}

// holdsItems says the JSON array a is not empty.
func holdsItems(a json.RawMessage) bool {
	i := skipSpace(a, 1)
	return len(a) > 0 && a[0] == '[' && i < len(a) && a[i] != ']'
}

// free says the seat may act and waits for no answer, as a phone whose
// last tap has been answered.
func (p *player) free() bool { return p.hasMoves() && len(p.inflight) == 0 }

// oldest is the seat's earliest action awaiting an answer, or nil.
func (p *player) oldest() *action {
	var o *action
	for _, a := range p.inflight {
		if o == nil || a.due.Before(o.due) {
			o = a
		}
	}
	return o
}

// shownFrame is when a frame of a given version arrived.
type shownFrame struct {
	version int64
	at      time.Time
}

// holds says this seat's last frame shows action a's effect: the same
// match from a's version on, or a later match.
func (p *player) holds(a *action) bool {
	if p.matchID == a.matchID {
		return p.version >= a.version
	}
	return a.number > 0 && p.number > a.number
}

// shownAt is when the seat's frame of a's change arrived, if a changed its
// view: every frame built for one change bears that change's version, the
// one a's ok names. A later frame shows a too, but waited for another.
func (p *player) shownAt(a *action) (time.Time, bool) {
	if p.matchID != a.matchID {
		return time.Time{}, false
	}
	i, found := slices.BinarySearchFunc(p.shown, a.version, func(f shownFrame, v int64) int { return cmp.Compare(f.version, v) })
	if !found {
		return time.Time{}, false
	}
	return p.shown[i].at, true
}

// dial opens the seat's socket once.
func (p *player) dial(ctx context.Context, r *runner) (*websocket.Conn, error) {
	return r.dial(ctx, p.t.room.Code, p.token)
}

// dial opens one socket of JSON frames to a room, as the holder of a seat
// token.
func (r *runner) dial(ctx context.Context, code, token string) (*websocket.Conn, error) {
	u := r.cfg.URL + "/r/" + code + "/ws?view=json&token=" + url.QueryEscape(token)
	if rest, ok := strings.CutPrefix(u, "http"); ok {
		u = "ws" + rest // http→ws, https→wss
	}
	ctx, cancel := context.WithTimeout(ctx, dialTimeout)
	defer cancel()
	c, _, err := websocket.Dial(ctx, u, r.dialOptions())
	if err != nil {
		return nil, err
	}
	c.SetReadLimit(readLimit)
	return c, nil
}

const (
	dialTimeout = 10 * time.Second
	// readLimit is far above any frame a game sends (tens of KB), so a
	// large frame is measured, never a disconnect.
	readLimit = 8 << 20
)

// play keeps the seat connected until ctx ends, handing every message to
// the table. A dropped socket is a disconnect and is redialled.
func (p *player) play(ctx context.Context, r *runner, c *websocket.Conn) {
	backoff := 100 * time.Millisecond
	for {
		p.t.connected(p, c)
		err := p.read(ctx, r, c)
		c.CloseNow()
		p.t.dropped(p)
		if ctx.Err() != nil {
			return
		}
		r.stats.disconnect(err)
		for {
			if sleep(ctx, backoff) != nil {
				return
			}
			var derr error
			if c, derr = p.dial(ctx, r); derr == nil {
				backoff = 100 * time.Millisecond
				break
			}
			backoff = min(2*backoff, 2*time.Second)
		}
	}
}

// read handles messages until the socket fails. Each is read into the
// same buffer: what the tool keeps of a message is decoded out of it
// (strings and raw JSON are copies), and a fresh buffer grown to each
// frame's size was most of what the tool allocated.
func (p *player) read(ctx context.Context, r *runner, c *websocket.Conn) error {
	var buf bytes.Buffer
	for {
		_, rd, err := c.Reader(ctx)
		if err != nil {
			return err
		}
		buf.Reset()
		if _, err := buf.ReadFrom(rd); err != nil {
			return err
		}
		b := buf.Bytes()
		var m inbound
		if err := decodeInbound(b, &m); err != nil {
			if r.stats.measuring.Load() {
				r.stats.refuse("unreadable", false)
			}
			continue
		}
		switch m.Type {
		case "view":
			r.stats.frame(len(b))
			p.t.frame(p, &m)
		case "ok":
			p.t.ok(p, &m)
		case "error":
			p.t.refused(p, &m)
		}
	}
}

// closeKind names why a socket ended, for the disconnect counts.
func closeKind(err error) string {
	if st := websocket.CloseStatus(err); st != -1 {
		return "close " + strconv.Itoa(int(st))
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return "deadline"
	}
	return "eof"
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
