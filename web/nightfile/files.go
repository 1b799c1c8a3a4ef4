package nightfile

import (
	"encoding/base64"
	"mime"
	"net/url"
	"path"
	"regexp"
	"slices"
	"strings"

	"topsecret/static"
	"topsecret/web/catalogue"
	"topsecret/web/kit"
)

// sheets are the app's stylesheets a replay needs, in the order its page
// loads them; the games' follow, then the file's own.
var sheets = []string{"css/app.css", "css/access.css", "css/replay.css"}

// files gathers what the night's file carries besides its steps: the
// stylesheets of the games it shows and the pictures its steps name (a
// board's drawing), each read from the folders the server serves.
type files struct {
	folders  []*static.Folder
	games    []kit.Game
	pictures map[string]string // URL as the steps name it → data: URL
}

func newFiles(games *catalogue.Shelf) *files {
	return &files{folders: games.Assets(), pictures: map[string]string{}}
}

// game takes in board's stylesheets, once.
func (f *files) game(board kit.Game) {
	if !slices.ContainsFunc(f.games, func(g kit.Game) bool { return g.Slug == board.Slug }) {
		f.games = append(f.games, board)
	}
}

// staticURL finds the server's files a text names.
var staticURL = regexp.MustCompile(`/static/[A-Za-z0-9._/-]+`)

// pictured takes in every file of the server that text names.
func (f *files) pictured(text string) {
	for _, u := range staticURL.FindAllString(text, -1) {
		if _, ok := f.pictures[u]; !ok {
			if d := f.dataURL(u); d != "" {
				f.pictures[u] = d
			}
		}
	}
}

// dataURL is the server's file at u as a data: URL, "" for none. A
// drawing (SVG) is written as escaped text, which keeps no '/' and so no
// run that reads like an address; any other file in base64.
func (f *files) dataURL(u string) string {
	body, ok := static.Read(u, f.folders...)
	if !ok {
		return ""
	}
	kind := mime.TypeByExtension(path.Ext(u))
	if i := strings.IndexByte(kind, ';'); i >= 0 {
		kind = kind[:i]
	}
	if kind == "image/svg+xml" {
		return "data:" + kind + "," + url.PathEscape(string(body))
	}
	return "data:" + kind + ";base64," + base64.StdEncoding.EncodeToString(body)
}

// style is every stylesheet the file needs, one after another, the files
// they name inlined as data: URLs.
func (f *files) style() string {
	var b strings.Builder
	urls := make([]string, 0, len(sheets)+1)
	for _, s := range sheets {
		urls = append(urls, static.Path(s))
	}
	for _, g := range f.games {
		urls = append(urls, g.StylesheetURLs()...)
	}
	urls = append(urls, static.Path("css/night.css"))
	for _, u := range urls {
		body, ok := static.Read(u, f.folders...)
		if !ok {
			continue
		}
		css := staticURL.ReplaceAllStringFunc(string(body), func(u string) string {
			if d := f.dataURL(u); d != "" {
				return d
			}
			return u
		})
		b.WriteString(css)
		b.WriteByte('\n')
	}
	return b.String()
}

// script is the page's player.
func (f *files) script() string {
	body, _ := static.Read(static.Path("js/night.js"))
	return string(body)
}
