package winkboard_test

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"topsecret/internal/game"
	"topsecret/internal/games/wink"
	"topsecret/web/kit"
	"topsecret/web/kit/boardtest"
)

// TestPhone checks each phase of the phone against §8.1's table.
func TestPhone(t *testing.T) {
	tests := []struct {
		name    string
		ctx     kit.Context
		present []string
		absent  []string
		text    map[string]string // testid → substring
		check   func(t *testing.T, doc *goquery.Document)
	}{
		{
			name:    "deal, my draw",
			ctx:     dealHolder(),
			present: []string{"wink-seat", "wink-hand", "wink-agent", "wink-location", "wink-take-cards", "wink-caught", "wink-events"},
			absent:  []string{"wink-claim", "wink-pass", "wink-answer", "wink-eyes", "wink-ranking"},
			text:    map[string]string{"wink-take-cards": "Take my cards"},
			check: func(t *testing.T, doc *goquery.Document) {
				b := boardtest.One(t, doc, "wink-take-cards")
				if b.AttrOr("data-act", "") != wink.ActTakeCards || boardtest.Disabled(b) {
					t.Errorf("take cards button: act %q disabled %v", b.AttrOr("data-act", ""), boardtest.Disabled(b))
				}
				if b.Find("[data-deadline]").Length() != 1 {
					t.Error("take cards has no deal countdown")
				}
			},
		},
		{
			name:    "deal, someone else draws",
			ctx:     dealOther(),
			present: []string{"wink-seat", "wink-hand", "wink-caught"},
			absent:  []string{"wink-take-cards", "wink-claim"},
			text:    map[string]string{"wink-phase-deal": "Tom is drawing…"},
			check: func(t *testing.T, doc *goquery.Document) {
				if got := boardtest.One(t, doc, "wink-phase-deal").Find("strong").Text(); got != "Tom" {
					t.Errorf("bold name %q, want Tom", got)
				}
			},
		},
		{
			name: "turn, mine",
			ctx:  turnMine(),
			present: []string{"wink-claim", "wink-claim-CAF", "wink-claim-MET", "wink-claim-KIO", "wink-claim-FOU",
				"wink-swap-agent", "wink-swap-location", "wink-swap-both", "wink-pass", "wink-caught"},
			text: map[string]string{"wink-agent": "Contact: Julia", "wink-location": "Your meeting place: Kiosk",
				"wink-events": "You drew your own colour", "wink-claim-FOU": "Fountain", "wink-pass": "Pass the suitcase"},
			check: func(t *testing.T, doc *goquery.Document) {
				fou := boardtest.One(t, doc, "wink-claim-FOU")
				var d wink.Claim
				if err := json.Unmarshal([]byte(fou.AttrOr("data-data", "")), &d); err != nil || d.Location != "FOU" || d.Epoch != 1 {
					t.Errorf("claim FOU data = %q (%v)", fou.AttrOr("data-data", ""), err)
				}
				if c := fou.AttrOr("data-confirm", ""); c != "I meet Julia at the Fountain!" {
					t.Errorf("claim confirm = %q", c)
				}
				for id, want := range map[string]wink.Swap{
					"wink-swap-agent":    {Agent: true, Epoch: 1},
					"wink-swap-location": {Location: true, Epoch: 1},
					"wink-swap-both":     {Agent: true, Location: true, Epoch: 1},
				} {
					b := boardtest.One(t, doc, id)
					var got wink.Swap
					if err := json.Unmarshal([]byte(b.AttrOr("data-data", "")), &got); err != nil || got != want || boardtest.Disabled(b) {
						t.Errorf("%s: data %q disabled %v, want %+v", id, b.AttrOr("data-data", ""), boardtest.Disabled(b), want)
					}
				}
				if boardtest.Disabled(boardtest.One(t, doc, "wink-pass")) {
					t.Error("pass disabled on my turn")
				}
				if got := textOf(boardtest.One(t, doc, "wink-events")); !strings.Contains(got, "Tom drew a new agent card.") ||
					!strings.Contains(got, "Caught! Marie accuses Julia of winking at Jan: the card is purple.") {
					t.Errorf("events = %q", got)
				}
			},
		},
		{
			name:    "turn, someone else's",
			ctx:     turnOther(),
			present: []string{"wink-hand", "wink-caught"},
			absent:  []string{"wink-claim", "wink-swap-agent", "wink-pass", "wink-take-cards"},
			text:    map[string]string{"wink-phase-turn": "Suitcase: Tom"},
		},
		{
			name:    "claim, the contact must answer (reveal)",
			ctx:     claimContact("reveal"),
			present: []string{"wink-answer", "wink-claim-pending", "wink-faceup"},
			absent:  []string{"wink-claim", "wink-pass"},
			text: map[string]string{"wink-answer": "Reveal Fountain", "wink-claim-pending": "Tom: “I meet you at the Fountain!”",
				"wink-faceup": "green = Julia"},
		},
		{
			name:    "claim, the contact must answer (not me)",
			ctx:     claimContact("not_me"),
			present: []string{"wink-answer"},
			text:    map[string]string{"wink-answer": "Not me"},
			check: func(t *testing.T, doc *goquery.Document) {
				if strings.Contains(doc.Text(), "Reveal") {
					t.Error("a not-me contact sees a Reveal button")
				}
			},
		},
		{
			name:    "claim, the claimant waits",
			ctx:     claimClaimant(),
			absent:  []string{"wink-answer"},
			text:    map[string]string{"wink-claim-pending": "Waiting for Julia…"},
			present: []string{"wink-faceup"},
		},
		{
			name:    "claim, a bystander with a queued accusation",
			ctx:     claimOther(),
			absent:  []string{"wink-answer"},
			present: []string{"wink-faceup", "wink-queued"},
			text:    map[string]string{"wink-claim-pending": "Tom claims Julia @ Fountain", "wink-queued": "Jan winked at Julia!"},
		},
		{
			name:    "game over",
			ctx:     overSeat(),
			present: []string{"wink-ranking", "wink-rank-0", "wink-rank-3", "wink-reveal"},
			absent:  []string{"wink-hand", "wink-caught", "wink-claim", "wink-answer"},
			text: map[string]string{"wink-ranking": "Julia, Tom and Jan tie for the win with 4 cards each.",
				"wink-reveal": "The files, opened"},
			check: func(t *testing.T, doc *goquery.Document) {
				if got := textOf(boardtest.One(t, doc, "wink-ranking")); !strings.Contains(got, "The agent deck is empty: Tom cannot draw") {
					t.Errorf("ranking lacks the reason: %q", got)
				}
			},
		},
		{
			name:    "no chips: CAUGHT! is disabled",
			ctx:     turnNoChips(),
			present: []string{"wink-caught"},
			absent:  []string{"wink-accuse-confirm", "wink-accuse-winker-0"},
			text:    map[string]string{"wink-caught": "no chips left"},
			check: func(t *testing.T, doc *goquery.Document) {
				if b := boardtest.One(t, doc, "wink-caught"); !boardtest.Disabled(b) {
					t.Error("CAUGHT! enabled with 0 chips")
				}
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc, _ := render(t, tc.ctx)
			boardtest.One(t, doc, "wink-seat")
			for _, id := range tc.present {
				if boardtest.ByID(doc, id).Length() == 0 {
					t.Errorf("missing [data-testid=%q]", id)
				}
			}
			for _, id := range tc.absent {
				boardtest.None(t, doc, id)
			}
			for id, want := range tc.text {
				if got := textOf(boardtest.One(t, doc, id)); !strings.Contains(got, want) {
					t.Errorf("%s: text %q lacks %q", id, got, want)
				}
			}
			if tc.check != nil {
				tc.check(t, doc)
			}
		})
	}
}

