// Package words says the games' messages in a reader's language, through one
// catalogue built from the platform's and every game's message files.
package words

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"

	"topsecret/internal/game"
)

// Fallback is the language every message exists in; a reader's language
// that lacks a message falls back to it.
const Fallback = "en"

// Catalog holds every message of every language. Load all files before the
// first Reader; after that it is safe for concurrent use.
type Catalog struct {
	bundle *i18n.Bundle
	ids    map[string]map[string]bool // language → ids

	mu      sync.Mutex
	missing map[string]bool

	// localizers holds one localizer per language asked for: making one
	// parses the language tag, which cost more than most messages.
	localizers sync.Map // string → *i18n.Localizer
	// said remembers finished words by reader and message: a frame words
	// the same forty recent events for every viewer and every change.
	said sayings
}

// New returns a catalogue holding the platform's own messages.
func New() *Catalog {
	c := &Catalog{bundle: i18n.NewBundle(language.English), ids: map[string]map[string]bool{}, missing: map[string]bool{}}
	c.bundle.RegisterUnmarshalFunc("json", json.Unmarshal)
	if err := c.Load(platform, "messages"); err != nil {
		panic(err)
	}
	return c
}

// Load reads every <lang>.json message file in dir of fsys.
func (c *Catalog) Load(fsys fs.FS, dir string) error {
	files, err := fs.Glob(fsys, path.Join(dir, "*.json"))
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return fmt.Errorf("words: no message files in %s", dir)
	}
	for _, f := range files {
		b, err := fs.ReadFile(fsys, f)
		if err != nil {
			return err
		}
		mf, err := c.bundle.ParseMessageFileBytes(b, path.Base(f))
		if err != nil {
			return fmt.Errorf("words: %s: %w", f, err)
		}
		lang := mf.Tag.String()
		if c.ids[lang] == nil {
			c.ids[lang] = map[string]bool{}
		}
		for _, m := range mf.Messages {
			if c.ids[lang][m.ID] {
				return fmt.Errorf("words: %s: %s defined twice", f, m.ID)
			}
			c.ids[lang][m.ID] = true
		}
	}
	return nil
}

// Has reports whether lang's catalogue defines id.
func (c *Catalog) Has(lang, id string) bool { return c.ids[lang][id] }

// IDs lists lang's message ids, sorted.
func (c *Catalog) IDs(lang string) []string {
	out := make([]string, 0, len(c.ids[lang]))
	for id := range c.ids[lang] {
		out = append(out, id)
	}
	sort.Strings(out)
	return out
}

// Missing lists the ids readers asked for that no catalogue defines, so a
// test can fail on a message the engine says but nobody wrote.
func (c *Catalog) Missing() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make([]string, 0, len(c.missing))
	for id := range c.missing {
		out = append(out, id)
	}
	sort.Strings(out)
	return out
}

func (c *Catalog) miss(id string) {
	c.mu.Lock()
	c.missing[id] = true
	c.mu.Unlock()
}

// Reader says messages for one reader: in their language, with the match's
// seat names.
type Reader struct {
	c     *Catalog
	loc   *i18n.Localizer
	lang  string
	names []string
	// key names the reader in the catalogue's memory of finished words:
	// its language and seat names decide every word.
	key string
}

// Reader returns a reader of lang (a BCP 47 tag; unknown falls back to
// English) who knows seat s as names[s]. A nil catalogue's reader says
// each message as its id.
func (c *Catalog) Reader(lang string, names []string) Reader {
	if c == nil {
		return Reader{lang: lang, names: names}
	}
	loc, ok := c.localizers.Load(lang)
	if !ok {
		loc, _ = c.localizers.LoadOrStore(lang, i18n.NewLocalizer(c.bundle, lang, Fallback))
	}
	key := make([]byte, 0, 64)
	key = append(key, lang...)
	for _, n := range names {
		// Each name with its length, so no name can pass for two.
		key = strconv.AppendInt(append(key, ' '), int64(len(n)), 10)
		key = append(append(key, ':'), n...)
	}
	return Reader{c: c, loc: loc.(*i18n.Localizer), lang: lang, names: names, key: string(append(key, '|'))}
}

