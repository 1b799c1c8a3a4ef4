package boardtest

import (
	"encoding/json"
	"fmt"
	"sync"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
	"topsecret/web/kit"
	"topsecret/web/words"
)

// Match is a real match driven through a game's boards.
type Match struct {
	Rules   game.Rules
	Board   kit.Game
	Seats   int
	Seed    game.Seed
	Options json.RawMessage
	// Steps bounds the match; 0 means 3000.
	Steps int
	// Controls reads a phone's offered actions; nil means Buttons. A game
	// with pickers or forms adds what their choices send.
	Controls func(doc *goquery.Document, seat game.Seat, at int64) []game.Action
	// Skip names action types whose buttons are not checked (ones whose
	// legality depends on the clock between renders).
	Skip func(typ string) bool
	// Choose picks the next action; nil plays one offered button at random,
	// or the game's bot, or lets the clock run to the next timer.
	Choose gametest.Chooser
	// Frame is called with every rendered frame, for a game's own asserts;
	// st is a Told, with what the match said so far.
	Frame func(tb testing.TB, v game.Viewer, st game.State, doc *goquery.Document)
	// PhoneID and TableID are the data-testid of the phone's and the table
	// screen's root; each render must have exactly one.
	PhoneID, TableID string
}

// Pressed counts, per action type, the buttons checked against the engine.
type Pressed map[string]int

// Play drives m to its end (or its step bound). At every step it renders
// every seat's phone and the table screen, checks every enabled control a
// phone offers against the engine (each must pass Check), fails on any
// message id the catalogue lacks, and applies the next action.
func Play(t *testing.T, m Match) Pressed {
	t.Helper()
	if m.Steps == 0 {
		m.Steps = 3000
	}
	if m.Controls == nil {
		m.Controls = Buttons
	}
	cat := Words(t, m.Board)
	at := gametest.Start
	setup := game.Setup{Game: m.Board.Slug, Seats: m.Seats, Seed: m.Seed, Options: m.Options, Started: at}
	st, err := m.Rules.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	pressed := Pressed{}
	r := game.RandFor(m.Seed, 1<<40)
	log := game.Opening(st)
	for step := range m.Steps {
		offered := renderStep(t, m, st, log, cat, at, step, pressed)
		if missing := cat.Missing(); len(missing) > 0 {
			t.Fatalf("step %d: message ids missing from the catalogue: %v", step, missing)
		}
		if _, over := st.Result(); over {
			return pressed
		}
		a, ok := next(m, st, offered, at, r)
		if !ok {
			t.Fatalf("step %d: nothing to do and no timer armed", step)
		}
		at = max(at, a.At)
		a.At = at
		if err := st.Check(a); err != nil {
			t.Fatalf("step %d: chosen %s by seat %d refused: %v", step, a.Type, a.Seat, err)
		}
		log = append(log, st.Apply(a, game.RandFor(m.Seed, step+1))...)
		at += 250
	}
	t.Logf("%s: no result after %d steps", m.Board.Slug, m.Steps)
	return pressed
}

