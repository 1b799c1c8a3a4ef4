package embassyboard_test

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
	"topsecret/internal/games/embassy"
	"topsecret/web/boards/embassyboard"
	"topsecret/web/kit"
	"topsecret/web/kit/boardtest"
)

// TestReveal_FacesUp plays matches through right and wrong guesses and
// checks every screen (each seat's phone, the table, a spectator) against
// the rules at the first frames of each moment: a card lies face up in a
// code holder only where the rules show it — a wrong guess's card while it
// stays in its slot (§7.4.4), a right guess's card while it lies on the
// challenger's "?" slot (§7.4.3, R17), every holder once the game is over
// (H9) — and a card that moved on is face down again, wherever it went and
// whatever took its place. What lies where is followed card by card in the
// all-seeing view, not read from the view the board draws.
func TestReveal_FacesUp(t *testing.T) {
	seen := map[string]int{}
	for n := embassy.MinPlayers; n <= embassy.MaxPlayers; n++ {
		for seed := byte(101); seed <= 104; seed++ {
			t.Run(fmt.Sprintf("%d players seed %d", n, seed), func(t *testing.T) {
				for moment, k := range playReveals(t, newMatch(t, n, seed)) {
					seen[moment] += k
				}
			})
		}
	}
	t.Logf("moments checked: %v", seen)
	for _, want := range []string{"right, on ?", "right, in a slot", "right, another card on ?", "right, put back",
		"wrong, in its slot", "wrong, swapped away", "over"} {
		if seen[want] == 0 {
			t.Errorf("no frame of the moment %q (%v)", want, seen)
		}
	}
}

// playReveals plays m to its end, checking every screen at the first
// frames of each moment of a reveal and at the end; it counts the frames
// checked by moment.
func playReveals(t *testing.T, m *match) map[string]int {
	m.Pick = moveShownCards
	checked := map[string]int{}
	var sh *shown
	for {
		sh = follow(t, m, sh)
		if sh != nil || m.table().Over != nil {
			if moment := sh.moment(m); checked[moment] < framesPerMoment {
				checked[moment]++
				for _, v := range viewers(m.Seats) {
					facesUp(t, m, v, sh)
				}
			}
		}
		if !m.Step() {
			return checked
		}
	}
}

// atMoment is a match played as playReveals plays it, stopped at the
// first frame of a moment of a reveal (for preview pages).
func atMoment(t *testing.T, want string) *match {
	t.Helper()
	for seed := byte(101); seed < 140; seed++ {
		for n := 3; n <= embassy.MaxPlayers; n++ {
			m := newMatch(t, n, seed)
			m.Pick = moveShownCards
			var sh *shown
			for {
				if sh = follow(t, m, sh); sh != nil && sh.moment(m) == want {
					return m
				}
				if !m.Step() {
					break
				}
			}
		}
	}
	t.Fatalf("no match gets to the moment %q", want)
	return nil
}

// framesPerMoment bounds the frames of each moment a match renders: the
// first few show every case, the rest would only cost time.
const framesPerMoment = 4

// shown is the card a guess showed, followed by its id.
type shown struct {
	seq    int
	right  bool
	spot   string // "seat/slot" or "seat/?", where it was shown
	id     string // the card ("ATOM-2")
	secret string
	there  bool // still where it was shown: once it moves on it stays face down
}

// follow takes in a new reveal at the moment of its guess (the wrong
// guess's card in its slot, the right guess's on the challenger's "?")
// and notices when the card leaves that spot.
func follow(tb testing.TB, m *match, sh *shown) *shown {
	tb.Helper()
	r := m.table().Reveal
	if r == nil {
		return nil
	}
	ov := m.State.View(game.OmniscientViewer()).(*embassy.OmniscientView)
	if sh == nil || sh.seq != r.Seq {
		sh = &shown{seq: r.Seq, right: r.Correct, secret: r.Secret, there: true}
		sh.spot = kit.Itoa(r.Seat) + "/" + kit.Itoa(r.Slot)
		if r.Correct {
			sh.spot = kit.Itoa(r.By) + "/?"
		}
		sh.id = cardAt(ov, sh.spot)
		if set, _, _ := strings.Cut(sh.id, "-"); set != r.Secret {
			tb.Fatalf("reveal %+v: the card on %s is %q", r, sh.spot, sh.id)
		}
	} else if sh.there && cardAt(ov, sh.spot) != sh.id {
		sh.there = false
	}
	want := ""
	if sh.there {
		want = sh.spot
	}
	if r.Spot != want {
		tb.Fatalf("reveal %+v: the view has the card face up on %q, the rules on %q", r, r.Spot, want)
	}
	return sh
}

