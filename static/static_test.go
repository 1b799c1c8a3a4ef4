package static_test

import (
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"topsecret/static"
)

func TestPath(t *testing.T) {
	t.Parallel()
	got := static.Path("js/app.js")
	if !regexp.MustCompile(`^/static/js/app\.[0-9a-f]{8}\.js$`).MatchString(got) {
		t.Fatalf("Path=%q, want /static/js/app.<hash>.js", got)
	}
	if again := static.Path("js/app.js"); again != got {
		t.Fatalf("Path=%q on second call, want %q", again, got)
	}
	if got, want := static.Path("nope.txt"), "/static/nope.txt"; got != want {
		t.Fatalf("Path=%q, want %q", got, want)
	}
}

func TestHandler(t *testing.T) {
	t.Parallel()
	h := static.Handler()
	for _, tt := range []struct {
		name, path, ctype, cache string
		status                   int
	}{
		{"HashedJS", static.Path("js/app.js"), "text/javascript", "immutable", 200},
		{"HashedCSS", static.Path("css/app.css"), "text/css", "max-age=31536000", 200},
		{"HashedSVG", static.Path("img/favicon.svg"), "image/svg+xml", "immutable", 200},
		{"StrippedPrefix", strings.TrimPrefix(static.Path("js/app.js"), "/static"), "text/javascript", "immutable", 200},
		{"Unhashed", "/static/js/app.js", "text/javascript", "no-cache", 200},
		{"ErrUnknown", "/static/js/nope.js", "", "", 404},
		{"ErrStaleHash", "/static/js/app.00000000.js", "", "", 404},
		{"ErrDirectory", "/static/js", "", "", 404},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, tt.path, nil))
			if rec.Code != tt.status {
				t.Fatalf("GET %s status=%d, want %d", tt.path, rec.Code, tt.status)
			}
			if tt.status != 200 {
				return
			}
			if got := rec.Header().Get("Content-Type"); !strings.HasPrefix(got, tt.ctype) {
				t.Fatalf("Content-Type=%q, want %q", got, tt.ctype)
			}
			if got := rec.Header().Get("Cache-Control"); !strings.Contains(got, tt.cache) {
				t.Fatalf("Cache-Control=%q, want it to contain %q", got, tt.cache)
			}
			if rec.Body.Len() == 0 {
				t.Fatal("empty body")
			}
		})
	}
}

func TestHandler_ErrMethod(t *testing.T) {
	t.Parallel()
	rec := httptest.NewRecorder()
	static.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodPost, static.Path("js/app.js"), nil))
	if rec.Code != http.StatusMethodNotAllowed {
		t.Fatalf("status=%d, want 405", rec.Code)
	}
}

// A game's own folder is served under its prefix, hashed and cached like
// the app's assets, by the handler it is handed to; another handler does
// not know it.
func TestFolder(t *testing.T) {
	toy := static.NewFolder("games/toy", fstest.MapFS{"toy.css": {Data: []byte("b{color:red}")}})
	p := toy.Path("toy.css")
	if !strings.HasPrefix(p, "/static/games/toy/toy.") || p == "/static/games/toy/toy.css" {
		t.Fatalf("Path=%q, want a hashed name under games/toy", p)
	}
	rec := httptest.NewRecorder()
	static.Handler(toy).ServeHTTP(rec, httptest.NewRequest("GET", p, nil))
	if rec.Code != 200 || rec.Body.String() != "b{color:red}" || !strings.Contains(rec.Header().Get("Cache-Control"), "immutable") {
		t.Fatalf("GET %s: %d %q %q", p, rec.Code, rec.Body.String(), rec.Header().Get("Cache-Control"))
	}
	rec = httptest.NewRecorder()
	static.Handler().ServeHTTP(rec, httptest.NewRequest("GET", p, nil))
	if rec.Code != http.StatusNotFound {
		t.Fatalf("GET %s from a handler without the folder: %d, want 404", p, rec.Code)
	}
}
