package main

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/coder/websocket"

	"topsecret/internal/room"
)

// A phone closed long ago is "away", for so long, not "reconnecting…" for
// ever, and no seat card loses its name to the mark (issue 27, F11): eight
// seats with long names at 390x844, seven of whose phones came and went.
func TestBrowser_AwaySaysForHowLong(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	clock := room.NewManualClock(time.Now())
	m.Rooms.Clock = clock
	code, host := newRoom(t, m, "wink", map[string]any{"dealAutoMs": 0, "turnTimeoutMs": 0})
	ann := newPhone(t, browser, "Ann")
	ann.join(m.URL()+"/r/"+code, "Annemarie Lindqvist")
	names := []string{"Bartholomew Jenkins", "Christabel Ogunleye", "Dagmar Wallenstein", "Evangelina Rossi",
		"Fitzgerald Okonkwo", "Gwendolyn Andersson", "Hieronymus Vermeer"}
	for _, n := range names {
		var seat struct {
			Token string `json:"token"`
		}
		if st := apiPost(t, m, "/api/rooms/"+code+"/seats", "", map[string]any{"name": n}, &seat); st != 201 {
			t.Fatalf("join %s: %d", n, st)
		}
		comeAndGo(t, m, code, seat.Token)
	}
	if st := apiPost(t, m, "/api/rooms/"+code+"/start", host, nil, nil); st != 200 {
		t.Fatalf("start: %d", st)
	}
	ann.run(chromedp.WaitVisible(tid("wink-seat")))
	marks := func() []string {
		return get(ann, chromedp.Evaluate[[]string](`[...document.querySelectorAll('#room-main .away-tag')].map(e => e.textContent.trim())`))
	}
	eventually(t, "the others are reconnecting", func() bool {
		ms := marks()
		return len(ms) >= 7 && ms[0] == "reconnecting…"
	})

	clock.Advance(3 * time.Minute)
	ann.run(chromedp.Reload(), chromedp.WaitVisible(tid("wink-seat")))
	eventually(t, "the others are away for 3 minutes", func() bool {
		for _, mk := range marks() {
			if mk != "away · 3 min" {
				return false
			}
		}
		return len(marks()) >= 7
	})
	ann.shot("away-390")

	// On the table screen an away seat says so in words and is drawn
	// dashed and colourless, its name at full contrast (faded whole, the
	// name fell below 4.5:1).
	table := newPhone(t, browser, "table")
	table.run(chromedp.EmulateViewport(1280, 720), chromedp.Navigate(m.URL()+"/r/"+code+"/table"), chromedp.WaitVisible(tid("wink-table")))
	table.shot("wink-table-away")
	// Seven phones away make one note naming them, not seven that push the
	// board off the TV.
	if !table.present("bot-soon-many") || table.present("bot-soon-1") {
		t.Error("the table screen does not say the away phones in one note")
	} else if say := table.text("bot-soon-many"); !strings.Contains(say, "Bartholomew Jenkins") || !strings.Contains(say, "Hieronymus Vermeer") {
		t.Errorf("the note about the away phones says %q, want every name", say)
	}
	if top := get(table, chromedp.Evaluate[float64](`document.querySelector('[data-testid=wink-table]').getBoundingClientRect().top`)); top > 360 {
		t.Errorf("the board starts %v px down a 720 px screen, under the notes", top)
	}
	if op := get(table, chromedp.Evaluate[float64](`(() => {
		let e = document.querySelector('.wk-tseat.wk-away .wk-tname'), o = 1;
		if (!e) return -1;
		for (; e; e = e.parentElement) o *= parseFloat(getComputedStyle(e).opacity);
		return o;
	})()`)); op != 1 {
		t.Errorf("an away seat's name on the table screen is drawn at opacity %v, want 1 (-1: no away seat drawn)", op)
	}
	ann.run(chromedp.Click(chromedp.CSS("#seats-strip summary")))
	ann.namesKept("wink")

	// Embassy's holders are the narrowest cards, beside the board.
	code, host = newRoom(t, m, "embassy", nil)
	ann.join(m.URL()+"/r/"+code, "Annemarie Lindqvist")
	for _, n := range names[:3] {
		var seat struct {
			Token string `json:"token"`
		}
		if st := apiPost(t, m, "/api/rooms/"+code+"/seats", "", map[string]any{"name": n}, &seat); st != 201 {
			t.Fatalf("join %s: %d", n, st)
		}
		comeAndGo(t, m, code, seat.Token)
	}
	if st := apiPost(t, m, "/api/rooms/"+code+"/start", host, nil, nil); st != 200 {
		t.Fatalf("start: %d", st)
	}
	ann.narrow()
	ann.run(chromedp.WaitVisible(tid("embassy-seat")))
	ann.namesKept("embassy")
}