// cardAt is the card id on a holder's spot, "" for none.
func cardAt(ov *embassy.OmniscientView, spot string) string {
	seat, n, _ := strings.Cut(spot, "/")
	s, _ := strconv.Atoi(seat)
	if n == "?" {
		if ov.Acquire != nil && ov.Acquire.Seat == s {
			return ov.Hand
		}
		return ""
	}
	k, _ := strconv.Atoi(n)
	return ov.Holders[s][k-1]
}

// moment names what the frame shows, so the test can require each.
func (sh *shown) moment(m *match) string {
	tv := m.table()
	switch {
	case tv.Over != nil:
		return "over"
	case sh.right && sh.there && tv.Phase == embassy.PhasePlace:
		return "right, put back"
	case sh.right && sh.there:
		return "right, on ?"
	case sh.right && tv.Acquire != nil && tv.Acquire.Seat == tv.Reveal.By:
		return "right, another card on ?"
	case sh.right:
		return "right, in a slot"
	case sh.there:
		return "wrong, in its slot"
	}
	return "wrong, swapped away"
}

// faceUp is where the rules show a card face up now, by "seat/slot" or
// "seat/?", with its set.
func (sh *shown) faceUp(m *match) map[string]string {
	out := map[string]string{}
	if m.table().Over != nil {
		ov := m.State.View(game.OmniscientViewer()).(*embassy.OmniscientView)
		for s, h := range ov.Holders {
			for i, id := range h {
				if set, _, _ := strings.Cut(id, "-"); set != "" {
					out[kit.Itoa(s)+"/"+kit.Itoa(i+1)] = set
				}
			}
		}
		return out
	}
	if sh != nil && sh.there {
		out[sh.spot] = sh.secret
	}
	return out
}

// says is the reveal's sentence: a right guess's slot "was" the card, a
// wrong guess's slot "is" it while the card lies there, then "was".
func (sh *shown) says(c kit.Context, r *embassy.RevealView) string {
	id := "embassy.ui.reveal.wrong_was"
	switch {
	case sh.right:
		id = "embassy.ui.reveal.right"
	case sh.there:
		id = "embassy.ui.reveal.wrong"
	}
	whose := c.T("embassy.ui.whose", game.P("who", game.Seat(r.Seat)))
	if c.Me() == r.Seat {
		whose = c.T("embassy.ui.your")
	}
	return c.T(id, game.N("slot", r.Slot), game.X("whose", whose))
}

// viewer is one screen of the match.
type viewer struct {
	name string
	v    game.Viewer
}

// viewers are every phone, the table screen and a spectator (drawn from
// the table's view, as the server does for anyone without a seat).
func viewers(n int) []viewer {
	out := []viewer{{"table", game.TableViewer()}, {"spectator", game.Viewer{Kind: game.Table, Seat: game.System}}}
	for s := range n {
		out = append(out, viewer{fmt.Sprintf("seat %d", s), game.SeatViewer(game.Seat(s))})
	}
	return out
}

// facesUp renders v's screen and compares the faces it draws with the
// rules: in every holder drawn, the reveal's banner, and my own cards to
// peek at.
func facesUp(tb testing.TB, m *match, v viewer, sh *shown) {
	tb.Helper()
	c := m.Context(v.v)
	doc, _ := boardtest.Render(tb, embassyboard.Game, c)
	tv := m.table()
	what := fmt.Sprintf("%s, turn %d, %s (%s)", v.name, tv.Turn, tv.Phase, sh.moment(m))
	want := sh.faceUp(m)
	drawn := map[string]bool{}
	for _, c := range holderCells(doc) {
		if c.face != want[c.spot] {
			tb.Fatalf("%s: slot %s drawn face up as %q, the rules show %q there", what, c.spot, c.face, want[c.spot])
		}
		drawn[c.spot] = true
	}
	for spot := range want {
		if !drawn[spot] {
			tb.Fatalf("%s: slot %s, face up by the rules, is not drawn", what, spot)
		}
	}
	banner(tb, doc, tv, what)
	if tv.Reveal != nil {
		if got, want := strings.TrimSpace(doc.Find(".em-reveal-say").Text()), sh.says(c, tv.Reveal); got != want {
			tb.Fatalf("%s: the reveal says %q, want %q", what, got, want)
		}
	}
	peeks(tb, m, v, doc, what)
}

// drawnCell is one slot of a code holder as a screen draws it: its spot
// ("seat/slot" or "seat/?") and the set it shows face up, "" face down.
type drawnCell struct{ spot, face string }

