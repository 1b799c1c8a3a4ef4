package inkognitoboard_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"topsecret/internal/game"
	"topsecret/internal/games/inkognito"
)

// TestEngineButtons drives real games with the engine's bot through the
// boards: every enabled control a phone shows must be an action the engine
// accepts, the table screen renders every step without a secret, and no
// phone shows another seat's private notices.
func TestEngineButtons(t *testing.T) {
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
			checked := map[string]int{}
			covered := func() bool {
				for _, typ := range want {
					if checked[typ] == 0 {
						return false
					}
				}
				return true
			}
			for seed := 0; seed < 12 && (seed < 2 || !covered()); seed++ {
				m := newMatch(n, byte(40+seed), inkognito.HelperFull)
				for step := 0; step < 400; step++ {
					doc, html := render(t, m.tableCtx())
					one(t, doc, "inkognito-table")
					if m.table().Phase != inkognito.PhaseOver {
						assertNoSecrets(t, m, html)
					}
					notices := map[int][]string{}
					for s := range n {
						for _, e := range m.seat(s).Notices {
							notices[s] = append(notices[s], game.Say(e.Text, names[:n]))
						}
					}
					for s := range n {
						c := m.phone(s, nil)
						doc, _ := render(t, c)
						one(t, doc, "inkognito-seat")
						text := doc.Text()
						for o, ns := range notices {
							for _, x := range ns {
								if o != s && !strings.Contains(strings.Join(notices[s], "\n"), x) && strings.Contains(text, x) {
									t.Fatalf("seat %d's phone shows seat %d's notice %q", s, o, x)
								}
							}
						}
						for _, a := range actions(doc, s) {
							if err := m.st.Check(a); err != nil {
								t.Fatalf("step %d seat %d: control %s %s refused: %v", step, s, a.Type, a.Data, err)
							}
							checked[a.Type]++
						}
					}
					if !m.next() {
						break
					}
				}
			}
			for _, typ := range want {
				if checked[typ] == 0 {
					t.Errorf("no %s control was ever checked (%v)", typ, checked)
				}
			}
		})
	}
}

// actions turns a phone's enabled controls into the actions app.js sends:
// data-act buttons, each radio of the pair picker, and the telephone filled
// with one complete number.
func actions(doc *goquery.Document, seat int) []game.Action {
	var out []game.Action
	act := func(typ, data string) {
		out = append(out, game.Action{Seat: game.Seat(seat), Type: typ, Data: json.RawMessage(data), At: now})
	}
	doc.Find("button[data-act]").Each(func(_ int, b *goquery.Selection) {
		if _, off := b.Attr("disabled"); !off {
			act(b.AttrOr("data-act", ""), b.AttrOr("data-data", "{}"))
		}
	})
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
