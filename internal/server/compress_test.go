package server_test

import (
	"compress/gzip"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
)

// firstLoadBudget is what a phone may download, on the wire, to open a
// room page for the first time: the page and every asset it names.
const firstLoadBudget = 60 << 10

// wire is a client that asks for gzip itself, so the bodies it counts are
// the bytes on the wire, not the decompressed ones.
var wire = &http.Client{Transport: &http.Transport{DisableCompression: true}}

func get(tb testing.TB, url, encoding string) (*http.Response, []byte) {
	tb.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	if encoding != "" {
		req.Header.Set("Accept-Encoding", encoding)
	}
	resp, err := wire.Do(req)
	if err != nil {
		tb.Fatalf("GET %s: %v", url, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, b
}

func TestAnswersAreGzippedWhenAsked(t *testing.T) {
	e := mustStart(t)
	c, _ := e.mustRoom(map[string]any{"mode": "remote"}, "Ann", "Bob", "Cid", "Dee")
	e.mustStartMatch(c)
	page := "/r/" + c.Code
	assets := assetsOf(t, e, page)
	for _, tt := range []struct {
		name, path, accept, want string
	}{
		{"PageGzip", page, "gzip, deflate, br", "gzip"},
		{"PageIdentity", page, "", ""},
		{"PageGzipRefused", page, "gzip;q=0", ""},
		{"APIGzip", "/api/games", "gzip", "gzip"},
		{"APIIdentity", "/api/games", "identity", ""},
		{"StylesheetGzip", assets[0], "gzip", "gzip"},
		{"StylesheetIdentity", assets[0], "", ""},
		{"ScriptGzipStar", pick(t, assets, ".js"), "*", "gzip"},
		{"ScriptIdentity", pick(t, assets, ".js"), "br", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			resp, body := get(t, e.Server.URL+tt.path, tt.accept)
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("status %d", resp.StatusCode)
			}
			if got := resp.Header.Get("Content-Encoding"); got != tt.want {
				t.Fatalf("Content-Encoding=%q, want %q", got, tt.want)
			}
			if tt.want == "gzip" {
				// Vary may come as several headers (language, cookie, encoding).
				if vary := strings.Join(resp.Header.Values("Vary"), ", "); !strings.Contains(vary, "Accept-Encoding") {
					t.Fatalf("Vary=%q, want Accept-Encoding among them", vary)
				}
				zr, err := gzip.NewReader(strings.NewReader(string(body)))
				if err != nil {
					t.Fatalf("not gzip: %v", err)
				}
				plain, err := io.ReadAll(zr)
				if err != nil || len(plain) <= len(body) {
					t.Fatalf("gunzip: %d bytes from %d, err %v", len(plain), len(body), err)
				}
			}
			if strings.HasPrefix(tt.path, "/static/") && !strings.Contains(resp.Header.Get("Cache-Control"), "immutable") {
				t.Fatalf("Cache-Control=%q, hashed names stay immutable", resp.Header.Get("Cache-Control"))
			}
		})
	}
}

func pick(tb testing.TB, assets []string, ext string) string {
	for _, a := range assets {
		if strings.HasSuffix(a, ext) {
			return a
		}
	}
	tb.Fatalf("no %s asset in %v", ext, assets)
	return ""
}

var assetRef = regexp.MustCompile(`(?:href|src)="(/static/[^"]+)"`)

// assetsOf lists the static assets a page names, stylesheets first.
func assetsOf(tb testing.TB, e *env, page string) []string {
	_, body := get(tb, e.Server.URL+page, "")
	var css, rest []string
	for _, m := range assetRef.FindAllStringSubmatch(string(body), -1) {
		if strings.HasSuffix(m[1], ".css") {
			css = append(css, m[1])
		} else {
			rest = append(rest, m[1])
		}
	}
	return append(css, rest...)
}

// TestFirstLoadOfARoomPageFitsTheBudget opens each game's room page, mid
// match, as a phone that has nothing cached would, and adds up the gzipped
// page and every asset it names.
func TestFirstLoadOfARoomPageFitsTheBudget(t *testing.T) {
	e := mustStart(t)
	for _, g := range shelvedGames() {
		t.Run(g.Info.Slug, func(t *testing.T) {
			var c created
			if st := e.do("POST", "/api/rooms", "", map[string]any{"game": g.Info.Slug}, &c); st != http.StatusCreated {
				t.Fatalf("create room: status %d", st)
			}
			names := []string{"Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"}
			for _, n := range names[:g.Info.MinPlayers] {
				if st := e.do("POST", "/api/rooms/"+c.Code+"/seats", "", map[string]any{"name": n}, nil); st != http.StatusCreated {
					t.Fatalf("join: status %d", st)
				}
			}
			e.mustStartMatch(c)
			page := "/r/" + c.Code
			_, html := get(t, e.Server.URL+page, "gzip")
			total, plain := len(html), 0
			for _, a := range append([]string{page}, assetsOf(t, e, page)...) {
				_, z := get(t, e.Server.URL+a, "gzip")
				_, p := get(t, e.Server.URL+a, "")
				if a != page {
					total += len(z)
				}
				plain += len(p)
				t.Logf("%-48s %7d bytes, %6d gzipped", a, len(p), len(z))
			}
			t.Logf("first load: %d bytes on the wire (%d uncompressed)", total, plain)
			if total > firstLoadBudget {
				t.Errorf("first load is %d bytes on the wire, over the %d budget", total, firstLoadBudget)
			}
		})
	}
}
