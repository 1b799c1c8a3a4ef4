package embassyboard_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"topsecret/internal/game"
	"topsecret/internal/games/embassy"
	"topsecret/web/kit/boardtest"
)

// rawID matches what must never show on a screen: a square id ("5,8"), a
// card id ("ATOM-2"), a set's code, or an embassy's letter alone.
var rawID = regexp.MustCompile(`\b\d{1,2},\d{1,2}\b|\b(ATOM|PHYSICS|RADAR|ROCKET)\b|embassy\.`)

// frame is every rendered frame's own checks.
func frame(tb testing.TB, v game.Viewer, st game.State, doc *goquery.Document) {
	tb.Helper()
	text := doc.Text()
	if m := rawID.FindString(text); m != "" {
		tb.Fatalf("%v: raw id %q on screen in %q", v, m, strings.Join(strings.Fields(text), " "))
	}
	doc.Find("[aria-label],[title]").Each(func(_ int, s *goquery.Selection) {
		for _, a := range []string{"aria-label", "title"} {
			if m := rawID.FindString(s.AttrOr(a, "")); m != "" {
				tb.Fatalf("%v: raw id %q in %s", v, m, a)
			}
		}
	})
	noHiddenCards(tb, v, st, doc)
	noHiddenSets(tb, v, st, doc)
}

// setWords are each set's code and its name on screen.
var setWords = map[string]string{"ATOM": "Atom", "PHYSICS": "Physics", "RADAR": "Radar", "ROCKET": "Rocket"}

// noHiddenSets fails when a frame names a set its viewer has no business
// seeing now, anywhere in its HTML (text or attributes): only my own
// cards, a revealed card, a guess's choices and, at the end, every card.
func noHiddenSets(tb testing.TB, v game.Viewer, st game.State, doc *goquery.Document) {
	tb.Helper()
	tv := st.View(game.TableViewer()).(*embassy.TableView)
	if tv.Over != nil {
		return
	}
	allowed := map[string]bool{}
	if tv.Reveal != nil {
		allowed[tv.Reveal.Secret] = true
	}
	if v.Kind == game.Player {
		sv := st.View(v).(*embassy.SeatView)
		for _, c := range sv.Holder {
			allowed[c] = true
		}
		allowed[sv.Hand] = true
		if tv.Phase == embassy.PhaseGuess && sv.Me == tv.Awaiting {
			for _, x := range tv.InPlay {
				allowed[x] = true
			}
		}
	}
	html, _ := doc.Html()
	for code, name := range setWords {
		if allowed[code] {
			continue
		}
		if strings.Contains(html, code) || strings.Contains(html, name) {
			tb.Fatalf("%v: the frame names %s, a card it may not see", v, name)
		}
	}
}

// noHiddenCards fails when a frame shows a card its viewer may not see:
// a face in another seat's holder or on an embassy, beyond what the view
// itself shows to everyone (a reveal, the game's end).
func noHiddenCards(tb testing.TB, v game.Viewer, st game.State, doc *goquery.Document) {
	tb.Helper()
	tv := st.View(game.TableViewer()).(*embassy.TableView)
	if tv.Over != nil {
		return
	}
	// A guess's choices name sets, not cards; a reveal shows one card to
	// everyone, in its banner and on the one spot the view says it lies.
	doc.Find(".em-face:not(.em-opt)").Each(func(_ int, f *goquery.Selection) {
		if tv.Reveal == nil || f.AttrOr("data-set", "") != tv.Reveal.Secret {
			tb.Fatalf("%v: a card face up (%s) that is not the revealed one", v, f.AttrOr("data-set", ""))
		}
	})
	for _, c := range holderCells(doc) {
		if c.face != "" && c.spot != tv.Reveal.Spot {
			tb.Fatalf("%v: slot %s drawn face up, the view shows the revealed card on %q", v, c.spot, tv.Reveal.Spot)
		}
	}
	peeks := doc.Find(".em-peek")
	if v.Kind != game.Player {
		if peeks.Length() > 0 {
			tb.Fatalf("%v: the table screen shows a holder's faces", v)
		}
		return
	}
	sv := st.View(v).(*embassy.SeatView)
	want := 0
	for _, c := range sv.Holder {
		if c != "" {
			want++
		}
	}
	if sv.Hand != "" {
		want++
	}
	if got := peeks.Length(); got != want {
		tb.Fatalf("seat %d: %d cards to peek at, holds %d", v.Seat, got, want)
	}
	if boardtest.ByID(doc, "embassy-mine").Find(".em-peek").Length() != want {
		tb.Fatalf("seat %d: a card to peek at outside my own holder", v.Seat)
	}
}