// TestPhone_OneAnswer: the contact's phone offers one truthful button (R14)
// and nobody else gets one.
func TestPhone_OneAnswer(t *testing.T) {
	for _, answer := range []string{"reveal", "not_me"} {
		doc, _ := render(t, claimContact(answer))
		if n := doc.Find(`[data-act="confirm_claim"]`).Length(); n != 1 {
			t.Errorf("%s: %d confirm buttons, want 1", answer, n)
		}
		if b := boardtest.One(t, doc, "wink-answer"); boardtest.Disabled(b) {
			t.Errorf("%s: answer button disabled", answer)
		}
	}
	for _, c := range []kit.Context{claimClaimant(), claimOther()} {
		doc, _ := render(t, c)
		if n := doc.Find(`[data-act="confirm_claim"]`).Length(); n != 0 {
			t.Errorf("seat %d has %d confirm buttons", c.You, n)
		}
	}
}

// TestPhone_AccusePicker checks the 3-step picker: winkers from the legal
// moves with their epochs in stable ids, targets without me, one confirm
// sentence with a name slot per player.
func TestPhone_AccusePicker(t *testing.T) {
	doc, _ := render(t, turnMine()) // I am seat 1
	caught := boardtest.One(t, doc, "wink-caught")
	if boardtest.Disabled(caught) || goquery.NodeName(caught) != "summary" {
		t.Fatalf("CAUGHT! should open the picker, got <%s> disabled=%v", goquery.NodeName(caught), boardtest.Disabled(caught))
	}
	form := doc.Find(`form[data-act="accuse"]`)
	if form.Length() != 1 || form.AttrOr("id", "") == "" {
		t.Fatalf("want one accuse form with an id, got %d", form.Length())
	}
	boardtest.None(t, doc, "wink-accuse-winker-1")
	boardtest.None(t, doc, "wink-accuse-target-1")
	for _, s := range []string{"0", "2", "3"} {
		w := boardtest.One(t, doc, "wink-accuse-winker-"+s).Find(`input[type=radio][name=winker]`)
		if w.AttrOr("value", "") != s || w.AttrOr("id", "") == "" {
			t.Errorf("winker %s radio: value %q id %q", s, w.AttrOr("value", ""), w.AttrOr("id", ""))
		}
		boardtest.One(t, doc, "wink-accuse-target-"+s)
	}
	// Seat 3's epoch is 1 in the fixture: it is carried by its radio.
	w3 := boardtest.One(t, doc, "wink-accuse-winker-3").Find("input")
	if w3.AttrOr("data-epoch", "") != "1" || !strings.Contains(w3.AttrOr("id", ""), "-e1") {
		t.Errorf("winker 3 epoch not captured: %v / %v", w3.AttrOr("data-epoch", ""), w3.AttrOr("id", ""))
	}
	if form.Find(`input[name=epoch]`).Length() != 1 {
		t.Error("no epoch input in the accuse form")
	}
	confirm := boardtest.One(t, doc, "wink-accuse-confirm")
	if confirm.AttrOr("type", "") != "submit" {
		t.Error("confirm is not the form's submit button")
	}
	if cw, ct := confirm.Find(".wk-cw").Length(), confirm.Find(".wk-ct").Length(); cw != 4 || ct != 4 {
		t.Errorf("confirm has %d winker and %d target slots, want 4 and 4", cw, ct)
	}
	line := confirm.Find(".wk-say-line").Clone()
	line.Find(".wk-cw, .wk-ct").Remove()
	if got := textOf(line); got != "winked at !" {
		t.Errorf("confirm words around the names = %q", got)
	}
}

