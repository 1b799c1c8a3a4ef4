package winkboard_test

import (
	"bytes"
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"topsecret/internal/game"
	"topsecret/internal/games/wink"
	"topsecret/internal/room"
	"topsecret/web/boards"
	winkboard "topsecret/web/games/wink"
)

func render(tb testing.TB, c winkboard.Context) (*goquery.Document, string) {
	tb.Helper()
	var buf bytes.Buffer
	if err := winkboard.Board(c).Render(context.Background(), &buf); err != nil {
		tb.Fatalf("render: %v", err)
	}
	html := buf.String()
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(html))
	if err != nil {
		tb.Fatalf("parse: %v", err)
	}
	return doc, html
}

func byID(doc *goquery.Document, id string) *goquery.Selection {
	return doc.Find(`[data-testid="` + id + `"]`)
}

func one(tb testing.TB, doc *goquery.Document, id string) *goquery.Selection {
	tb.Helper()
	s := byID(doc, id)
	if s.Length() != 1 {
		tb.Fatalf("found %d [data-testid=%q], want 1", s.Length(), id)
	}
	return s
}

func none(tb testing.TB, doc *goquery.Document, id string) {
	tb.Helper()
	if n := byID(doc, id).Length(); n != 0 {
		tb.Fatalf("found %d [data-testid=%q], want none", n, id)
	}
}

func disabled(s *goquery.Selection) bool {
	_, ok := s.Attr("disabled")
	return ok
}

