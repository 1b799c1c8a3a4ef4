// Package static embeds the browser assets and serves them under content-hashed names.
//
// Path("js/app.js") returns "/static/js/app.3f2a1c9d.js"; the hash changes
// whenever the file does, so Handler can let browsers cache hashed names for a
// year. Unhashed names are served too, revalidated on every use.
package static

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"sync"
	"time"
)

// FS holds the embedded assets: css/, js/ and img/.
//
//go:embed css js img
var FS embed.FS

// Prefix is the URL path under which Handler expects to be mounted.
const Prefix = "/static/"

// asset is one embedded file with its content hash.
type asset struct {
	name string // path inside FS, e.g. "js/app.js"
	hash string // first hex digits of the SHA-256 of the content
	body []byte
	// gz is body gzipped once at start-up, nil when not worth it.
	gz []byte
}

var (
	loadOnce sync.Once
	mu       sync.RWMutex      // guards the maps against a late Include
	byName   map[string]*asset // "js/app.js" → asset
	byHashed map[string]*asset // "js/app.3f2a1c9d.js" → asset
)

// Include serves every file of fsys under prefix ("games/vault" serves
// vault.css as "games/vault/vault.css"), so a game's stylesheet and board
// drawing can live beside its board. Package initialisation calls it.
func Include(prefix string, fsys fs.FS) {
	loadOnce.Do(load)
	mu.Lock()
	defer mu.Unlock()
	if err := walk(strings.Trim(prefix, "/"), fsys); err != nil {
		panic("static: " + err.Error()) // embedded files are fixed at build time
	}
}

func load() {
	byName = map[string]*asset{}
	byHashed = map[string]*asset{}
	err := walk("", FS)
	if err != nil {
		panic("static: " + err.Error()) // embedded files are fixed at build time
	}
}

// walk adds every file of fsys, named under prefix.
func walk(prefix string, fsys fs.FS) error {
	return fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		body, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		name := path.Join(prefix, p)
		sum := sha256.Sum256(body)
		a := &asset{name: name, hash: hex.EncodeToString(sum[:])[:8], body: body, gz: squeeze(name, body)}
		byName[name] = a
		byHashed[hashedName(name, a.hash)] = a
		return nil
	})
}

// hashedName inserts hash before the extension: "js/app.js" → "js/app.<hash>.js".
func hashedName(name, hash string) string {
	ext := path.Ext(name)
	return strings.TrimSuffix(name, ext) + "." + hash + ext
}

// Path returns the URL of the named asset ("js/app.js") with its content hash,
// e.g. "/static/js/app.3f2a1c9d.js". An unknown name gets its unhashed URL.
func Path(name string) string {
	loadOnce.Do(load)
	name = strings.TrimPrefix(name, "/")
	mu.RLock()
	a, ok := byName[name]
	mu.RUnlock()
	if ok {
		return Prefix + hashedName(name, a.hash)
	}
	return Prefix + name
}

// Handler serves the assets. It accepts request paths with or without the
// "/static" prefix, so it works mounted with or without http.StripPrefix.
// Hashed names are cached for a year as immutable; unhashed names must be
// revalidated (no-cache). Anything else is a 404. Text assets go gzipped,
// compressed once at start-up, to a client that accepts gzip.
func Handler() http.Handler {
	loadOnce.Do(load)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "Method not allowed.", http.StatusMethodNotAllowed)
			return
		}
		p := strings.TrimPrefix(r.URL.Path, "/")
		p = strings.TrimPrefix(p, strings.Trim(Prefix, "/")+"/")
		mu.RLock()
		a, cache := byHashed[p], "public, max-age=31536000, immutable"
		if a == nil {
			a, cache = byName[p], "no-cache"
		}
		mu.RUnlock()
		if a == nil {
			http.NotFound(w, r)
			return
		}
		h := w.Header()
		if ct := mime.TypeByExtension(path.Ext(a.name)); ct != "" {
			h.Set("Content-Type", ct)
		}
		h.Set("Cache-Control", cache)
		h.Set("X-Content-Type-Options", "nosniff")
		body, etag := a.body, `"`+a.hash+`"`
		if a.gz != nil {
			h.Add("Vary", "Accept-Encoding")
			if AcceptsGzip(r.Header.Get("Accept-Encoding")) {
				// Each representation has its own tag, as a cache in between
				// must not answer a revalidation across them.
				body, etag = a.gz, `"`+a.hash+`-gz"`
				h.Set("Content-Encoding", "gzip")
			}
		}
		h.Set("ETag", etag)
		http.ServeContent(w, r, a.name, time.Time{}, bytes.NewReader(body))
	})
}
