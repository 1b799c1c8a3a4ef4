package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// fleetPlayer is one seat's phone: a websocket through the front that
// reconnects by itself, acts on its legal moves, resends what was not
// answered, and remembers every acknowledgement and its last frame.
type fleetPlayer struct {
	front, code, token string
	rng                *rand.Rand
	// host, on one phone per room, starts the next match when one ends,
	// so the rooms stay in play for the whole test.
	host       string
	rematching bool

	mu      sync.Mutex
	conn    *websocket.Conn
	up      bool // a frame came on the current connection
	last    fleetFrame
	legal   []fleetMove
	pending map[string][]byte // sent, not answered: resent on reconnect
	acked   []fleetAck
	n       int
	acting  bool
	// lastFrame is when the latest frame came; gaps are the stretches
	// longer than gapWorth without one, for the tests that measure how
	// long a phone's board stood still.
	lastFrame time.Time
	gaps      []frameGap
	drops     int            // connections lost after a frame came on them
	refusals  map[string]int // error answers, by code
}

// frameGap is a stretch without a fresh frame, from the frame before it
// to the one that ended it.
type frameGap struct{ from, to time.Time }

// gapWorth is the shortest stretch without a frame worth remembering.
const gapWorth = 500 * time.Millisecond

type fleetFrame struct {
	Type   string          `json:"type"`
	Status string          `json:"status"`
	You    int             `json:"you"`
	View   json.RawMessage `json:"view"`
	Match  *struct {
		ID string `json:"id"`
	} `json:"match"`
	Legal []fleetMove `json:"legal"`
	// An answer's fields.
	ID      string `json:"id"`
	MatchID string `json:"match_id"`
	Code    string `json:"code"`
}

type fleetMove struct {
	Type   string                       `json:"type"`
	Data   map[string]json.RawMessage   `json:"data"`
	Fields map[string][]json.RawMessage `json:"fields"`
}

type fleetAck struct{ id, matchID string }

// run keeps the phone connected until ctx ends.
func (p *fleetPlayer) run(ctx context.Context) {
	u := "ws" + strings.TrimPrefix(p.front, "http") + "/r/" + p.code + "/ws?view=json&token=" + p.token
	for ctx.Err() == nil {
		dctx, cancel := context.WithTimeout(ctx, 3*time.Second)
		// A browser sends its page's origin; the owner checks it against the host the front was asked for.
		c, _, err := websocket.Dial(dctx, u, &websocket.DialOptions{HTTPHeader: http.Header{"Origin": {p.front}}})
		cancel()
		if err != nil {
			sleepCtx(ctx, 100*time.Millisecond)
			continue
		}
		c.SetReadLimit(8 << 20)
		p.mu.Lock()
		p.conn = c
		resend := make([][]byte, 0, len(p.pending))
		for _, b := range p.pending {
			resend = append(resend, b)
		}
		p.mu.Unlock()
		for _, b := range resend {
			_ = c.Write(ctx, websocket.MessageText, b)
		}
		p.read(ctx, c)
		c.CloseNow()
		p.mu.Lock()
		if p.up {
			p.drops++
		}
		p.conn, p.up = nil, false
		p.mu.Unlock()
	}
}

func (p *fleetPlayer) read(ctx context.Context, c *websocket.Conn) {
	for {
		_, b, err := c.Read(ctx)
		if err != nil {
			return
		}
		var f fleetFrame
		if json.Unmarshal(b, &f) != nil {
			continue
		}
		p.mu.Lock()
		switch f.Type {
		case "view":
			p.up, p.last, p.legal = true, f, f.Legal
			now := time.Now()
			if !p.lastFrame.IsZero() && now.Sub(p.lastFrame) > gapWorth {
				p.gaps = append(p.gaps, frameGap{p.lastFrame, now})
			}
			p.lastFrame = now
			if f.Status == "finished" && p.host != "" && p.acting && !p.rematching {
				p.rematching = true
				go p.rematch(ctx)
			}
		case "ok":
			if _, ok := p.pending[f.ID]; ok && f.MatchID != "" {
				p.acked = append(p.acked, fleetAck{id: f.ID, matchID: f.MatchID})
			}
			delete(p.pending, f.ID)
		case "error":
			// Refused or not stored: a fresh move follows from the next frame.
			delete(p.pending, f.ID)
			if p.refusals == nil {
				p.refusals = map[string]int{}
			}
			p.refusals[f.Code]++
		}
		p.mu.Unlock()
	}
}

// act sends one legal move every so often while acting is on.
func (p *fleetPlayer) act(ctx context.Context) {
	for ctx.Err() == nil {
		sleepCtx(ctx, time.Duration(150+p.rng.IntN(250))*time.Millisecond)
		p.mu.Lock()
		c, msg := p.conn, p.nextMove()
		p.mu.Unlock()
		if c != nil && msg != nil {
			_ = c.Write(ctx, websocket.MessageText, msg)
		}
	}
}

// nextMove picks a legal move and records it as pending; nil when the
// phone is offline, busy or has nothing to do. Called with mu held.
func (p *fleetPlayer) nextMove() []byte {
	if !p.acting || !p.up || len(p.pending) > 0 || len(p.legal) == 0 {
		return nil
	}
	mv := p.legal[p.rng.IntN(len(p.legal))]
	data := map[string]json.RawMessage{}
	for k, v := range mv.Data {
		data[k] = v
	}
	for k, vs := range mv.Fields {
		if len(vs) == 0 {
			return nil
		}
		data[k] = vs[p.rng.IntN(len(vs))]
	}
	p.n++
	id := fmt.Sprintf("%s-%s-%d", p.code, p.token[:6], p.n)
	b, _ := json.Marshal(map[string]any{"type": "act", "id": id, "action": map[string]any{"type": mv.Type, "data": data}})
	p.pending[id] = b
	return b
}

// rematch asks for the next match as the host's "Play again" does,
// retrying while the room moves between instances.
func (p *fleetPlayer) rematch(ctx context.Context) {
	defer func() { p.mu.Lock(); p.rematching = false; p.mu.Unlock() }()
	for try := 0; try < 50 && ctx.Err() == nil; try++ {
		req, _ := http.NewRequestWithContext(ctx, "POST", p.front+"/api/rooms/"+p.code+"/rematch", nil)
		req.Header.Set("Authorization", "Bearer "+p.host)
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode/100 == 2 || resp.StatusCode == http.StatusConflict {
				return // started, or someone else started it
			}
		}
		sleepCtx(ctx, 100*time.Millisecond)
	}
}

func (p *fleetPlayer) setActing(on bool) {
	p.mu.Lock()
	p.acting = on
	p.mu.Unlock()
}

func (p *fleetPlayer) isUp() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.up
}

func sleepCtx(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
	}
}