// TestPhones checks each phase of the phone against §8.1's table.
func TestPhones(t *testing.T) {
	tests := []struct {
		name    string
		ctx     winkboard.Context
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
			check: func(t *testing.T, doc *goquery.Document) {
				b := one(t, doc, "wink-take-cards")
				if b.AttrOr("data-act", "") != wink.ActTakeCards || disabled(b) {
					t.Errorf("take cards button: act %q disabled %v", b.AttrOr("data-act", ""), disabled(b))
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
		},
		{
			name: "turn, mine",
			ctx:  turnMine(),
			present: []string{"wink-claim", "wink-claim-CAF", "wink-claim-MET", "wink-claim-KIO", "wink-claim-FOU",
				"wink-swap-agent", "wink-swap-location", "wink-swap-both", "wink-pass", "wink-caught"},
			text: map[string]string{"wink-agent": "Contact: Julia", "wink-location": "Your meeting place: Kiosk",
				"wink-events": "You drew your own colour"},
			check: func(t *testing.T, doc *goquery.Document) {
				fou := one(t, doc, "wink-claim-FOU")
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
					b := one(t, doc, id)
					var got wink.Swap
					if err := json.Unmarshal([]byte(b.AttrOr("data-data", "")), &got); err != nil || got != want || disabled(b) {
						t.Errorf("%s: data %q disabled %v, want %+v", id, b.AttrOr("data-data", ""), disabled(b), want)
					}
				}
				if disabled(one(t, doc, "wink-pass")) {
					t.Error("pass disabled on my turn")
				}
				// Names are substituted in the log.
				if strings.Contains(one(t, doc, "wink-events").Text(), "{p") {
					t.Error("placeholders left in the events")
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
			text:    map[string]string{"wink-answer": "Reveal FOU", "wink-claim-pending": "Tom: “I meet you at the Fountain!”"},
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
			present: []string{"wink-ranking", "wink-rank-0", "wink-rank-3"},
			absent:  []string{"wink-hand", "wink-caught", "wink-claim", "wink-answer"},
			text:    map[string]string{"wink-ranking": "Julia, Tom and Jan tie for the win"},
		},
		{
			name:    "no chips: CAUGHT! is disabled",
			ctx:     turnNoChips(),
			present: []string{"wink-caught"},
			absent:  []string{"wink-accuse-confirm", "wink-accuse-winker-0"},
			check: func(t *testing.T, doc *goquery.Document) {
				if b := one(t, doc, "wink-caught"); !disabled(b) {
					t.Error("CAUGHT! enabled with 0 chips")
				}
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc, _ := render(t, tc.ctx)
			one(t, doc, "wink-seat")
			for _, id := range tc.present {
				if byID(doc, id).Length() == 0 {
					t.Errorf("missing [data-testid=%q]", id)
				}
			}
			for _, id := range tc.absent {
				none(t, doc, id)
			}
			for id, want := range tc.text {
				if got := strings.Join(strings.Fields(one(t, doc, id).Text()), " "); !strings.Contains(got, want) {
					t.Errorf("%s: text %q lacks %q", id, got, want)
				}
			}
			if tc.check != nil {
				tc.check(t, doc)
			}
		})
	}
}

// TestContactHasExactlyOneAnswer: the contact's phone offers one truthful
// button (R14) and nobody else gets one.
func TestContactHasExactlyOneAnswer(t *testing.T) {
	for _, answer := range []string{"reveal", "not_me"} {
		doc, _ := render(t, claimContact(answer))
		if n := doc.Find(`[data-act="confirm_claim"]`).Length(); n != 1 {
			t.Errorf("%s: %d confirm buttons, want 1", answer, n)
		}
		if b := one(t, doc, "wink-answer"); disabled(b) {
			t.Errorf("%s: answer button disabled", answer)
		}
	}
	for _, c := range []winkboard.Context{claimClaimant(), claimOther()} {
		doc, _ := render(t, c)
		if n := doc.Find(`[data-act="confirm_claim"]`).Length(); n != 0 {
			t.Errorf("seat %d has %d confirm buttons", c.You, n)
		}
	}
}

// TestAccusePicker checks the 3-step picker: winkers from the legal moves
// with their epochs in stable ids, targets without me, one confirm.
func TestAccusePicker(t *testing.T) {
	doc, _ := render(t, turnMine()) // I am seat 1
	caught := one(t, doc, "wink-caught")
	if disabled(caught) || goquery.NodeName(caught) != "summary" {
		t.Fatalf("CAUGHT! should open the picker, got <%s> disabled=%v", goquery.NodeName(caught), disabled(caught))
	}
	form := doc.Find(`form[data-act="accuse"]`)
	if form.Length() != 1 || form.AttrOr("id", "") == "" {
		t.Fatalf("want one accuse form with an id, got %d", form.Length())
	}
	none(t, doc, "wink-accuse-winker-1")
	none(t, doc, "wink-accuse-target-1")
	for _, s := range []string{"0", "2", "3"} {
		w := one(t, doc, "wink-accuse-winker-"+s).Find(`input[type=radio][name=winker]`)
		if w.AttrOr("value", "") != s || w.AttrOr("id", "") == "" {
			t.Errorf("winker %s radio: value %q id %q", s, w.AttrOr("value", ""), w.AttrOr("id", ""))
		}
		one(t, doc, "wink-accuse-target-"+s)
	}
	// Seat 3's epoch is 1 in the fixture: it is carried by its radio.
	w3 := one(t, doc, "wink-accuse-winker-3").Find("input")
	if w3.AttrOr("data-epoch", "") != "1" || !strings.Contains(w3.AttrOr("id", ""), "-e1") {
		t.Errorf("winker 3 epoch not captured: %v / %v", w3.AttrOr("data-epoch", ""), w3.AttrOr("id", ""))
	}
	if form.Find(`input[name=epoch]`).Length() != 1 {
		t.Error("no epoch input in the accuse form")
	}
	one(t, doc, "wink-accuse-confirm")
	if one(t, doc, "wink-accuse-confirm").AttrOr("type", "") != "submit" {
		t.Error("confirm is not the form's submit button")
	}
}

// TestHoldToPeek: cards sit in a data-peek box, or data-peek="off".
func TestHoldToPeek(t *testing.T) {
	c := turnMine()
	doc, _ := render(t, c)
	h := one(t, doc, "wink-hand")
	if v, ok := h.Attr("data-peek"); !ok || v == "off" {
		t.Errorf("hold to peek: data-peek=%q present=%v", v, ok)
	}
	if h.Find(".secret").Length() < 2 {
		t.Error("cards are not marked secret")
	}
	v := c.View.(wink.SeatView)
	v.HoldToPeek = false
	c.View = &v // pointers work too
	doc, _ = render(t, c)
	if got := one(t, doc, "wink-hand").AttrOr("data-peek", ""); got != "off" {
		t.Errorf("always show: data-peek=%q, want off", got)
	}
}

// TestTableNeverShowsAHand: the table screen gets only public facts and
// shows no cards in hands, in any phase.
func TestTableNeverShowsAHand(t *testing.T) {
	for _, f := range fixtures() {
		if !strings.HasPrefix(f.name, "table") {
			continue
		}
		t.Run(f.name, func(t *testing.T) {
			doc, html := render(t, f.ctx)
			one(t, doc, "wink-table")
			for _, id := range []string{"wink-seat", "wink-hand", "wink-agent", "wink-location", "wink-caught", "wink-answer", "wink-take-cards", "wink-eyes"} {
				none(t, doc, id)
			}
			if doc.Find("[data-act]").Length() != 0 {
				t.Error("the table screen has action buttons")
			}
			if strings.Contains(html, "Your meeting place") || strings.Contains(html, "Contact:") {
				t.Error("the table screen names a hand")
			}
			tv := f.ctx.View.(wink.TableView)
			n := len(tv.Players)
			for i := range n {
				one(t, doc, "wink-table-seat-"+itoa(i))
			}
			if tv.Phase != wink.PhaseOver {
				if got := one(t, doc, "wink-table-agent-deck").Text(); !strings.Contains(got, itoa(tv.AgentDeck)) {
					t.Errorf("agent deck shows %q", got)
				}
				one(t, doc, "wink-honour")
			} else {
				one(t, doc, "wink-ranking")
				one(t, doc, "wink-reveal")
			}
		})
	}
}

func TestTableBanners(t *testing.T) {
	doc, _ := render(t, tableCtx(claimTable()))
	b := one(t, doc, "wink-banner")
	if b.AttrOr("data-seq", "") == "" || b.AttrOr("data-anim", "") == "" {
		t.Error("claim banner does not animate once")
	}
	if got := b.Text(); !strings.Contains(got, "Tom") || !strings.Contains(got, "Fountain") || !strings.Contains(got, "green") {
		t.Errorf("claim banner = %q", got)
	}
	doc, _ = render(t, tableCtx(tableF(4, wink.PhaseTurn, 1)))
	if got := one(t, doc, "wink-banner").Text(); !strings.Contains(got, "Tom drew a new agent card") {
		t.Errorf("latest banner = %q", got)
	}
	// Reconnecting seats are marked.
	if got := one(t, doc, "wink-table-seat-2").Text(); !strings.Contains(got, "reconnecting") {
		t.Errorf("seat 2 (away) = %q", got)
	}
	// Remote tables carry no honour-code line.
	tv := tableF(4, wink.PhaseTurn, 1)
	tv.Mode = wink.ModeRemote
	doc, _ = render(t, tableCtx(tv))
	none(t, doc, "wink-honour")
}

func TestRemoteEyes(t *testing.T) {
	doc, _ := render(t, remoteSeat(0, 3, false)) // I am Tom (1), watching Julia (0), my contact
	one(t, doc, "wink-eyes")
	for s := range 6 {
		one(t, doc, "wink-avatar-"+itoa(s))
	}
	big := one(t, doc, "wink-avatar-0")
	if !big.HasClass("wk-big-av") || big.Find(".wk-pupil").Length() != 2 {
		t.Error("the focused avatar is not drawn big with eyes")
	}
	if doc.Find(".wk-pupil").Length() != 2 {
		t.Error("eyes drawn on more than the focused avatar")
	}
	a3 := one(t, doc, "wink-avatar-3")
	if a3.AttrOr("data-act", "") != wink.ActSetFocus || a3.AttrOr("data-data", "") != `{"seat":3}` || disabled(a3) {
		t.Errorf("avatar 3: act %q data %q", a3.AttrOr("data-act", ""), a3.AttrOr("data-data", ""))
	}
	if one(t, doc, "wink-avatar-1").AttrOr("data-act", "") != "" {
		t.Error("my own avatar is tappable")
	}
	if b := one(t, doc, "wink-wink"); disabled(b) {
		t.Error("wink disabled though legal and ready")
	}
	if b := one(t, doc, "wink-signal"); !disabled(b) {
		t.Error("signal enabled during its cooldown")
	}
	if doc.Find(".wk-eyeline").Length() != 1 {
		t.Error("no eye-line toward whom Julia looks")
	}
	s := one(t, doc, "wink-sightings").Find("[data-seq][data-anim]")
	if s.Length() == 0 || !strings.Contains(s.First().Text(), "Julia winked at Marie!") {
		t.Errorf("sightings = %q", s.Text())
	}

	doc, _ = render(t, remoteSeat(2, -1, true))
	if got := one(t, doc, "wink-eyes-status").Text(); !strings.Contains(got, "Eyes moving") {
		t.Errorf("moving status = %q", got)
	}
	if doc.Find(".wk-pupil").Length() != 0 {
		t.Error("eyes drawn while moving")
	}
	if b := one(t, doc, "wink-wink"); !disabled(b) {
		t.Error("wink enabled while not legal")
	}

	// Table mode has no eyes.
	doc, _ = render(t, turnMine())
	none(t, doc, "wink-eyes")
	none(t, doc, "wink-wink")
}

func TestUnknownViewRendersNothing(t *testing.T) {
	_, html := render(t, winkboard.Context{View: 42})
	if html != "" {
		t.Errorf("got %q", html)
	}
	var nilSeat *wink.SeatView
	if _, html := render(t, winkboard.Context{View: nilSeat}); html != "" {
		t.Errorf("nil seat view: %q", html)
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// TestRegistered: boards.Board routes "wink" here, for value and pointer
// views, and maps disconnected seats to "reconnecting…".
func TestRegistered(t *testing.T) {
	players := make([]room.SeatState, 4)
	for i := range players {
		players[i] = room.SeatState{Position: i, Name: names[i], Connected: i != 3}
	}
	c := turnOther()
	sv := c.View.(wink.SeatView)
	tv := tableF(4, wink.PhaseTurn, 1)
	for _, tc := range []struct {
		view any
		id   string
	}{{sv, "wink-seat"}, {&sv, "wink-seat"}, {tv, "wink-table"}, {&tv, "wink-table"}} {
		var buf bytes.Buffer
		comp := boards.Board("wink", boards.Context{View: tc.view, Names: names[:4], You: game.Seat(c.You),
			Legal: c.Legal, Players: players, Now: now})
		if err := comp.Render(context.Background(), &buf); err != nil {
			t.Fatal(err)
		}
		doc, err := goquery.NewDocumentFromReader(&buf)
		if err != nil {
			t.Fatal(err)
		}
		one(t, doc, tc.id)
		if tc.id == "wink-table" && !strings.Contains(one(t, doc, "wink-table-seat-3").Text(), "reconnecting") {
			t.Error("disconnected seat 3 not marked")
		}
	}
}

// A wink or glance that is only cooling down enables itself when the
// cooldown ends; one that is impossible for another reason does not.
func TestCooldownEnablesItself(t *testing.T) {
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
			v := c.View.(wink.SeatView)
			v.Eyes.WinkReadyAt = c.Now + 1200
			var legal []game.Move
			for _, m := range c.Legal {
				if m.Type != wink.ActWink {
					legal = append(legal, m)
				}
			}
			c.View, c.Legal = v, legal
			doc, _ := render(t, c)
			btn := one(t, doc, "wink-wink")
			if !disabled(btn) {
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
