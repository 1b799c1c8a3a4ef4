package inkognitoboard_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"topsecret/internal/game"
	"topsecret/internal/games/inkognito"
	"topsecret/web/boards/inkognitoboard"
	"topsecret/web/kit/boardtest"
)

// TestEngineButtons drives real games through the boards for 3, 4 and 5
// players: every enabled control a phone shows must be an action the engine
// accepts, every message the pages say must be in the catalogue, the table
// screen renders every step without a secret, and no phone shows another
// seat's private notices.
func TestEngineButtons(t *testing.T) {
	t.Parallel()
	for _, n := range []int{3, 4, 5} {
		t.Run(fmt.Sprintf("%dp", n), func(t *testing.T) {
			t.Parallel()
			want := []string{inkognito.ActPlay, inkognito.ActShowPair, inkognito.ActShowBlack, inkognito.ActDial,
				inkognito.ActRequest, inkognito.ActSkip, inkognito.ActChooseBlack}
			switch n {
			case 3:
				want = append(want, inkognito.ActPeek)
			case 5:
				want = append(want, inkognito.ActCommit, inkognito.ActContinue)
			}
			pressed := boardtest.Pressed{}
			covered := func() bool {
				for _, typ := range want {
					if pressed[typ] == 0 {
						return false
					}
				}
				return true
			}
			words := boardtest.Words(t, inkognitoboard.Game).Reader("en", names[:n])
			for seed := 0; seed < 12 && (seed < 2 || !covered()); seed++ {
				var s game.Seed
				s[0], s[1] = byte(40+seed), byte(n)
				opts, _ := json.Marshal(map[string]any{"helper": inkognito.HelperFull})
				got := boardtest.Play(t, boardtest.Match{Rules: inkognito.Rules{}, Board: inkognitoboard.Game, Seats: n, Seed: s,
					Options: opts, Controls: controls, PhoneID: "inkognito-seat", TableID: "inkognito-table",
					Frame: func(tb testing.TB, v game.Viewer, st game.State, doc *goquery.Document) {
						frame(tb, v, st, doc, n, words)
					}})
				for typ, k := range got {
					pressed[typ] += k
				}
			}
			t.Logf("pressed %v", pressed)
			pressed.Require(t, want...)
		})
	}
}

// controls are the actions app.js sends from a phone's enabled controls:
// data-act buttons, each radio of the pair picker, and the telephone
// filled with one complete number.
func controls(doc *goquery.Document, seat game.Seat, at int64) []game.Action {
	out := boardtest.Buttons(doc, seat, at)
	act := func(typ, data string) {
		out = append(out, game.Action{Seat: seat, Type: typ, Data: json.RawMessage(data), At: at})
	}
	doc.Find(`form[data-act="show_pair"] input[name=cards]`).Each(func(_ int, r *goquery.Selection) {
		act(inkognito.ActShowPair, `{"cards":`+r.AttrOr("value", "")+`}`)
	})
	doc.Find(`form[data-act="dial"]`).Each(func(_ int, f *goquery.Selection) {
		d := map[string]string{}
		for i, k := range []string{"f", "b", "z", "x"} {
			d[k] = f.Find(`input[name=`+k+`]`).Eq(i).AttrOr("value", "")
		}
		b, _ := json.Marshal(d)
		act(inkognito.ActDial, string(b))
	})
	return out
}

// frame checks one rendered frame: every word from the catalogue; the
// table without secrets; a phone without another seat's notices.
func frame(tb testing.TB, v game.Viewer, st game.State, doc *goquery.Document, n int, words interface {
	Say(game.Msg) string
}) {
	tb.Helper()
	html, _ := doc.Html()
	worded(tb, html)
	notices := map[int][]string{}
	for _, e := range st.(boardtest.Told).Said {
		if !e.Public() {
			notices[int(e.To[0])] = append(notices[int(e.To[0])], words.Say(e.Msg))
		}
	}
	text := doc.Text()
	if v.Kind != game.Player {
		if tv := st.View(v).(*inkognito.TableView); tv.Phase == inkognito.PhaseOver {
			return
		}
		for _, cls := range []string{".ik-black", ".ik-face", ".ik-mini-black", ".ik-minipair", ".ik-tn", ".ik-sealed"} {
			if doc.Find(cls).Length() > 0 {
				tb.Fatalf("the table shows %s", cls)
			}
		}
		for s, ns := range notices {
			for _, x := range ns {
				if strings.Contains(text, x) {
					tb.Fatalf("the table shows seat %d's notice %q", s, x)
				}
			}
		}
		return
	}
	mine := strings.Join(notices[int(v.Seat)], "\n")
	for o, ns := range notices {
		for _, x := range ns {
			if o != int(v.Seat) && !strings.Contains(mine, x) && strings.Contains(text, x) {
				tb.Fatalf("seat %d's phone shows seat %d's notice %q", v.Seat, o, x)
			}
		}
	}
}
