package catalogue_test

import (
	"encoding/json"
	"errors"
	"maps"
	"slices"
	"strconv"
	"strings"
	"testing"

	"topsecret/internal/game"
	"topsecret/web/words"
)

// Every game describes itself and its settings in ids its lobby file
// defines (a name, a blurb, a label and one line of help per setting, a
// label per choice), and the lobby file defines nothing else.
func TestCatalogue_LobbyWords(t *testing.T) {
	t.Parallel()
	cat := every.Words()
	for _, e := range entries() {
		info := e.Info
		said := map[string]bool{}
		for _, id := range info.IDs() {
			said[id] = true
			if !cat.Has("en", id) {
				t.Errorf("%s: %s is not in lobby.en.json", info.Slug, id)
			}
		}
		for _, o := range info.Options {
			if o.Label == "" || o.Help == "" {
				t.Errorf("%s: option %s needs a label and one line of help", info.Slug, o.Key)
			}
			if h := cat.Reader("en", nil).Say(game.M(o.Help)); strings.Contains(h, "\n") || len(h) > 140 {
				t.Errorf("%s: the help of %s is more than one line: %q", info.Slug, o.Key, h)
			}
		}
		if info.Name == "" || info.Blurb == "" {
			t.Errorf("%s: no name or blurb", info.Slug)
		}
		board, _ := every.Lookup(info.Slug)
		files, err := words.Files(board.Messages, ".")
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range slices.Sorted(maps.Keys(files["lobby"]["en"])) {
			if !said[id] {
				t.Errorf("%s: lobby.en.json has %s, which the game never says", info.Slug, id)
			}
		}
	}
}

// A setting a game refuses is an *game.OptionError whose message every
// language words completely: the host reads why, in their own language.
func TestCatalogue_OptionRefusals(t *testing.T) {
	t.Parallel()
	cat := every.Words()
	for _, e := range entries() {
		bad := []string{`{"nonsense":1}`, `{"` + e.Info.Options[0].Key + `":{"x":1}}`}
		for _, o := range e.Info.Options {
			switch o.Kind {
			case "choice":
				if _, ok := o.Choices[0].Value.(string); ok {
					bad = append(bad, `{"`+o.Key+`":"nonsense"}`)
				} else {
					bad = append(bad, `{"`+o.Key+`":99}`)
				}
			case "int":
				bad = append(bad, `{"`+o.Key+`":`+strconv.Itoa(o.Max+1)+`}`)
			}
		}
		for _, raw := range bad {
			_, err := e.Rules.Options(json.RawMessage(raw))
			var oe *game.OptionError
			if !errors.As(err, &oe) {
				t.Errorf("%s %s: %v, want an OptionError", e.Info.Slug, raw, err)
				continue
			}
			for _, l := range words.Languages {
				s := cat.Reader(l.Tag, nil).Say(oe.Msg)
				if strings.Contains(s, "<no value>") || strings.Contains(s, "{{") || strings.Contains(s, e.Info.Slug+".") {
					t.Errorf("%s %s in %s: %q", e.Info.Slug, raw, l.Tag, s)
				}
			}
		}
	}
	if m := cat.Missing(); len(m) > 0 {
		t.Errorf("ids said but not in the catalogue: %v", m)
	}
}
