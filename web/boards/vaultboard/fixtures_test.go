package vaultboard_test

import (
	"encoding/json"
	"slices"
	"sync"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/games/vault"
	"topsecret/web/boards/vaultboard"
	"topsecret/web/kit"
	"topsecret/web/kit/boardtest"
	"topsecret/web/words"
)

// now is the fixtures' server time.
const now int64 = 1_700_000_000_000

// names are the spec's players (§9), plus two for bigger tables.
var names = []string{"Anna", "Bram", "Carla", "Daan", "Eva", "Floor"}

var colours = []string{"red", "blue", "green", "yellow", "black", "white"}

// set is one colour's cards in order (the engine's colourSet).
var set = []string{"TE", "MO", "MO", "AG", "AG", "D10", "D10", "D15", "D15", "D20", "D20", "D25", "D25", "D30", "D30"}

// cd is the k-th (0 or 1) card with code of colour col, numbered as the engine does.
func cd(col int, code string, k int) vault.CardInfo {
	for i, c := range set {
		if c != code {
			continue
		}
		if k > 0 {
			k--
			continue
		}
		v := 0
		if code[0] == 'D' {
			v = map[string]int{"D10": 10, "D15": 15, "D20": 20, "D25": 25, "D30": 30}[code]
		}
		return vault.CardInfo{ID: col*len(set) + i, Code: code, Value: v, Colour: colours[col]}
	}
	panic("no card " + code)
}

func cp(c vault.CardInfo) *vault.CardInfo { return &c }

