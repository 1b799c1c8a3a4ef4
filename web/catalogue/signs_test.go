package catalogue_test

import (
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/room"
	"topsecret/web/words"
)

// The pictures a request to rejoin shows are each named in every language
// the app speaks, and no two share a picture or, in any language, a name:
// the host and the asking phone compare them, perhaps in two languages.
func TestCatalogue_AskPicturesNamedApart(t *testing.T) {
	t.Parallel()
	cat := every.Words()
	emoji := map[string]bool{}
	for _, s := range room.Signs() {
		if emoji[s.Emoji] {
			t.Errorf("%s is drawn for two pictures", s.Emoji)
		}
		emoji[s.Emoji] = true
	}
	for _, l := range words.Languages {
		rd := cat.Reader(l.Tag, nil)
		named := map[string]string{}
		for _, s := range room.Signs() {
			if !cat.Has(l.Tag, s.Word) {
				t.Errorf("%s: %s has no name", l.Tag, s.Word)
				continue
			}
			name := rd.Say(game.M(s.Word))
			if other, ok := named[name]; ok {
				t.Errorf("%s: %s and %s are both called %q", l.Tag, s.Word, other, name)
			}
			named[name] = s.Word
		}
	}
}