// namesKept fails unless every seat card with an away mark still shows at
// least 40 px of its player's name, at 390x844 and at 1280x720.
func (p *phone) namesKept(label string) {
	p.tb.Helper()
	for _, wide := range []bool{false, true} {
		if wide {
			p.wide()
		}
		p.shot(fmt.Sprintf("%s-away-wide-%v", label, wide))
		lost := get(p, chromedp.Evaluate[[]string](`(() => {
			const out = [];
			for (const tag of document.querySelectorAll('#room-main .away-tag')) {
				if (!tag.checkVisibility()) continue;
				const card = tag.parentElement.closest('li, .wk-pill, .wk-av, [class*="player"], [class*="seat"], [class*="holder"]') || tag.parentElement;
				const name = [...card.querySelectorAll('*')].find(e => e !== tag && !tag.contains(e) && [...e.childNodes].some(n => n.nodeType === 3 && /[A-Z][a-z]{3}/.test(n.textContent)));
				const nr = name ? name.getBoundingClientRect() : null;
				if (!nr || nr.width < 40) out.push(card.textContent.trim().slice(0, 40) + " (" + (nr ? Math.round(nr.width) : 0) + " px)");
			}
			return out;
		})()`))
		if len(lost) > 0 {
			p.tb.Errorf("%s, wide %v: seat cards whose name gave way to the away mark: %s", label, wide, strings.Join(lost, "; "))
		}
	}
}

// comeAndGo opens seat token's websocket in room code, as a phone does,
// reads its first frame and closes it: the seat has been here and gone.
func comeAndGo(tb testing.TB, m *Main, code, token string) {
	tb.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	u := "ws" + strings.TrimPrefix(m.URL(), "http") + "/r/" + code + "/ws?view=json&token=" + token
	conn, _, err := websocket.Dial(ctx, u, nil)
	if err != nil {
		tb.Fatalf("dial: %v", err)
	}
	conn.SetReadLimit(1 << 22)
	if _, _, err := conn.Read(ctx); err != nil {
		tb.Fatalf("first frame: %v", err)
	}
	conn.Close(websocket.StatusNormalClosure, "")
}

// A player back mid-turn on a new phone sees the time the room holds for
// them (issue 27, F9): the board's clock counts the fair 20 seconds, not
// the dead phone's last 4.
func TestBrowser_BackMidTurnSeesFairTime(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	clock := room.NewManualClock(time.Now())
	m.Rooms.Clock = clock
	code, host := newRoom(t, m, "wink", map[string]any{"startPlayer": 0})
	ann := newPhone(t, browser, "Ann")
	ann.join(m.URL()+"/r/"+code, "Ann")
	for _, n := range []string{"Ben", "Cy", "Dee"} {
		if st := apiPost(t, m, "/api/rooms/"+code+"/seats", "", map[string]any{"name": n}, nil); st != 201 {
			t.Fatalf("join %s: %d", n, st)
		}
	}
	if st := apiPost(t, m, "/api/rooms/"+code+"/start", host, nil, nil); st != 200 {
		t.Fatalf("start: %d", st)
	}
	url := m.URL() + "/r/" + code
	clockOf := func() int64 {
		return get(ann, chromedp.Evaluate[int64](`(() => { const e = document.querySelector('#board .wk-timer[data-deadline]'); return e ? Number(e.dataset.deadline) : 0 })()`))
	}
	for i := 0; i < 30 && !ann.present("wink-pass"); i++ { // the deal, two seconds a seat
		clock.Advance(time.Second)
		time.Sleep(20 * time.Millisecond) // let the frame reach the page; not an assertion
	}
	ann.run(chromedp.WaitVisible(tid("wink-pass")))
	deadline := clockOf()
	if deadline == 0 {
		t.Fatal("no turn clock on Ann's phone")
	}
	ann.run(chromedp.Navigate("about:blank")) // the phone dies
	eventually(t, "Ann's seat is away", func() bool {
		var r struct {
			Seats []struct {
				Away bool `json:"away"`
			} `json:"seats"`
		}
		return getJSON(url[:len(url)-len("/r/"+code)]+"/api/rooms/"+code, &r) == nil && len(r.Seats) > 0 && r.Seats[0].Away
	})
	clock.Advance(time.UnixMilli(deadline).Sub(clock.Now()) - 4*time.Second)
	ann.run(chromedp.Navigate(url), chromedp.WaitVisible(tid("wink-pass")))
	var left string
	eventually(t, "the clock counts the held time", func() bool {
		left = get(ann, chromedp.Evaluate[string](`document.querySelector('#board .wk-timer[data-deadline]').textContent`))
		return left == "20s" || left == "19s"
	})
	ann.shot("fair-time-390")
	ann.wide()
	ann.shot("fair-time-1280")
}