// Lang is the language the reader reads, one the app speaks: for the
// things drawn once per language (a map's names), not for messages, which
// Say words.
func (r Reader) Lang() string {
	if l := Known(r.lang); l != "" {
		return l
	}
	return Fallback
}

// Name is seat s's player's name.
func (r Reader) Name(s game.Seat) string {
	if s >= 0 && int(s) < len(r.names) && r.names[s] != "" {
		return r.names[s]
	}
	return r.Say(game.M("game.seat", game.N("n", int(s)+1)))
}

// Names are the seat names the reader knows.
func (r Reader) Names() []string { return r.names }

// Say words m. A message no catalogue has is said as its id (and noted in
// Missing), so a gap shows up in tests rather than as a blank.
func (r Reader) Say(m game.Msg) string {
	if m.ID == "" {
		return ""
	}
	if m.ID == game.LegacyID {
		return r.legacy(m)
	}
	if r.c == nil {
		return m.ID
	}
	k := r.sayKey(m)
	if s, ok := r.c.said.get(k); ok {
		return s
	}
	s := r.word(m)
	r.c.said.put(k, s)
	return s
}

// word words m afresh.
func (r Reader) word(m game.Msg) string {
	data := make(map[string]any, len(m.Args))
	var count any
	var values []string // what was put in, for agree
	for _, a := range m.Args {
		v := r.arg(a)
		data[a.Name] = v
		if a.Kind == game.ArgN {
			if a.Name == "n" {
				count = a.Int
			}
			continue
		}
		values = append(values, v)
	}
	s, err := r.loc.Localize(&i18n.LocalizeConfig{MessageID: m.ID, TemplateData: data, PluralCount: count})
	// Not found in the reader's language: the library has said it in
	// English, with English plurals, and reports the gap; that is the
	// fallback a language still being translated relies on.
	var nf *i18n.MessageNotFoundErr
	if err != nil && !errors.As(err, &nf) && count != nil {
		// A message with one form for every number ("{{.n}} points") has
		// no plural forms to pick from.
		s, err = r.loc.Localize(&i18n.LocalizeConfig{MessageID: m.ID, TemplateData: data})
	}
	if err != nil && s == "" {
		r.c.miss(m.ID)
		return m.ID
	}
	return agree(r.lang, s, values)
}

// arg words one argument.
func (r Reader) arg(a game.Arg) string {
	switch a.Kind {
	case game.ArgSeat:
		return r.Name(a.Seat())
	case game.ArgSeats:
		parts := make([]string, len(a.Seats))
		for i, s := range a.Seats {
			parts[i] = r.Name(s)
		}
		return r.List(parts)
	case game.ArgN:
		return strconv.Itoa(a.Int)
	case game.ArgTerm:
		return r.Say(a.Term())
	case game.ArgList:
		parts := make([]string, len(a.Terms))
		for i, m := range a.Terms {
			parts[i] = r.Say(m)
		}
		return r.List(parts)
	case game.ArgText:
		return a.Text
	}
	return ""
}

// List joins items as the reader's language lists them ("A, B and C").
func (r Reader) List(items []string) string {
	switch len(items) {
	case 0:
		return r.Say(game.M("game.list.none"))
	case 1:
		return items[0]
	}
	head := strings.Join(items[:len(items)-1], r.Say(game.M("game.list.comma")))
	return r.Say(game.M("game.list.and", game.X("a", head), game.X("b", items[len(items)-1])))
}

// legacy says an old record's English sentence, its {pN} placeholders
// replaced by names.
func (r Reader) legacy(m game.Msg) string {
	t, _ := m.Arg("text")
	text := t.Text
	for i := len(r.names) - 1; i >= 0; i-- {
		text = strings.ReplaceAll(text, "{p"+strconv.Itoa(i)+"}", r.names[i])
	}
	return text
}
