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

// Folder is a folder of files served under a prefix by content-hashed
// names: the app's own (css/, js/, img/) or a game's board (its
// stylesheets and drawn board, under "games/<slug>"). A game's folder
// belongs to its board, which hands it down with the game; nothing is
// registered anywhere. Its files are read and hashed on first use.
type Folder struct {
	prefix string
	fsys   fs.FS

	once     sync.Once
	byName   map[string]*asset // "js/app.js" → asset
	byHashed map[string]*asset // "js/app.3f2a1c9d.js" → asset

	// joinMu guards the files made by Join, on first use, while
	// requests look them up.
	joinMu       sync.Mutex
	joined       map[string]*joined // "js/room.js" → its parts and asset
	joinedHashed map[string]*asset  // "js/room.3f2a1c9d.js" → asset
}

// NewFolder is fsys served under prefix ("games/vault" serves vault.css as
// "games/vault/vault.css").
func NewFolder(prefix string, fsys fs.FS) *Folder {
	return &Folder{prefix: strings.Trim(prefix, "/"), fsys: fsys}
}

// Open opens a file of the folder by its name inside it, so a test can
// read a board's files as an fs.FS.
func (f *Folder) Open(name string) (fs.File, error) { return f.fsys.Open(name) }

// own is the app's own assets.
var own = NewFolder("", FS)

// load reads and hashes the folder's files once.
func (f *Folder) load() {
	f.once.Do(func() {
		f.byName = map[string]*asset{}
		f.byHashed = map[string]*asset{}
		if err := f.walk(); err != nil {
			panic("static: " + err.Error()) // embedded files are fixed at build time
		}
	})
}

// walk adds every file of the folder, named under its prefix.
func (f *Folder) walk() error {
	return fs.WalkDir(f.fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		body, err := fs.ReadFile(f.fsys, p)
		if err != nil {
			return err
		}
		name := path.Join(f.prefix, p)
		sum := sha256.Sum256(body)
		a := &asset{name: name, hash: hex.EncodeToString(sum[:])[:8], body: body, gz: squeeze(name, body)}
		f.byName[name] = a
		f.byHashed[hashedName(name, a.hash)] = a
		return nil
	})
}

// Path returns the URL of the folder's file name ("board.svg", without
// the prefix) with its content hash. An unknown name gets its unhashed URL.
func (f *Folder) Path(name string) string {
	return f.url(path.Join(f.prefix, strings.TrimPrefix(name, "/")))
}

// url is the URL of the asset named with the prefix.
func (f *Folder) url(name string) string {
	f.load()
	if a, ok := f.byName[name]; ok {
		return Prefix + hashedName(name, a.hash)
	}
	return Prefix + name
}

// find returns the asset a request path names, hashed or not, and whether
// the name was hashed.
func (f *Folder) find(p string) (a *asset, hashed bool) {
	if f.prefix != "" && !strings.HasPrefix(p, f.prefix+"/") {
		return nil, false
	}
	f.load()
	if a := f.byHashed[p]; a != nil {
		return a, true
	}
	if a := f.byName[p]; a != nil {
		return a, false
	}
	return f.findJoined(p)
}

// hashedName inserts hash before the extension: "js/app.js" → "js/app.<hash>.js".
func hashedName(name, hash string) string {
	ext := path.Ext(name)
	return strings.TrimSuffix(name, ext) + "." + hash + ext
}

// Path returns the URL of the app's own asset name ("js/app.js") with its
// content hash, e.g. "/static/js/app.3f2a1c9d.js". An unknown name gets
// its unhashed URL.
func Path(name string) string { return own.url(strings.TrimPrefix(name, "/")) }

// Read returns the body of the file Handler(games...) serves at url
// ("/static/css/app.3f2a1c9d.css", hashed or not), and whether there is
// one: for a page that carries its files inside itself.
func Read(url string, games ...*Folder) ([]byte, bool) {
	p := strings.TrimPrefix(url, Prefix)
	if p == url {
		return nil, false
	}
	for _, f := range append([]*Folder{own}, games...) {
		if a, _ := f.find(p); a != nil {
			return a.body, true
		}
	}
	return nil, false
}

// Handler serves the app's own assets and the games' folders. It accepts request paths with or without the
// "/static" prefix, so it works mounted with or without http.StripPrefix.
// Hashed names are cached for a year as immutable; unhashed names must be
// revalidated (no-cache). Anything else is a 404. Text assets go gzipped,
// compressed once at start-up, to a client that accepts gzip.
func Handler(games ...*Folder) http.Handler {
	folders := append([]*Folder{own}, games...)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "Method not allowed.", http.StatusMethodNotAllowed)
			return
		}
		p := strings.TrimPrefix(r.URL.Path, "/")
		p = strings.TrimPrefix(p, strings.Trim(Prefix, "/")+"/")
		var a *asset
		cache := "no-cache"
		for _, f := range folders {
			found, hashed := f.find(p)
			if found == nil {
				continue
			}
			a = found
			if hashed {
				cache = "public, max-age=31536000, immutable"
			}
			break
		}
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
