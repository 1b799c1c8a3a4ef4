package pages_test

import (
	"strings"
	"testing"

	"topsecret/web/pages"
	"topsecret/web/words"
)

// The asking phone's screen shows the two pictures with their names in its
// own language and says to show them to the host.
func TestAskWaitView(t *testing.T) {
	t.Parallel()
	rd := words.New().Reader("fr", nil)
	doc := MustRender(t, pages.AskWaitView(pages.AskWait{Words: rd, Name: "Tom",
		Pictures: []pages.Picture{{Emoji: "🐻", Name: "ours"}, {Emoji: "🍋", Name: "citron"}}}))
	if got := mustOne(t, doc, "ask-pictures").Text(); got != "🐻ours🍋citron" {
		t.Fatalf("ask-pictures says %q", got)
	}
	got := mustOne(t, doc, "ask-wait").Text()
	for _, want := range []string{"la place de Tom", "Montre cet écran à l’hôte"} {
		if !strings.Contains(got, want) {
			t.Errorf("the waiting screen says %q, want %q", got, want)
		}
	}
	if strings.Contains(got, "game.rejoin.") {
		t.Fatal("a message id shows instead of its words")
	}
}
