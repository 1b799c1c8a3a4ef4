package server_test

import (
	"encoding/json"
	"net"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"topsecret/internal/room"
)

// phoneFrom is a browser whose connections come from the loopback address
// ip (127.0.0.0/8 all reaches this machine), so the server sees it at its
// own network address without trusting any proxy header.
func (e *env) phoneFrom(ip string) *phone {
	p := e.newPhone()
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	tr := &http.Transport{DialContext: d.DialContext}
	e.t.Cleanup(tr.CloseIdleConnections)
	p.c.Transport = tr
	return p
}

type askReply struct {
	AskID   string      `json:"ask_id"`
	Grant   string      `json:"grant"`
	Message string      `json:"message"`
	Signs   []room.Sign `json:"signs"`
	HTML    string      `json:"html"`
}

// askFor asks for a seat from p and returns the status and the answer.
func (p *phone) askFor(code, seatID string) (int, askReply, apiErr) {
	p.e.t.Helper()
	st, b := p.call("POST", "/api/rooms/"+code+"/seats/"+seatID+"/ask", "", nil)
	var ok askReply
	var bad apiErr
	out := any(&bad)
	if st == http.StatusCreated {
		out = &ok
	}
	if err := json.Unmarshal(b, out); err != nil {
		p.e.t.Fatalf("ask: decode %q: %v", b, err)
	}
	return st, ok, bad
}

// promptFor is the host's prompt whose pictures are signs, if any.
func promptFor(f frame, signs []room.Sign) (room.AskState, bool) {
	if f.Rejoin == nil {
		return room.AskState{}, false
	}
	i := slices.IndexFunc(f.Rejoin.Asks, func(a room.AskState) bool { return slices.Equal(a.Signs, signs) })
	if i < 0 {
		return room.AskState{}, false
	}
	return f.Rejoin.Asks[i], true
}

// A stranger with the room code asks for the seat of Bob, whose phone
// dropped. The stranger's phone and the host's prompt show the same two
// pictures, and the prompt says the stranger's browser was never in the
// room, while the real Bob's says when he came; the stranger cannot ask
// twice for the seat, nor fill the room's requests to keep Bob from asking.
// The host compares pictures and allows Bob's request only.
func TestServer_AskTakeover(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, js := e.mustRoom(map[string]any{"startPlayer": 0}, "Ann", "Bob", "Cy", "Dee")
	e.mustStartMatch(c)
	host := e.dial(c.Code, "view=json&host="+c.HostToken)
	// The same host in German, as its page gets it: the pictures match
	// across languages, each named in the reader's own.
	hostDE := e.dial(c.Code, "view=html&lang=de&host="+c.HostToken)
	old := e.dial(c.Code, "view=json&token="+js[1].Token)
	host.until(func(f frame) bool { return f.Type == "view" && f.Seats[1].Connected })
	old.c.Close(websocket.StatusNormalClosure, "")
	host.until(func(f frame) bool { return f.Type == "view" && f.Seats[1].Away })

	bob, stranger := e.phoneFrom("127.0.0.3"), e.phoneFrom("127.0.0.2")
	// Bob's new browser has been watching the room for a while.
	if st, _ := bob.call("GET", "/r/"+c.Code, "", nil); st != http.StatusOK {
		t.Fatalf("Bob opens the room: status %d", st)
	}
	bobCame := e.Clock.Now()
	e.Clock.Advance(25 * time.Minute)

	st, sa, bad := stranger.askFor(c.Code, js[1].SeatID)
	if st != http.StatusCreated || len(sa.Signs) != 2 {
		t.Fatalf("the stranger's ask: %d %+v %+v, want two pictures", st, sa, bad)
	}
	for _, s := range sa.Signs {
		if !strings.Contains(sa.HTML, s.Emoji) {
			t.Fatalf("the stranger's waiting screen lacks %s:\n%s", s.Emoji, sa.HTML)
		}
	}
	f := host.until(func(f frame) bool { _, ok := promptFor(f, sa.Signs); return f.Type == "view" && ok })
	p, _ := promptFor(f, sa.Signs)
	if p.ID != sa.AskID || p.Name != "Bob" || !p.At.Equal(e.Clock.Now()) || !p.Came.IsZero() {
		t.Fatalf("the host's prompt %+v, want the stranger's, asked now, never here before", p)
	}
	html := hostDE.until(func(f frame) bool { return strings.Contains(f.HTML, sa.Signs[0].Emoji) }).HTML
	if !strings.Contains(html, sa.Signs[1].Emoji) || !strings.Contains(html, "noch nie in diesem Raum") {
		t.Fatalf("the German prompt lacks the pictures or the never-here line:\n%s", html)
	}

	t.Run("AskTwice", func(t *testing.T) {
		st, _, bad := stranger.askFor(c.Code, js[1].SeatID)
		if st != http.StatusConflict || !strings.Contains(bad.Message, "already asked for Bob’s seat") {
			t.Fatalf("a second ask for Bob's seat: %d %+v", st, bad)
		}
	})
	t.Run("CannotLockOut", func(t *testing.T) {
		// Three more requests from the stranger, one per other seat: before
		// the fix four requests filled the room.
		for _, s := range []int{0, 2, 3} {
			if st, _, bad := stranger.askFor(c.Code, js[s].SeatID); st != http.StatusCreated {
				t.Fatalf("the stranger asks for seat %d: %d %+v", s, st, bad)
			}
		}
	})

	st, ba, bad := bob.askFor(c.Code, js[1].SeatID)
	if st != http.StatusCreated {
		t.Fatalf("the real Bob's ask: %d %+v", st, bad)
	}
	if slices.Equal(ba.Signs, sa.Signs) {
		t.Fatal("Bob's request shows the stranger's pictures")
	}
	f = host.until(func(f frame) bool { _, ok := promptFor(f, ba.Signs); return f.Type == "view" && ok })
	p, _ = promptFor(f, ba.Signs)
	if p.ID != ba.AskID || !p.Came.Equal(bobCame) {
		t.Fatalf("the host's prompt for Bob %+v, want his, first here at %v", p, bobCame)
	}
	// Bob's prompt in German says when his phone came.
	hostDE.until(func(f frame) bool { return strings.Contains(f.HTML, "25 Minuten vor der Anfrage") })
	// The host allows the request whose pictures Bob's phone shows.
	if st := e.newPhone().post("/api/rooms/"+c.Code+"/asks/"+p.ID+"/allow", c.HostToken, nil, nil); st != http.StatusOK {
		t.Fatalf("allow: status %d", st)
	}
	var got joined
	if st := bob.post("/api/rooms/"+c.Code+"/claim", "", map[string]string{"grant": ba.Grant}, &got); st != http.StatusOK || got.SeatID != js[1].SeatID {
		t.Fatalf("Bob claims: %d %+v", st, got)
	}
	var out apiErr
	if st := stranger.post("/api/rooms/"+c.Code+"/claim", "", map[string]string{"grant": sa.Grant}, &out); st == http.StatusOK || bob.token(c.Code) == "" {
		t.Fatalf("the stranger claims Bob's seat too: %d %+v", st, out)
	}
}