func raw(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// table4 is a 4-player public view in trick 3 of 15 at phase p.
func table4(p vault.Phase) *vault.TableView {
	t := vault.TableView{Phase: p, Seats: 4, Trick: 3, Tricks: 15, Step: 9, Discard: 5,
		DiscardTop: cp(cd(2, "MO", 0)), BoomButton: p == vault.PhaseBoom}
	for i := range 4 {
		t.Players = append(t.Players, vault.PlayerInfo{Seat: i, Colour: colours[i], Hand: 13, Stake: []vault.CardInfo{}})
	}
	t.Players[0].X1 = 1
	t.Players[1].X1, t.Players[1].X2 = 2, 1
	t.Players[3].MissedBooms, t.Players[3].Penalty = 1, 50
	// Staked cards from earlier tricks.
	t.Players[0].Stake = []vault.CardInfo{cd(0, "D20", 0)}
	t.Players[2].Stake = []vault.CardInfo{cd(2, "D25", 0)}
	switch p {
	case vault.PhaseSelect:
		t.Reveal = &vault.RevealMoment{Seq: 6, Trick: 2, Cards: []vault.PlayedCard{
			{Seat: 0, Card: cd(0, "D20", 0)}, {Seat: 1, Card: cd(1, "MO", 0)}, {Seat: 2, Card: cd(2, "D25", 0)}, {Seat: 3, Card: cd(3, "D10", 0)}}}
		t.Players[1].Committed = true
		t.Players[3].Committed = true
	case vault.PhaseBoom:
		t.Reveal = &vault.RevealMoment{Seq: 12, Trick: 3, Cards: []vault.PlayedCard{
			{Seat: 0, Card: cd(0, "D15", 0)}, {Seat: 1, Card: cd(1, "D30", 0)}, {Seat: 2, Card: cd(2, "AG", 0)}, {Seat: 3, Card: cd(3, "TE", 0)}}}
		t.Players[0].Stake = append(t.Players[0].Stake, cd(0, "D15", 0))
		t.Players[1].Stake = []vault.CardInfo{cd(1, "D30", 0)}
		t.Players[2].Stake = append(t.Players[2].Stake, cd(2, "AG", 0))
		t.Players[3].Action = cp(cd(3, "TE", 0))
		for i := range t.Players {
			t.Players[i].Hand = 12
			t.Players[i].Touched = i != 3
		}
		t.Timer = &vault.TimerInfo{Kind: "boom", At: now + 2600}
	case vault.PhaseSteal:
		t.Reveal = &vault.RevealMoment{Seq: 12, Trick: 3, Cards: []vault.PlayedCard{
			{Seat: 0, Card: cd(0, "MO", 0)}, {Seat: 1, Card: cd(1, "D30", 0)}, {Seat: 2, Card: cd(2, "MO", 0)}, {Seat: 3, Card: cd(3, "D15", 0)}}}
		t.Players[0].Action = cp(cd(0, "MO", 0))
		t.Players[1].Stake = []vault.CardInfo{cd(1, "D30", 0)}
		t.Players[2].Action = cp(cd(2, "MO", 0))
		t.Players[2].Stake = append(t.Players[2].Stake, cd(3, "D15", 0))
		t.Players[2].MoleDone = true
		t.Players[3].Touched = true
		for i := range t.Players {
			t.Players[i].Hand = 12
		}
		t.Eligible = []vault.Tile{{Seat: 1, Card: cd(1, "D30", 0), TakenBy: -1}, {Seat: 3, Card: cd(3, "D15", 0), TakenBy: 2}}
		t.Steals = []vault.StealMoment{{Seq: 13, Mole: 2, Result: vault.StoleCard, From: 3, Card: cp(cd(3, "D15", 0))}}
		t.Timer = &vault.TimerInfo{Kind: "steal", At: now + 3400}
	case vault.PhaseSecure:
		// After a blast: Daan's terrorist burned Anna's D20 + D15 and Bram's D30;
		// Carla's [D25, AG] survived and banked to x2; Carla... see V-08.
		t.Reveal = &vault.RevealMoment{Seq: 12, Trick: 3, Cards: []vault.PlayedCard{
			{Seat: 0, Card: cd(0, "D15", 0)}, {Seat: 1, Card: cd(1, "AG", 0)}, {Seat: 2, Card: cd(2, "AG", 0)}, {Seat: 3, Card: cd(3, "TE", 0)}}}
		t.Booms = []vault.BoomPress{{Seq: 13, Seat: 3}}
		t.Blast = &vault.BlastMoment{Seq: 14, Missed: []int{}, Burned: []vault.PlayedCard{
			{Seat: 0, Card: cd(0, "D20", 0)}, {Seat: 0, Card: cd(0, "D15", 0)}, {Seat: 3, Card: cd(3, "TE", 0)}}}
		t.Banks = []vault.BankMoment{{Seq: 15, Seat: 2, Cards: []vault.CardInfo{cd(2, "D25", 0), cd(2, "AG", 0)}, Side: "x2", Auto: true}}
		t.Players[0].Stake = []vault.CardInfo{}
		t.Players[1].Stake = []vault.CardInfo{cd(1, "AG", 0)}
		t.Players[1].Touched, t.Players[1].Decider = true, true
		t.Players[2].Stake = []vault.CardInfo{}
		t.Players[2].X2 = 1
		t.Players[0].Touched, t.Players[2].Touched = true, true
		for i := range t.Players {
			t.Players[i].Hand = 12
		}
		t.Discard = 8
		t.DiscardTop = cp(cd(3, "TE", 0))
		t.Timer = &vault.TimerInfo{Kind: "secure", At: now + 6000}
	case vault.PhaseDealEnd:
		t.Trick = 15
		t.Reveal = &vault.RevealMoment{Seq: 90, Trick: 15, Cards: []vault.PlayedCard{
			{Seat: 0, Card: cd(0, "D10", 1)}, {Seat: 1, Card: cd(1, "MO", 1)}, {Seat: 2, Card: cd(2, "D30", 1)}, {Seat: 3, Card: cd(3, "AG", 1)}}}
		for i := range t.Players {
			t.Players[i].Hand = 0
			t.Players[i].Stake = []vault.CardInfo{}
		}
		t.Over = &vault.Outcome{Winners: []int{0, 2}, Summary: shared,
			Ranking: []vault.Standing{{Seat: 0, Score: 185, Rank: 1}, {Seat: 2, Score: 185, Rank: 1}, {Seat: 1, Score: 120, Rank: 3}, {Seat: 3, Score: -20, Rank: 4}}}
		t.Safes = []vault.SafeView{
			safeAnna(),
			{Seat: 1, X1: []vault.CardInfo{}, X2: []vault.PairView{{Cards: []vault.CardInfo{cd(1, "D30", 0), cd(1, "AG", 0)}, Points: 120}}, X2Points: 120, Score: 120},
			{Seat: 2, X1: []vault.CardInfo{cd(2, "D25", 0), cd(2, "D10", 0), cd(2, "D10", 1)}, X1Points: 45, X2: []vault.PairView{{Cards: []vault.CardInfo{cd(2, "D20", 0), cd(2, "D20", 1)}, Points: 80}, {Cards: []vault.CardInfo{cd(2, "D15", 0), cd(2, "D15", 1)}, Points: 60}}, X2Points: 140, Score: 185},
			{Seat: 3, X1: []vault.CardInfo{cd(3, "D30", 0)}, X1Points: 30, X2: []vault.PairView{}, MissedBooms: 1, Penalty: 50, Score: -20},
		}
	}
	return &t
}

// events are what the room's log holds for table4 at phase p: the deal,
// trick 2's reveal and steal, then what the phase's moments show.
func events(p vault.Phase) []game.Event {
	ev := func(kind string, m game.Msg) game.Event { return game.Event{Kind: kind, Msg: m} }
	out := []game.Event{
		ev("deal", game.M("vault.event.deal", game.N("n", 15))),
		ev("reveal", revealMsg(2, cd(0, "D20", 0), cd(1, "MO", 0), cd(2, "D25", 0), cd(3, "D10", 0))),
		ev("steal", game.M("vault.event.stole", game.P("who", 1), game.P("owner", 3), term("card", cd(3, "D10", 0)))),
	}
	switch p {
	case vault.PhaseBoom:
		out = append(out, ev("reveal", revealMsg(3, cd(0, "D15", 0), cd(1, "D30", 0), cd(2, "AG", 0), cd(3, "TE", 0))))
	case vault.PhaseSteal:
		out = append(out, ev("reveal", revealMsg(3, cd(0, "MO", 0), cd(1, "D30", 0), cd(2, "MO", 0), cd(3, "D15", 0))),
			ev("steal", game.M("vault.event.stole", game.P("who", 2), game.P("owner", 3), term("card", cd(3, "D15", 0)))))
	case vault.PhaseSecure:
		out = append(out, ev("boom", game.M("vault.event.boom", game.P("who", 3))),
			ev("blast", game.M("vault.event.blast", game.TS("burned", []game.Msg{
				owned(0, cd(0, "D20", 0)), owned(0, cd(0, "D15", 0)), owned(3, cd(3, "TE", 0))}))),
			ev("bank", game.M("vault.event.bank_pair", game.P("who", 2),
				term("a", cd(2, "D25", 0)), term("b", cd(2, "AG", 0)), game.N("points", 100))))
	case vault.PhaseDealEnd:
		out = append(out, ev("over", shared))
	}
	return out
}

// safeAnna is V-24's safe: 10 + 25 + 0 + 80 + 120 − 50 = 185.
func safeAnna() vault.SafeView {
	return vault.SafeView{Seat: 0, X1: []vault.CardInfo{cd(0, "D10", 0), cd(0, "D25", 0), cd(0, "AG", 0)}, X1Points: 35,
		X2:       []vault.PairView{{Cards: []vault.CardInfo{cd(0, "D20", 0), cd(0, "D20", 1)}, Points: 80}, {Cards: []vault.CardInfo{cd(0, "D30", 0), cd(0, "AG", 1)}, Points: 120}},
		X2Points: 200, MissedBooms: 1, Penalty: 50, Score: 185}
}

// handOf is a mid-deal hand of colour col.
func handOf(col int) []vault.CardInfo {
	return []vault.CardInfo{cd(col, "TE", 0), cd(col, "MO", 0), cd(col, "MO", 1), cd(col, "AG", 0), cd(col, "AG", 1),
		cd(col, "D10", 0), cd(col, "D10", 1), cd(col, "D15", 1), cd(col, "D20", 1), cd(col, "D25", 0), cd(col, "D25", 1),
		cd(col, "D30", 0), cd(col, "D30", 1)}
}

// seat builds seat me's phone on top of t.
func seat(t *vault.TableView, me int) *vault.SeatView {
	v := vault.SeatView{TableView: *t, Me: me, Colour: colours[me], Hand: handOf(me)[:t.Players[me].Hand],
		Stake: t.Players[me].Stake, Safe: vault.SafeView{Seat: me, X1: []vault.CardInfo{}, X2: []vault.PairView{}},
		Moves: []game.Move{}}
	if me == 0 {
		v.Safe = vault.SafeView{Seat: 0, X1: []vault.CardInfo{cd(0, "D25", 0)}, X1Points: 25, X2: []vault.PairView{}, Score: 25}
	}
	return &v
}

// catalog is the board's catalogue, loaded once for every test.
var (
	catalogOnce sync.Once
	catalog     *words.Catalog
)

// worded gives c the English words of the board, with c's seat names.
func worded(tb testing.TB, c kit.Context) kit.Context {
	tb.Helper()
	catalogOnce.Do(func() { catalog = boardtest.Words(tb, vaultboard.Game) })
	c.Words = catalog.Reader("en", c.Names)
	c.Lines = slices.Clone(c.Lines)
	for i := range c.Lines {
		c.Lines[i].Text = c.Words.Say(c.Lines[i].Msg)
	}
	return c
}

// term names a card argument, worded as the engine words it.
func term(name string, c vault.CardInfo) game.Arg {
	t := c.Term()
	return game.TM(name, t)
}

// owned is "Anna's Document 15" as the engine says it.
func owned(s int, c vault.CardInfo) game.Msg {
	return game.M("vault.term.owned", game.P("who", game.Seat(s)), term("card", c))
}

// revealMsg is a trick's reveal event, seat i playing cards[i].
func revealMsg(trick int, cards ...vault.CardInfo) game.Msg {
	played := make([]game.Msg, len(cards))
	for i, c := range cards {
		played[i] = game.M("vault.term.played", game.P("who", game.Seat(i)), term("card", c))
	}
	return game.M("vault.event.reveal", game.N("trick", trick), game.TS("cards", played))
}

// shared is the deal-end summary of the fixtures: Anna and Carla tie.
var shared = game.M("vault.result.shared", game.PS("who", []game.Seat{0, 2}), game.N("n", 185))

type fixture struct {
	name string
	ctx  kit.Context
}

// ctx is seat you's phone showing view, after the events of its phase and
// notices told to that seat.
func ctx(view *vault.SeatView, you int, legal []game.Move, notices ...game.Event) kit.Context {
	log := events(view.Phase)
	for _, n := range notices {
		n.To = []game.Seat{game.Seat(you)}
		log = append(log, n)
	}
	return kit.Context{View: view, Names: names[:4], You: game.Seat(you), Legal: legal, Now: now,
		Away: []bool{false, false, false, true}, Lines: lines(log, game.SeatViewer(game.Seat(you)))}
}

func tableCtx(t *vault.TableView) kit.Context {
	return kit.Context{View: t, Names: names[:4], You: game.System, Table: true, Now: now, Away: []bool{false, false, false, true},
		Lines: lines(events(t.Phase), game.TableViewer())}
}

// lines are the log's lines for v, worded once the context has its words
// (worded).
func lines(log []game.Event, v game.Viewer) []kit.Line {
	return boardtest.Lines(log, v, words.New().Reader("en", nil))
}

// commitMove is the engine's commit template over hand.
func commitMove(hand []vault.CardInfo) game.Move {
	ids := make([]any, 0, len(hand))
	for _, c := range hand {
		ids = append(ids, c.ID)
	}
	return game.Move{Type: vault.ActCommit, Label: game.M("vault.move.commit"), Fields: map[string][]any{"card": ids}}
}

// Phone fixtures.

func selectMine() kit.Context {
	v := seat(table4(vault.PhaseSelect), 0)
	return ctx(v, 0, []game.Move{commitMove(v.Hand)})
}

func selectCommitted() kit.Context {
	v := seat(table4(vault.PhaseSelect), 1)
	v.Committed = cp(cd(1, "D30", 0))
	return ctx(v, 1, nil, game.Event{Kind: "commit", Msg: game.M("vault.event.committed", term("card", cd(1, "D30", 0)))})
}

func boomTerrorist() kit.Context {
	v := seat(table4(vault.PhaseBoom), 3)
	v.MustBoom = true
	return ctx(v, 3, []game.Move{{Type: vault.ActBoom, Label: game.M("vault.move.boom")}})
}

func boomOther() kit.Context {
	return ctx(seat(table4(vault.PhaseBoom), 0), 0, nil)
}

func stealMole() kit.Context {
	t := table4(vault.PhaseSteal)
	v := seat(t, 0)
	v.Targets = t.Eligible
	return ctx(v, 0, []game.Move{
		{Type: vault.ActSteal, Label: game.M("vault.move.steal", game.P("owner", 1), term("card", cd(1, "D30", 0))), Data: raw(vault.Steal{Card: cd(1, "D30", 0).ID})},
		{Type: vault.ActSteal, Label: game.M("vault.move.steal", game.P("owner", 3), term("card", cd(3, "D15", 0))), Data: raw(vault.Steal{Card: cd(3, "D15", 0).ID})},
		{Type: vault.ActNoSteal, Label: game.M("vault.move.no_steal")},
	})
}

func stealWatcher() kit.Context {
	return ctx(seat(table4(vault.PhaseSteal), 1), 1, nil)
}

func secureDecider() kit.Context {
	v := seat(table4(vault.PhaseSecure), 1)
	v.Decide = true
	return ctx(v, 1, []game.Move{
		{Type: vault.ActSecure, Label: game.M("vault.move.bank"), Data: raw(vault.Secure{Choice: vault.ChoiceBank})},
		{Type: vault.ActSecure, Label: game.M("vault.move.keep"), Data: raw(vault.Secure{Choice: vault.ChoiceKeep})},
	})
}

func secureDocDecider() kit.Context {
	t := table4(vault.PhaseSecure)
	t.Players[0].Stake = []vault.CardInfo{cd(0, "D25", 1)}
	t.Players[0].Decider = true
	v := seat(t, 0)
	v.Decide = true
	return ctx(v, 0, []game.Move{
		{Type: vault.ActSecure, Label: game.M("vault.move.bank"), Data: raw(vault.Secure{Choice: vault.ChoiceBank})},
		{Type: vault.ActSecure, Label: game.M("vault.move.keep"), Data: raw(vault.Secure{Choice: vault.ChoiceKeep})},
	})
}

func secureWatcher() kit.Context {
	return ctx(seat(table4(vault.PhaseSecure), 2), 2, nil)
}

func dealEnd() kit.Context {
	t := table4(vault.PhaseDealEnd)
	v := seat(t, 0)
	v.Safe = safeAnna()
	return ctx(v, 0, nil)
}

// fixtures are every board worth looking at, phone and table.
func fixtures() []fixture {
	return []fixture{
		{"phone-select-mine", selectMine()},
		{"phone-select-committed", selectCommitted()},
		{"phone-boom-terrorist", boomTerrorist()},
		{"phone-boom-other", boomOther()},
		{"phone-steal-mole", stealMole()},
		{"phone-steal-watcher", stealWatcher()},
		{"phone-secure-decider", secureDecider()},
		{"phone-secure-doc", secureDocDecider()},
		{"phone-secure-watcher", secureWatcher()},
		{"phone-deal-end", dealEnd()},
		{"table-select", tableCtx(table4(vault.PhaseSelect))},
		{"table-boom", tableCtx(table4(vault.PhaseBoom))},
		{"table-steal", tableCtx(table4(vault.PhaseSteal))},
		{"table-secure", tableCtx(table4(vault.PhaseSecure))},
		{"table-deal-end", tableCtx(table4(vault.PhaseDealEnd))},
	}
}
