package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"topsecret/internal/room"
)

// phone is one browser: its own cookie jar, redirects left to the test.
type phone struct {
	e   *env
	jar *cookiejar.Jar
	c   *http.Client
}

func (e *env) newPhone() *phone {
	jar, _ := cookiejar.New(nil)
	return &phone{e: e, jar: jar, c: &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error {
		return http.ErrUseLastResponse
	}}}
}

// call sends a request (JSON body when body is not nil) and returns the
// status and the raw answer; host, when set, is sent as the host token.
func (p *phone) call(method, path, host string, body any) (int, []byte) {
	p.e.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, p.e.Server.URL+path, rd)
	if method == http.MethodPost {
		// As a phone's page does: its fetch sends JSON and says its origin.
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Origin", p.e.Server.URL)
	}
	if host != "" {
		req.Header.Set("Authorization", "Bearer "+host)
	}
	resp, err := p.c.Do(req)
	if err != nil {
		p.e.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

// post sends a JSON request and decodes the answer into out.
func (p *phone) post(path, host string, body, out any) int {
	p.e.t.Helper()
	st, b := p.call("POST", path, host, body)
	if out != nil && len(b) > 0 {
		if err := json.Unmarshal(b, out); err != nil {
			p.e.t.Fatalf("POST %s: decode %q: %v", path, b, err)
		}
	}
	return st
}

// token is the seat cookie the server set on this phone for room code.
func (p *phone) token(code string) string {
	u, _ := url.Parse(p.e.Server.URL)
	for _, c := range p.jar.Cookies(u) {
		if c.Name == "ts_seat_"+code {
			return c.Value
		}
	}
	return ""
}

type apiErr struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// waitBye reads a connection until the server's goodbye, then its close.
func waitBye(tb testing.TB, c *client) frame {
	tb.Helper()
	bye := c.until(func(f frame) bool { return f.Type == "bye" })
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for {
		_, _, err := c.c.Read(ctx)
		if err == nil {
			continue
		}
		if st := websocket.CloseStatus(err); st != websocket.StatusNormalClosure {
			tb.Fatalf("the old connection ended with %v, want a normal close", err)
		}
		return bye
	}
}

// The host's "Move to another phone": a one-time link and QR code that a
// new browser opens, confirms and so takes the seat; the old phone's
// connection closes with a plain message and it then only watches.
func TestServer_SeatLink(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, js := e.mustRoom(map[string]any{"startPlayer": 0}, "Ann", "Bob", "Cy", "Dee")
	e.mustStartMatch(c)
	bob := e.dial(c.Code, "view=json&token="+js[1].Token)
	path := "/api/rooms/" + c.Code + "/seats/" + js[1].SeatID + "/link"
	host, guest := e.newPhone(), e.newPhone()

	for name, tc := range map[string]struct {
		path, host string
		want       int
	}{
		"Guest":      {path, "", http.StatusForbidden},
		"Player":     {path + "?token=" + js[2].Token, "", http.StatusForbidden},
		"NoSuchSeat": {"/api/rooms/" + c.Code + "/seats/nobody/link", c.HostToken, http.StatusNotFound},
		"NoSuchRoom": {"/api/rooms/ZZZZZZ/seats/" + js[1].SeatID + "/link", c.HostToken, http.StatusNotFound},
	} {
		t.Run(name, func(t *testing.T) {
			var out apiErr
			if st := guest.post(tc.path, tc.host, nil, &out); st != tc.want || out.Message == "" {
				t.Fatalf("status %d %+v, want %d with a message", st, out, tc.want)
			}
		})
	}
	var link struct {
		URL     string    `json:"url"`
		QR      string    `json:"qr"`
		Expires time.Time `json:"expires"`
		HTML    string    `json:"html"`
	}
	// Bob's phone is connected: it is asked first, and allows.
	if st := host.post(path, c.HostToken, nil, &link); st != http.StatusAccepted || link.URL != "" {
		t.Fatalf("link for a connected seat: status %d %+v, want 202 and no link", st, link)
	}
	if st := e.newPhone().post(path+"/allow?token="+js[1].Token, "", nil, nil); st != http.StatusOK {
		t.Fatalf("Bob allows: status %d", st)
	}
	if st := host.post(path, c.HostToken, nil, &link); st != http.StatusCreated {
		t.Fatalf("link: status %d", st)
	}
	if !strings.HasPrefix(link.URL, e.Server.URL+"/r/"+c.Code+"/pass/") || !strings.HasPrefix(link.QR, "<svg") ||
		!link.Expires.Equal(epoch.Add(room.PassLife)) || !strings.Contains(link.HTML, link.URL) {
		t.Fatalf("link=%+v, want a pass URL, its QR and the sheet, expiring at %v", link, epoch.Add(room.PassLife))
	}
	linkPath := strings.TrimPrefix(link.URL, e.Server.URL)

	newPhone := e.newPhone()
	// Opening the link only asks: a chat app's preview must not take the seat.
	if st, b := newPhone.call("GET", linkPath, "", nil); st != http.StatusOK || !strings.Contains(string(b), "Take Bob’s seat on this phone?") {
		t.Fatalf("link page: status %d\n%s", st, b)
	}
	if _, ok := liveRoom(t, e, c.Code).SeatByToken(context.Background(), js[1].Token); !ok {
		t.Fatal("opening the link moved the seat")
	}
	st, _ := newPhone.call("POST", linkPath, "", nil)
	fresh := newPhone.token(c.Code)
	if st != http.StatusSeeOther || fresh == "" || fresh == js[1].Token {
		t.Fatalf("take the seat: status %d, cookie %q; want a redirect and a new token", st, fresh)
	}
	if bye := waitBye(t, bob); !strings.Contains(bye.Reason, "Your seat moved to another phone") {
		t.Fatalf("the old phone was told %q", bye.Reason)
	}
	old := e.dial(c.Code, "view=json&token="+js[1].Token)
	if old.last.You != -1 || old.last.Rejoin == nil || old.last.Rejoin.Moved != "Bob" {
		t.Fatalf("old phone reconnected as seat %d, rejoin %+v; want a watcher told Bob moved", old.last.You, old.last.Rejoin)
	}
	if now := e.dial(c.Code, "view=json&token="+fresh); now.last.You != 1 {
		t.Fatalf("new phone is seat %d, want Bob's (1)", now.last.You)
	}

	t.Run("UsedOnce", func(t *testing.T) {
		st, b := e.newPhone().call("GET", linkPath, "", nil)
		if st != http.StatusGone || !strings.Contains(string(b), "used already") {
			t.Fatalf("used link page: status %d\n%s", st, b)
		}
		var out apiErr
		if st := e.newPhone().post("/api/rooms/"+c.Code+"/claim", "", map[string]string{"pass": strings.TrimPrefix(linkPath, "/r/"+c.Code+"/pass/")}, &out); st != http.StatusConflict || !strings.Contains(out.Message, "used already") {
			t.Fatalf("claim with a used link: %d %+v", st, out)
		}
	})
	t.Run("Expires", func(t *testing.T) {
		var cy struct{ URL string }
		if st := host.post("/api/rooms/"+c.Code+"/seats/"+js[2].SeatID+"/link", c.HostToken, nil, &cy); st != http.StatusCreated {
			t.Fatalf("link: status %d", st)
		}
		e.Clock.Advance(room.PassLife)
		p := e.newPhone()
		st, b := p.call("POST", strings.TrimPrefix(cy.URL, e.Server.URL), "", nil)
		if st != http.StatusGone || !strings.Contains(string(b), "expired") || p.token(c.Code) != "" {
			t.Fatalf("expired link: status %d, cookie %q\n%s", st, p.token(c.Code), b)
		}
	})
}

// mustRoomOf returns the live room code.
func liveRoom(tb testing.TB, e *env, code string) *room.Room {
	tb.Helper()
	rm, err := e.Rooms.Get(context.Background(), code)
	if err != nil {
		tb.Fatal(err)
	}
	return rm
}

// A seat's rejoin code, shown on its own phone, takes the seat from a new
// browser at once; wrong codes are refused and guessing is rate-limited.
func TestServer_ClaimByCode(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, js := e.mustRoom(map[string]any{"startPlayer": 0}, "Ann", "Bob", "Cy", "Dee")
	ann := e.dial(c.Code, "view=json&token="+js[0].Token)
	if ann.last.Rejoin == nil || len(ann.last.Rejoin.Code) != 6 {
		t.Fatalf("Ann's frame: rejoin %+v, want her code", ann.last.Rejoin)
	}
	code := ann.last.Rejoin.Code
	if e.dial(c.Code, "view=json&token="+js[1].Token).last.Rejoin.Code == code {
		t.Fatal("Bob's phone shows Ann's code")
	}
	claim := "/api/rooms/" + c.Code + "/claim"
	p := e.newPhone()
	for name, body := range map[string]any{"Empty": map[string]string{}, "Two": map[string]string{"code": code, "grant": "x"}} {
		t.Run("Bad"+name, func(t *testing.T) {
			if st := p.post(claim, "", body, nil); st != http.StatusBadRequest {
				t.Fatalf("status %d, want 400", st)
			}
		})
	}
	for range 4 {
		var out apiErr
		if st := p.post(claim, "", map[string]string{"code": "XXXXXX"}, &out); st != http.StatusConflict || !strings.Contains(out.Message, "No seat here has that rejoin code") {
			t.Fatalf("wrong code: %d %+v", st, out)
		}
	}
	var got joined
	if st := p.post(claim, "", map[string]string{"code": strings.ToLower(code)}, &got); st != http.StatusOK || got.SeatID != js[0].SeatID {
		t.Fatalf("claim: status %d, %+v; want Ann's seat", st, got)
	}
	if p.token(c.Code) != got.Token || got.Token == js[0].Token {
		t.Fatal("the claim did not set the seat's new token as the cookie")
	}
	if bye := waitBye(t, ann); bye.Reason == "" {
		t.Fatal("Ann's old phone was not told why")
	}
	var out apiErr
	if st := e.newPhone().post(claim, "", map[string]string{"code": code}, &out); st != http.StatusTooManyRequests || out.Code != "rate_limited" {
		t.Fatalf("sixth try in a minute: %d %+v, want 429", st, out)
	}
	t.Run("OtherRoomsUnaffected", func(t *testing.T) {
		c2, _ := e.mustRoom(nil, "Eve")
		if st := e.newPhone().post("/api/rooms/"+c2.Code+"/claim", "", map[string]string{"code": "XXXXXX"}, nil); st != http.StatusConflict {
			t.Fatalf("a try in another room: status %d, want 409", st)
		}
	})
}

// "I was Bob: rejoin": a visitor asks for a seat whose phone is away, the
// host allows it with one tap and the visitor's browser gets the seat;
// a refused or unanswered request takes nothing.
func TestServer_AskToRejoin(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, js := e.mustRoom(map[string]any{"startPlayer": 0}, "Ann", "Bob", "Cy", "Dee")
	e.mustStartMatch(c)
	hostWS := e.dial(c.Code, "view=json&host="+c.HostToken)
	visitor := e.newPhone()
	base := "/api/rooms/" + c.Code
	var asked struct {
		AskID   string `json:"ask_id"`
		Grant   string `json:"grant"`
		Message string `json:"message"`
	}
	if st := visitor.post(base+"/seats/"+js[1].SeatID+"/ask", "", nil, &asked); st != http.StatusCreated || asked.Grant == "" || !strings.Contains(asked.Message, "Bob") {
		t.Fatalf("ask: status %d %+v", st, asked)
	}
	f := hostWS.until(func(f frame) bool { return f.Type == "view" && f.Rejoin != nil && len(f.Rejoin.Asks) == 1 })
	if a := f.Rejoin.Asks[0]; a.ID != asked.AskID || a.Name != "Bob" {
		t.Fatalf("host sees %+v, want the request for Bob", a)
	}
	claim := func(p *phone, grant string, out any) int {
		return p.post(base+"/claim", "", map[string]string{"grant": grant}, out)
	}
	var waiting struct{ Status, Message string }
	if st := claim(visitor, asked.Grant, &waiting); st != http.StatusAccepted || waiting.Status != "waiting" || waiting.Message == "" {
		t.Fatalf("claim before the answer: %d %+v, want 202 waiting", st, waiting)
	}
	for name, tc := range map[string]struct {
		path, host string
		want       int
	}{
		"Guest":     {base + "/asks/" + asked.AskID + "/allow", "", http.StatusForbidden},
		"Player":    {base + "/asks/" + asked.AskID + "/allow?token=" + js[0].Token, "", http.StatusForbidden},
		"NoSuchAsk": {base + "/asks/nothing/allow", c.HostToken, http.StatusNotFound},
	} {
		t.Run("Allow"+name, func(t *testing.T) {
			if st := e.newPhone().post(tc.path, tc.host, nil, nil); st != tc.want {
				t.Fatalf("status %d, want %d", st, tc.want)
			}
		})
	}
	if st := e.newPhone().post(base+"/asks/"+asked.AskID+"/allow", c.HostToken, nil, nil); st != http.StatusOK {
		t.Fatalf("allow: status %d", st)
	}
	var got joined
	if st := claim(visitor, asked.Grant, &got); st != http.StatusOK || got.SeatID != js[1].SeatID {
		t.Fatalf("claim after Allow: %d %+v", st, got)
	}
	back := e.dial(c.Code, "view=json&token="+visitor.token(c.Code))
	if back.last.You != 1 || back.last.View == nil {
		t.Fatalf("the new browser is seat %d, want Bob's hand", back.last.You)
	}

	t.Run("Refused", func(t *testing.T) {
		p := e.newPhone()
		var a struct {
			AskID string `json:"ask_id"`
			Grant string `json:"grant"`
		}
		if st := p.post(base+"/seats/"+js[2].SeatID+"/ask", "", nil, &a); st != http.StatusCreated {
			t.Fatalf("ask: status %d", st)
		}
		if st := e.newPhone().post(base+"/asks/"+a.AskID+"/refuse", c.HostToken, nil, nil); st != http.StatusOK {
			t.Fatalf("refuse: status %d", st)
		}
		var out apiErr
		if st := claim(p, a.Grant, &out); st != http.StatusConflict || out.Message != "The host said no." || p.token(c.Code) != "" {
			t.Fatalf("claim after Refuse: %d %+v", st, out)
		}
	})
	t.Run("ConnectedSeat", func(t *testing.T) {
		e.dialAs(t, c.Code, "view=json&token="+js[3].Token)
		var out apiErr
		if st := e.newPhone().post(base+"/seats/"+js[3].SeatID+"/ask", "", nil, &out); st != http.StatusConflict || !strings.Contains(out.Message, "still connected") {
			t.Fatalf("asking for a connected seat: %d %+v", st, out)
		}
	})
	t.Run("Seated", func(t *testing.T) {
		if st := e.newPhone().post(base+"/seats/"+js[2].SeatID+"/ask?token="+js[0].Token, "", nil, nil); st != http.StatusConflict {
			t.Fatalf("a seated player asking: status %d, want 409", st)
		}
	})
}

// One address holds one request per seat, and its tries are rate-limited,
// so nobody can bury the host's phone in prompts.
func TestServer_AskRateLimited(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, js := e.mustRoom(nil, "Ann", "Bob")
	path := "/api/rooms/" + c.Code + "/seats/" + js[1].SeatID + "/ask"
	want := []int{201, http.StatusConflict, http.StatusConflict, http.StatusConflict, http.StatusConflict, http.StatusTooManyRequests}
	for i, w := range want {
		if st := e.newPhone().post(path, "", nil, nil); st != w {
			t.Fatalf("request %d: status %d, want %d", i+1, st, w)
		}
	}
}