// renderStep renders the table screen and every seat's phone at this step,
// checks what each shows, and returns what the phones' enabled controls
// offer, each of which passed the engine's Check.
func renderStep(t *testing.T, m Match, st game.State, log []game.Event, cat *words.Catalog, at int64, step int, pressed Pressed) []game.Action {
	t.Helper()
	ctx := func(v game.Viewer) kit.Context {
		rd := cat.Reader("en", Names[:m.Seats])
		c := kit.Context{View: st.View(v), Names: Names[:m.Seats], You: v.Seat, Table: v.Kind != game.Player,
			Now: at, Words: rd, Lines: Lines(log, v, rd)}
		if v.Kind == game.Player {
			c.Legal = st.Legal(v.Seat)
		}
		return c
	}
	table, _ := Render(t, m.Board, ctx(game.TableViewer()))
	if m.TableID != "" {
		One(t, table, m.TableID)
	}
	if table.Find("[data-act]").Length() != 0 {
		t.Fatalf("step %d: the table screen offers a button", step)
	}
	if m.Frame != nil {
		m.Frame(t, game.TableViewer(), Told{State: st, Said: log}, table)
	}
	var offered []game.Action
	for s := range m.Seats {
		seat := game.Seat(s)
		doc, _ := Render(t, m.Board, ctx(game.SeatViewer(seat)))
		if m.PhoneID != "" {
			One(t, doc, m.PhoneID)
		}
		if m.Frame != nil {
			m.Frame(t, game.SeatViewer(seat), Told{State: st, Said: log}, doc)
		}
		for _, a := range m.Controls(doc, seat, at) {
			if m.Skip != nil && m.Skip(a.Type) {
				continue
			}
			if err := st.Check(a); err != nil {
				t.Fatalf("step %d seat %d: button %s %s refused: %v", step, s, a.Type, a.Data, err)
			}
			pressed[a.Type]++
			offered = append(offered, a)
		}
	}
	return offered
}

// next is the harness's choice: the match's own chooser, else a random
// offered button, else the bot of an awaited seat, else the earliest timer.
func next(m Match, st game.State, offered []game.Action, at int64, r *game.Rand) (game.Action, bool) {
	if m.Choose != nil {
		if a, ok := m.Choose(st, m.Seats, at, r); ok {
			return a, true
		}
	} else if len(offered) > 0 && r.IntN(4) > 0 {
		return offered[r.IntN(len(offered))], true
	}
	if bot, ok := game.BotFor(m.Rules); ok {
		for _, s := range st.Next().Seats {
			if a, ok := bot.Act(st, s, at, r); ok && st.Check(a) == nil {
				return a, true
			}
		}
	}
	if len(offered) > 0 {
		return offered[r.IntN(len(offered))], true
	}
	timers := st.Next().Timers
	if len(timers) == 0 {
		return game.Action{}, false
	}
	first := timers[0]
	for _, tm := range timers[1:] {
		if tm.At < first.At {
			first = tm
		}
	}
	a := first.Fires
	a.At = max(first.At, at)
	return a, true
}

// Require fails unless every named action type was pressed at least once.
func (p Pressed) Require(tb testing.TB, types ...string) {
	tb.Helper()
	for _, typ := range types {
		if p[typ] == 0 {
			tb.Errorf("no %s button was ever pressed (%v)", typ, fmt.Sprint(map[string]int(p)))
		}
	}
}

// PlayEvery plays base (Play) for every player count of its rules with
// seeds seeds each, in parallel; each, when given, fits a match to its
// seed (options, a frame check of its own). Every match must end. It
// returns the controls pressed over all matches, for Require.
func PlayEvery(t *testing.T, base Match, seeds int, each func(m *Match, seed int)) Pressed {
	t.Helper()
	var mu sync.Mutex
	pressed := Pressed{}
	info := base.Rules.Info()
	t.Run("matches", func(t *testing.T) {
		for n := info.MinPlayers; n <= info.MaxPlayers; n++ {
			for s := range seeds {
				t.Run(fmt.Sprintf("%d players seed %d", n, s), func(t *testing.T) {
					t.Parallel()
					m := base
					m.Seats, m.Seed = n, game.Seed{byte(n), byte(s)}
					if each != nil {
						each(&m, s)
					}
					frame, over := m.Frame, false
					m.Frame = func(tb testing.TB, v game.Viewer, st game.State, doc *goquery.Document) {
						tb.Helper()
						if frame != nil {
							frame(tb, v, st, doc)
						}
						_, over = st.Result()
					}
					got := Play(t, m)
					if !over {
						t.Fatal("the match did not end")
					}
					mu.Lock()
					defer mu.Unlock()
					for typ, k := range got {
						pressed[typ] += k
					}
				})
			}
		}
	})
	return pressed
}