// TestPhone_HoldToPeek: cards sit in a data-peek box, or data-peek="off".
func TestPhone_HoldToPeek(t *testing.T) {
	c := turnMine()
	doc, _ := render(t, c)
	h := boardtest.One(t, doc, "wink-hand")
	if v, ok := h.Attr("data-peek"); !ok || v == "off" {
		t.Errorf("hold to peek: data-peek=%q present=%v", v, ok)
	}
	if h.Find(".secret").Length() < 2 {
		t.Error("cards are not marked secret")
	}
	v := *c.View.(*wink.SeatView)
	v.HoldToPeek = false
	c.View = &v
	doc, _ = render(t, c)
	if got := boardtest.One(t, doc, "wink-hand").AttrOr("data-peek", ""); got != "off" {
		t.Errorf("always show: data-peek=%q, want off", got)
	}
}

func TestPhone_RemoteEyes(t *testing.T) {
	doc, _ := render(t, remoteSeat(0, 3, false)) // I am Tom (1), watching Julia (0), my contact
	boardtest.One(t, doc, "wink-eyes")
	for s := range 6 {
		boardtest.One(t, doc, "wink-avatar-"+strconv.Itoa(s))
	}
	big := boardtest.One(t, doc, "wink-avatar-0")
	if !big.HasClass("wk-big-av") || big.Find(".wk-pupil").Length() != 2 {
		t.Error("the focused avatar is not drawn big with eyes")
	}
	if got := big.AttrOr("aria-label", ""); got != "Stop looking at Julia" {
		t.Errorf("focused avatar label %q", got)
	}
	if doc.Find(".wk-pupil").Length() != 2 {
		t.Error("eyes drawn on more than the focused avatar")
	}
	a3 := boardtest.One(t, doc, "wink-avatar-3")
	if a3.AttrOr("data-act", "") != wink.ActSetFocus || a3.AttrOr("data-data", "") != `{"seat":3}` || boardtest.Disabled(a3) {
		t.Errorf("avatar 3: act %q data %q", a3.AttrOr("data-act", ""), a3.AttrOr("data-data", ""))
	}
	if got := a3.AttrOr("aria-label", ""); got != "Look at Marie" {
		t.Errorf("avatar 3 label %q", got)
	}
	if boardtest.One(t, doc, "wink-avatar-1").AttrOr("data-act", "") != "" {
		t.Error("my own avatar is tappable")
	}
	if b := boardtest.One(t, doc, "wink-wink"); boardtest.Disabled(b) {
		t.Error("wink disabled though legal and ready")
	}
	if b := boardtest.One(t, doc, "wink-signal"); !boardtest.Disabled(b) || b.AttrOr("title", "") != "Glance at my place" {
		t.Errorf("signal: disabled %v title %q, want disabled during its cooldown", boardtest.Disabled(b), b.AttrOr("title", ""))
	}
	if doc.Find(".wk-eyeline").Length() != 1 {
		t.Error("no eye-line toward whom Julia looks")
	}
	if got := textOf(boardtest.One(t, doc, "wink-eyes-status")); got != "Julia is looking at Marie" {
		t.Errorf("status = %q", got)
	}
	s := boardtest.One(t, doc, "wink-sightings").Find("[data-seq][data-anim]")
	if s.Length() != 2 || !strings.Contains(s.First().Text(), "Julia winked at Marie!") || !strings.Contains(s.Last().Text(), "Marie glanced at the Kiosk") {
		t.Errorf("sightings = %q", s.Text())
	}
	if got := textOf(boardtest.One(t, doc, "wink-tile-KIO")); got != "Kiosk" {
		t.Errorf("tile KIO = %q", got)
	}

	doc, _ = render(t, remoteSeat(2, -1, true))
	if got := textOf(boardtest.One(t, doc, "wink-eyes-status")); got != "Eyes moving to Jan…" {
		t.Errorf("moving status = %q", got)
	}
	if doc.Find(".wk-pupil").Length() != 0 {
		t.Error("eyes drawn while moving")
	}
	if b := boardtest.One(t, doc, "wink-wink"); !boardtest.Disabled(b) {
		t.Error("wink enabled while not legal")
	}

	doc, _ = render(t, remoteSeat(4, 1, false))
	if got := textOf(boardtest.One(t, doc, "wink-eyes-status")); got != "Eye contact with Anouk" {
		t.Errorf("eye contact status = %q", got)
	}

	// Table mode has no eyes.
	doc, _ = render(t, turnMine())
	boardtest.None(t, doc, "wink-eyes")
	boardtest.None(t, doc, "wink-wink")
}

// A wink or glance that is only cooling down enables itself when the
// cooldown ends; one that is impossible for another reason does not.
func TestPhone_CooldownEnablesItself(t *testing.T) {
	tests := []struct {
		name   string
		focus  int
		wantAt bool
	}{
		{"looking at my contact, cooling down", 0, true},
		{"looking at someone else", 2, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := remoteSeat(tt.focus, -1, false)
			v := c.View.(*wink.SeatView)
			v.Eyes.WinkReadyAt = c.Now + 1200
			var legal []game.Move
			for _, m := range c.Legal {
				if m.Type != wink.ActWink {
					legal = append(legal, m)
				}
			}
			c.Legal = legal
			doc, _ := render(t, c)
			btn := boardtest.One(t, doc, "wink-wink")
			if !boardtest.Disabled(btn) {
				t.Fatal("wink is enabled during its cooldown")
			}
			at, _ := btn.Attr("data-enable-at")
			if tt.wantAt && at != strconv.FormatInt(v.Eyes.WinkReadyAt, 10) {
				t.Fatalf("data-enable-at = %q, want the cooldown's end", at)
			}
			if !tt.wantAt && at != "" {
				t.Fatalf("data-enable-at = %q on an impossible wink", at)
			}
		})
	}
}