// holderCells are the slots of every code holder a screen draws, in order
// (a phone may draw one holder twice: small, and big to pick from).
func holderCells(doc *goquery.Document) []drawnCell {
	var out []drawnCell
	doc.Find(`[data-testid^="embassy-holder-"]`).Each(func(_ int, h *goquery.Selection) {
		seat := strings.TrimPrefix(h.AttrOr("data-testid", ""), "embassy-holder-")
		h.Find(".em-slot").Each(func(_ int, c *goquery.Selection) {
			d := drawnCell{spot: seat + "/" + strings.TrimSpace(c.Find(".em-n").Text())}
			if card := c.Find(".em-card").First(); card.HasClass("em-face") {
				d.face = card.AttrOr("data-set", "?")
			}
			out = append(out, d)
		})
	})
	return out
}

// banner checks the reveal's own card: shown while the view has a reveal,
// and every other face is a guess's choice of set.
func banner(tb testing.TB, doc *goquery.Document, tv *embassy.TableView, what string) {
	tb.Helper()
	b := boardtest.ByID(doc, "embassy-reveal")
	if tv.Reveal == nil {
		if b.Length() != 0 {
			tb.Fatalf("%s: a reveal banner without a reveal", what)
		}
	} else if got := b.Find(".em-face").AttrOr("data-set", ""); b.Length() != 1 || got != tv.Reveal.Secret {
		tb.Fatalf("%s: %d reveal banners showing %q, want one showing %s", what, b.Length(), got, tv.Reveal.Secret)
	}
	doc.Find(".em-face, .em-cf").Each(func(_ int, f *goquery.Selection) {
		in := f.ParentsFiltered(`[data-testid^="embassy-holder-"], [data-testid="embassy-reveal"]`).Length() > 0
		if !in && !f.HasClass("em-opt") {
			tb.Fatalf("%s: a face (%s) outside the holders and the reveal", what, f.AttrOr("data-set", ""))
		}
	})
}

// peeks checks that a phone lets me look at my own cards, each where it
// lies, and nothing else; the table has none.
func peeks(tb testing.TB, m *match, v viewer, doc *goquery.Document, what string) {
	tb.Helper()
	want := map[string]string{}
	if v.v.Kind == game.Player {
		sv := m.State.View(v.v).(*embassy.SeatView)
		for i, c := range sv.Holder {
			if c != "" {
				want[kit.Itoa(i+1)] = c
			}
		}
		if sv.Hand != "" {
			want["?"] = sv.Hand
		}
	}
	got := map[string]string{}
	doc.Find(".em-peek").Each(func(_ int, p *goquery.Selection) {
		if p.ParentsFiltered(`[data-testid="embassy-mine"]`).Length() == 0 {
			tb.Fatalf("%s: a card to peek at outside my own holder", what)
		}
		n := strings.TrimSpace(p.ParentsFiltered(".em-slot").Find(".em-n").Text())
		got[n] = p.AttrOr("data-set", "")
	})
	if fmt.Sprint(got) != fmt.Sprint(want) {
		tb.Fatalf("%s: my cards to peek at %v, I hold %v", what, got, want)
	}
}

// moveShownCards plays mostly as the bots do, one move in four at random,
// and leans towards moving a shown card on: a penalty card is kept, and a
// fifth card half of the time replaces the slot a wrong guess showed (or,
// after a right guess, any slot, sending another card to the "?" slot).
func moveShownCards(st game.State, n int, now int64, r *game.Rand) (game.Action, bool) {
	tv := st.View(game.TableViewer()).(*embassy.TableView)
	seat := game.Seat(tv.Awaiting)
	legal := st.Legal(seat)
	pick := func(typ string, slot int) (game.Action, bool) {
		i := slices.IndexFunc(legal, func(mv game.Move) bool {
			return mv.Type == typ && (slot == 0 || string(mv.Data) == fmt.Sprintf(`{"slot":%d}`, slot))
		})
		if i < 0 {
			return game.Action{}, false
		}
		return gametest.Fill(legal[i], seat, now, r), true
	}
	if rv := tv.Reveal; rv != nil && r.IntN(2) == 0 {
		switch {
		case tv.Phase == embassy.PhaseKeep:
			return pick(embassy.ActKeep, 0)
		case tv.Phase == embassy.PhaseFifth && !rv.Correct && tv.Awaiting == rv.Seat:
			return pick(embassy.ActSwap, rv.Slot)
		case tv.Phase == embassy.PhaseFifth:
			return pick(embassy.ActSwap, 1+r.IntN(embassy.Slots))
		}
	}
	if len(legal) > 0 && r.IntN(4) == 0 {
		return gametest.Fill(legal[r.IntN(len(legal))], seat, now, r), true
	}
	return gametest.BotMoves(embassy.Bot{})(st, n, now, r)
}
