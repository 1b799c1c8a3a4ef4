package server_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// Every "not found" says what is missing on a page with the room-code box,
// which keeps the code the address named; JSON callers get a JSON error
// saying the same.
func TestNotFound_SaysWhatIsMissing(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, _ := e.mustRoom(map[string]any{}, "Ann", "Ben")
	const noMatch = "00000000-0000-0000-0000-000000000000"
	tests := []struct {
		name, method, path string
		title, code, says  string // the page's heading, the box's code, the message
	}{
		{"unknown room page", "GET", "/r/zzz999", "No such room", "ZZZ999", "no room ZZZ999"},
		{"unknown room's table screen", "GET", "/r/ZZZ999/table", "No such room", "ZZZ999", "no room ZZZ999"},
		{"unknown room's history", "GET", "/r/ZZZ999/history", "No such room", "ZZZ999", "no room ZZZ999"},
		{"unknown room's socket", "GET", "/r/ZZZ999/ws", "No such room", "ZZZ999", "no room ZZZ999"},
		{"a well-formed code of no room", "GET", "/r/acd3fg", "No such room", "ACD3FG", "no room ACD3FG"},
		{"a well-formed code of no room, its table", "GET", "/r/ACD3FG/table", "No such room", "ACD3FG", "no room ACD3FG"},
		{"a well-formed code of no room, its history", "GET", "/r/ACD3FG/history", "No such room", "ACD3FG", "no room ACD3FG"},
		{"unknown replay", "GET", "/m/" + noMatch, "No such match", "", "no such match"},
		{"replay address that is no id", "GET", "/m/nonsense", "No such match", "", "no such match"},
		{"unknown replay step", "GET", "/m/" + noMatch + "/step/3", "No such match", "", "no such match"},
		{"unknown address", "GET", "/no/such/page", "No such page", "", "nothing at this address"},
		{"a code typed after the slash", "GET", "/acd3fg", "No such page", "ACD3FG", "nothing at this address"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, body := e.get(tt.path, "text/html")
			if status != http.StatusNotFound {
				t.Fatalf("GET %s: status %d, want 404", tt.path, status)
			}
			doc, err := goquery.NewDocumentFromReader(strings.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.TrimSpace(doc.Find(`[data-testid="error"] h1`).Text()); got != tt.title {
				t.Errorf("heading %q, want %q", got, tt.title)
			}
			if got := doc.Find("title").Text(); got != tt.title {
				t.Errorf("title %q, want %q", got, tt.title)
			}
			if got := doc.Find(`[data-testid="error-message"]`).Text(); !strings.Contains(strings.ToLower(got), strings.ToLower(tt.says)) {
				t.Errorf("message %q, want it to say %q", got, tt.says)
			}
			box := doc.Find(`[data-testid="join-code"] input[name=code]`)
			if box.Length() != 1 {
				t.Fatal("no room-code box on the page")
			}
			if got, _ := box.Attr("value"); got != tt.code {
				t.Errorf("the box holds %q, want %q", got, tt.code)
			}
		})
	}

	json404 := []struct {
		name, method, path, says string
	}{
		{"unknown room", "GET", "/api/rooms/ZZZ999", "no room ZZZ999"},
		{"unknown match", "GET", "/api/matches/" + noMatch, "no such match"},
		{"unknown seat kicked", "POST", "/api/rooms/" + c.Code + "/seats/no-such-seat/kick", "no such seat"},
		{"unknown seat moved", "POST", "/api/rooms/" + c.Code + "/seats/no-such-seat/move", "no such seat"},
		{"unknown seat made host", "POST", "/api/rooms/" + c.Code + "/host", "no such seat"},
		{"unknown match shown to the room", "POST", "/api/rooms/" + c.Code + "/watch", "no such match"},
		{"replay asked for JSON", "GET", "/m/" + noMatch + "?json", "no such match"},
	}
	bodies := map[string]any{
		"/api/rooms/" + c.Code + "/seats/no-such-seat/move": map[string]any{"to": 0},
		"/api/rooms/" + c.Code + "/host":                    map[string]any{"seat_id": "no-such-seat"},
		"/api/rooms/" + c.Code + "/watch":                   map[string]any{"match_id": noMatch},
	}
	for _, tt := range json404 {
		t.Run("JSON "+tt.name, func(t *testing.T) {
			var out struct{ Code, Message string }
			var status int
			if tt.method == "GET" {
				var body string
				status, body = e.get(tt.path, jsonAccept)
				if err := json.Unmarshal([]byte(body), &out); err != nil {
					t.Fatalf("GET %s: not JSON: %.200s", tt.path, body)
				}
			} else {
				status = e.do(tt.method, tt.path, c.HostToken, bodies[tt.path], &out)
			}
			if status != http.StatusNotFound || out.Code != "not_found" {
				t.Fatalf("%s %s: %d %+v, want 404 not_found", tt.method, tt.path, status, out)
			}
			if !strings.Contains(strings.ToLower(out.Message), strings.ToLower(tt.says)) {
				t.Fatalf("%s %s: message %q, want it to say %q", tt.method, tt.path, out.Message, tt.says)
			}
		})
	}
}

// A typed text that is no room code comes back in the box, to correct.
func TestJoinCode_KeepsWhatWasTyped(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	status, body := e.get("/join?code=ab%21", "text/html")
	if status != http.StatusBadRequest {
		t.Fatalf("status %d, want 400", status)
	}
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := doc.Find(`[data-testid="join-code"] input[name=code]`).Attr("value"); got != "ab!" {
		t.Fatalf("the box holds %q, want what was typed", got)
	}
}

// A page at an address that starts like another site's (//evil.com/x, or
// the same with escaped or backward slashes) links only to this site: its
// language switch leads to the same page here, never to evil.com.
func TestNotFound_LinksStayOnSite(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	for _, path := range []string{"//evil.com/x", "///evil.com/x", "/%2F%2Fevil.com", "/%2F/evil.com", "/%5Cevil.com/x", "/%5C%5Cevil.com"} {
		t.Run(path, func(t *testing.T) {
			status, body := e.get(path, "text/html")
			if status != http.StatusNotFound {
				t.Fatalf("status %d, want 404", status)
			}
			doc, err := goquery.NewDocumentFromReader(strings.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			langs := 0
			doc.Find("[href], [action], [src]").Each(func(_ int, s *goquery.Selection) {
				for _, attr := range []string{"href", "action", "src"} {
					ref, ok := s.Attr(attr)
					if !ok {
						continue
					}
					if strings.Contains(ref, "lang=") {
						langs++
					}
					if !onSite(ref) {
						t.Errorf("%s=%q leads off the site", attr, ref)
					}
				}
			})
			if langs == 0 {
				t.Fatal("no language links on the page")
			}
		})
	}
}

// onSite reports whether a link in a page stays on the page's own site: a
// path from the root, or a fragment. Browsers read a backslash as a slash.
func onSite(ref string) bool {
	ref = strings.ReplaceAll(ref, `\`, "/")
	u, err := url.Parse(ref)
	if err != nil || u.Scheme != "" || u.Host != "" {
		return false
	}
	return strings.HasPrefix(ref, "#") || strings.HasPrefix(ref, "/") && !strings.HasPrefix(ref, "//")
}
