package static_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"topsecret/static"
)

// A joined file is its parts one after another, in order, served under
// a hashed name cached for a year (and gzipped), readable by Read; the
// same parts give the same URL, and a change in one part a new one.
func TestJoin(t *testing.T) {
	t.Parallel()
	toy := static.NewFolder("games/toy", fstest.MapFS{
		"a.js":  {Data: []byte("(function () { window.a = 1; })();\n")},
		"b.js":  {Data: []byte("(function () { window.b = window.a + 1; })()")},
		"a.css": {Data: []byte("b{color:red}")},
		"b.css": {Data: []byte("b{color:blue}\n")},
	})
	for _, tt := range []struct {
		name, joined string
		parts        []string
		want         string
	}{
		{"Scripts", "both.js", []string{"a.js", "b.js"}, "(function () { window.a = 1; })();\n(function () { window.b = window.a + 1; })();\n"},
		{"ScriptsInOrder", "ba.js", []string{"b.js", "a.js"}, "(function () { window.b = window.a + 1; })();\n(function () { window.a = 1; })();\n"},
		{"Stylesheets", "both.css", []string{"a.css", "b.css"}, "b{color:red}\nb{color:blue}\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			u := toy.Join(tt.joined, tt.parts...)
			base := strings.TrimSuffix(tt.joined, ".js")
			base = strings.TrimSuffix(base, ".css")
			if !strings.HasPrefix(u, "/static/games/toy/"+base+".") || strings.Count(u, ".") != 2 {
				t.Fatalf("URL %q, want a hashed name under games/toy", u)
			}
			if again := toy.Join(tt.joined, tt.parts...); again != u {
				t.Fatalf("joined again: %q, then %q", u, again)
			}
			rec := httptest.NewRecorder()
			static.Handler(toy).ServeHTTP(rec, httptest.NewRequest(http.MethodGet, u, nil))
			if rec.Code != 200 || rec.Body.String() != tt.want || !strings.Contains(rec.Header().Get("Cache-Control"), "immutable") {
				t.Fatalf("GET %s: %d %q %q, want %q", u, rec.Code, rec.Body.String(), rec.Header().Get("Cache-Control"), tt.want)
			}
			if body, ok := static.Read(u, toy); !ok || string(body) != tt.want {
				t.Fatalf("Read(%s) = %q, %v", u, body, ok)
			}
		})
	}
}

// The app's own bundle is served gzipped to a browser that takes it, and
// a joined name cannot stand for a file that exists or for other parts.
func TestJoin_Own(t *testing.T) {
	t.Parallel()
	u := static.Join("js/test-bundle.js", "js/app.js", "js/api.js")
	req := httptest.NewRequest(http.MethodGet, u, nil)
	req.Header.Set("Accept-Encoding", "gzip")
	rec := httptest.NewRecorder()
	static.Handler().ServeHTTP(rec, req)
	if rec.Code != 200 || rec.Header().Get("Content-Encoding") != "gzip" {
		t.Fatalf("GET %s: %d, encoding %q", u, rec.Code, rec.Header().Get("Content-Encoding"))
	}
	app, _ := static.Read(static.Path("js/app.js"))
	api, _ := static.Read(static.Path("js/api.js"))
	body, _ := static.Read(u)
	if want := string(app) + string(api); string(body) != want {
		t.Fatalf("bundle is %d bytes, want app.js then api.js (%d)", len(body), len(want))
	}
	for _, tt := range []struct {
		name string
		join func()
	}{
		{"ErrNameIsAFile", func() { static.Join("js/app.js", "js/api.js") }},
		{"ErrOtherParts", func() { static.Join("js/test-bundle.js", "js/api.js") }},
		{"ErrNoSuchPart", func() { static.Join("js/test-other.js", "js/nope.js") }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Fatal("no panic")
				}
			}()
			tt.join()
		})
	}
}
