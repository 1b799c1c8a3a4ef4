package winkboard_test

import (
	"encoding/json"

	"topsecret/internal/game"
	"topsecret/internal/games/wink"
	"topsecret/web/boards/winkboard"
	"topsecret/web/kit"
	"topsecret/web/kit/boardtest"
	"topsecret/web/words"
)

// now is the fixtures' server time.
const now int64 = 1_700_000_000_000

// names are fixture F's players (§9), plus two for bigger tables.
var names = []string{"Julia", "Tom", "Jan", "Marie", "Anouk", "Benedikt"}

var colours = []string{"green", "blue", "purple", "red", "yellow", "orange", "white", "black"}

// catalog is the platform's and the board's English catalogue; render fails
// a test on any id it lacks.
var catalog = func() *words.Catalog {
	c := words.New()
	if err := c.Load(winkboard.Game.Messages, "."); err != nil {
		panic(err)
	}
	return c
}()

func places() []wink.PlaceInfo {
	var out []wink.PlaceInfo
	for _, code := range []string{"CAF", "MET", "KIO", "FOU"} {
		out = append(out, wink.PlaceInfo{Code: code, Name: wink.PlaceTerm(code)})
	}
	return out
}

// ev is an event saying the engine's message id.
func ev(kind, id string, args ...game.Arg) game.Event {
	return game.Event{Kind: kind, Msg: game.M(id, args...)}
}

// events are what the room's log holds for a fixture's view: F's first
// four, then the claim, the end, or the six-seat table's wrong accusation
// its view shows; notices are told to the viewing seat.
func events(view any, you int, notices ...game.Event) []game.Event {
	var t *wink.TableView
	switch v := view.(type) {
	case *wink.SeatView:
		t = &v.TableView
	case *wink.TableView:
		t = v
	case *wink.OmniscientView:
		t = &v.TableView
	}
	out := []game.Event{
		ev("deal", "wink.event.deal", game.P("who", 0)),
		ev("take_cards", "wink.event.take_cards", game.P("who", 3)),
		ev("caught", "wink.event.caught", game.P("accuser", 3), game.P("winker", 0), game.P("target", 2), colourArg("card", "purple")),
		ev("swap", "wink.event.swap_agent", game.P("who", 1)),
	}
	for _, n := range notices {
		n.To = []game.Seat{game.Seat(you)}
		out = append(out, n)
	}
	switch {
	case t.Claim != nil:
		out = append(out, ev("claim", "wink.event.claim", game.P("claimant", 1), colourArg("card", "green"),
			game.P("contact", 0), placeArg("place", "FOU")))
	case t.Over != nil:
		out = append(out, ev("over", "wink.event.over", term("reason", t.Over.Reason), term("summary", t.Over.Summary)))
	case t.Seats == 6 && t.Mode == wink.ModeTable:
		out = append(out, ev("wrong", "wink.event.wrong", game.P("accuser", 4), game.P("winker", 2), game.P("target", 5), colourArg("card", "red")))
	}
	return out
}

// colourArg and placeArg are term arguments of fixture messages.
func colourArg(name, colour string) game.Arg { return term(name, wink.ColourTerm(colour)) }
func placeArg(name, code string) game.Arg    { return term(name, wink.PlaceTerm(code)) }

func term(name string, m game.Msg) game.Arg {
	return game.TM(name, m)
}

func raw(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// tableF is fixture F's public view: n players, TURN(suitcase).
func tableF(n int, phase wink.Phase, suitcase int) wink.TableView {
	t := wink.TableView{
		Phase: phase, Mode: wink.ModeTable, HoldToPeek: true, Locations: places(), Seats: n,
		Start: 0, Suitcase: suitcase, Step: 7, AgentDeck: 17, AgentDiscard: 3, LocationDeck: 24,
		LocationDiscard: 2, Removed: 2 * n,
	}
	for i := range n {
		t.Players = append(t.Players, wink.PlayerInfo{Seat: i, Colour: colours[i], Chips: 3, Score: i % 3,
			Epoch: i % 2, HasAgent: true, HasLocation: true, Suitcase: i == suitcase})
	}
	t.Players[3].Chips = 2
	switch phase {
	case wink.PhaseDeal:
		t.Timer = &wink.TimerInfo{Kind: "deal", At: now + 1800}
	case wink.PhaseTurn:
		t.Timer = &wink.TimerInfo{Kind: "turn", At: now + 42_000}
	case wink.PhaseClaim:
		t.Timer = &wink.TimerInfo{Kind: "claim", At: now + 4_000}
	}
	return t
}

// accuseMoves are the legal accusation templates for seat me.
func accuseMoves(t wink.TableView, me int) []game.Move {
	var out []game.Move
	for _, p := range t.Players {
		if p.Seat == me || !p.HasAgent {
			continue
		}
		var targets []any
		for _, q := range t.Players {
			if q.Seat != me && q.Seat != p.Seat {
				targets = append(targets, q.Seat)
			}
		}
		out = append(out, game.Move{Type: wink.ActAccuse, Label: game.M("wink.move.accuse"),
			Data: raw(map[string]int{"winker": p.Seat, "epoch": p.Epoch}), Fields: map[string][]any{"target": targets}})
	}
	return out
}

// turnMoves are the suitcase holder's legal moves.
func turnMoves(epoch int, claim bool) []game.Move {
	var out []game.Move
	if claim {
		out = append(out, game.Move{Type: wink.ActClaim, Label: game.M("wink.move.claim"), Data: raw(map[string]int{"epoch": epoch}),
			Fields: map[string][]any{"location": {"CAF", "MET", "KIO", "FOU"}}})
	}
	return append(out,
		game.Move{Type: wink.ActSwap, Label: game.M("wink.move.swap_agent"), Data: raw(wink.Swap{Agent: true, Epoch: epoch})},
		game.Move{Type: wink.ActSwap, Label: game.M("wink.move.swap_location"), Data: raw(wink.Swap{Location: true, Epoch: epoch})},
		game.Move{Type: wink.ActSwap, Label: game.M("wink.move.swap_both"), Data: raw(wink.Swap{Agent: true, Location: true, Epoch: epoch})},
		game.Move{Type: wink.ActPass, Label: game.M("wink.move.pass")})
}

// seat builds seat me's phone on top of t.
func seat(t wink.TableView, me int) *wink.SeatView {
	agents := []int{2, 0, 3, 1, 0, 2}
	locs := []int{3, 2, 0, 1, 3, 1}
	pl := places()
	a := agents[me%len(agents)]
	l := pl[locs[me%len(locs)]]
	v := wink.SeatView{TableView: t, Me: me, Colour: colours[me],
		Agent: &wink.AgentInfo{Colour: colours[a], Contact: a}, Location: &l}
	switch t.Phase {
	case wink.PhaseDeal, wink.PhaseTurn:
		v.MyTurn = t.Suitcase == me
	}
	return &v
}

// ctx is the board context of a fixture: seat you (-1 for the table
// screen), seat 2 reconnecting.
func ctx(view any, you int, legal []game.Move, notices ...game.Event) kit.Context {
	n := len(names)
	switch v := view.(type) {
	case *wink.SeatView:
		n = v.Seats
	case *wink.TableView:
		n = v.Seats
	}
	viewer := game.TableViewer()
	if you >= 0 {
		viewer = game.SeatViewer(game.Seat(you))
	}
	rd := catalog.Reader("en", names[:n])
	return kit.Context{View: view, Names: names[:n], You: game.Seat(you), Table: you < 0, Legal: legal, Now: now,
		Away: []bool{false, false, true, false, false, false}, Words: rd, Lines: boardtest.Lines(events(view, you, notices...), viewer, rd)}
}

// Phone fixtures.

func dealHolder() kit.Context {
	t := tableF(4, wink.PhaseDeal, 1)
	v := seat(t, 1)
	v.Location = nil
	v.Agent = nil
	return ctx(v, 1, append([]game.Move{{Type: wink.ActTakeCards, Label: game.M("wink.move.take_cards")}}, accuseMoves(t, 1)...))
}

func dealOther() kit.Context {
	t := tableF(4, wink.PhaseDeal, 1)
	return ctx(seat(t, 3), 3, accuseMoves(t, 3))
}

func turnMine() kit.Context {
	t := tableF(4, wink.PhaseTurn, 1)
	v := seat(t, 1)
	return ctx(v, 1, append(turnMoves(1, true), accuseMoves(t, 1)...), ev("own_colour", "wink.event.own_colour"))
}

func turnOther() kit.Context {
	t := tableF(4, wink.PhaseTurn, 1)
	return ctx(seat(t, 0), 0, accuseMoves(t, 0))
}

func turnNoChips() kit.Context {
	t := tableF(4, wink.PhaseTurn, 1)
	t.Players[2].Chips = 0
	return ctx(seat(t, 2), 2, nil)
}

func claimTable() wink.TableView {
	t := tableF(4, wink.PhaseClaim, 1)
	t.Players[1].HasAgent = false
	t.Players[1].Epoch = 2
	t.Claim = &wink.ClaimInfo{Claimant: 1, Contact: 0, Card: "green", Location: wink.PlaceInfo{Code: "FOU", Name: wink.PlaceTerm("FOU")}}
	return t
}

func claimContact(answer string) kit.Context {
	t := claimTable()
	v := seat(t, 0)
	v.MyTurn = true
	v.Answer = answer
	label := game.M("wink.move.not_me")
	if answer == "reveal" {
		label = game.M("wink.move.reveal", placeArg("place", "FOU"))
	}
	return ctx(v, 0, append([]game.Move{{Type: wink.ActConfirmClaim, Label: label}}, accuseMoves(t, 0)...))
}

func claimClaimant() kit.Context {
	t := claimTable()
	v := seat(t, 1)
	v.Agent = nil
	return ctx(v, 1, accuseMoves(t, 1))
}

func claimOther() kit.Context {
	t := claimTable()
	v := seat(t, 3)
	v.Queued = []wink.QueuedAccusation{{Winker: 2, Target: 0}}
	return ctx(v, 3, accuseMoves(t, 3))
}

func overTable() wink.TableView {
	summary := game.M("wink.result.tie", game.PS("who", []game.Seat{0, 1, 2}), game.N("n", 4))
	reason := game.M("wink.result.reason.no_agent_card", game.P("who", 1))
	t := tableF(4, wink.PhaseOver, 2)
	for i := range t.Players {
		t.Players[i].Suitcase = false
	}
	t.Players[0].Score, t.Players[1].Score, t.Players[2].Score, t.Players[3].Score = 4, 4, 4, 2
	t.Timer = nil
	t.Over = &wink.Outcome{Winners: []int{0, 1, 2}, Summary: summary,
		Reason:  reason,
		Ranking: []wink.Standing{{Seat: 0, Score: 4, Rank: 1}, {Seat: 1, Score: 4, Rank: 1}, {Seat: 2, Score: 4, Rank: 1}, {Seat: 3, Score: 2, Rank: 4}}}
	t.Reveal = &wink.Reveal{Removed: []string{"red", "blue"},
		Hands: []wink.Hand{{Seat: 0, Agent: "purple", Location: "CAF"}, {Seat: 1, Location: "KIO"}, {Seat: 2, Agent: "red", Location: "CAF"}, {Seat: 3, Agent: "blue", Location: "MET"}},
		Piles: []wink.Pile{{Seat: 0, Agents: []string{"blue"}, Locations: []string{"FOU", "MET", "KIO"}},
			{Seat: 1, Agents: []string{"green", "red", "purple"}, Locations: []string{"CAF"}},
			{Seat: 2, Agents: []string{"red", "green"}, Locations: []string{"FOU", "FOU"}},
			{Seat: 3, Agents: []string{"purple"}, Locations: []string{"MET"}}}}
	return t
}

func overSeat() kit.Context {
	t := overTable()
	v := seat(t, 3)
	return ctx(v, 3, nil)
}

func remoteSeat(focus, looking int, moving bool) kit.Context {
	t := tableF(6, wink.PhaseTurn, 4)
	t.Mode = wink.ModeRemote
	v := seat(t, 1)
	v.Eyes = &wink.EyesView{Focus: focus, FocusEffectiveAt: now - 100, Moving: moving, WinkReadyAt: now - 10,
		SignalReadyAt: now + 1500, LastSignalAt: now - 500, WinkAnimMs: 600,
		Sightings: []wink.Sighting{
			{Seq: 1, At: now - 9000, Kind: wink.SightSignal, From: 3, To: -1, Location: "KIO"},
			{Seq: 2, At: now - 700, Kind: wink.SightWink, From: focus, To: max(looking, 0)},
		}}
	if !moving && focus >= 0 {
		v.Eyes.Watching = &wink.Gaze{Seat: focus, Looking: looking}
	}
	var seats []any
	for q := -1; q < 6; q++ {
		if q != 1 && q != focus {
			seats = append(seats, q)
		}
	}
	legal := append([]game.Move{{Type: wink.ActSetFocus, Label: game.M("wink.move.set_focus"), Fields: map[string][]any{"seat": seats}}}, accuseMoves(t, 1)...)
	if focus == 0 && !moving {
		legal = append(legal, game.Move{Type: wink.ActWink, Label: game.M("wink.move.wink")})
	}
	legal = append(legal, game.Move{Type: wink.ActSignal, Label: game.M("wink.move.signal")})
	return ctx(v, 1, legal)
}

// Table-screen fixtures.

func tableCtx(t wink.TableView) kit.Context { return ctx(&t, -1, nil) }

// omniscient is the all-seeing replay in the middle of fixture F's claim:
// every hand, pile and deck open.
func omniscient() kit.Context {
	t := claimTable()
	match := true
	t.Reveal = &wink.Reveal{Removed: []string{"red", "blue"},
		Hands: []wink.Hand{{Seat: 0, Agent: "purple", Location: "FOU"}, {Seat: 1, Location: "KIO"}, {Seat: 2, Agent: "red", Location: "CAF"}, {Seat: 3}},
		Piles: []wink.Pile{{Seat: 0, Agents: []string{}, Locations: []string{}}, {Seat: 1, Agents: []string{"green"}, Locations: []string{"MET"}},
			{Seat: 2, Agents: []string{}, Locations: []string{}}, {Seat: 3, Agents: []string{"purple"}, Locations: []string{}}},
		AgentDeck: []string{"green", "blue"}, AgentDiscard: []string{"red"}, LocationDeck: []string{"KIO", "CAF"},
		ClaimMatch: &match}
	return ctx(&wink.OmniscientView{TableView: t}, -1, nil)
}

// fixtures are every sample board, for the tests and the preview.
func fixtures() []boardtest.Fixture {
	t6 := tableF(6, wink.PhaseTurn, 4)
	return []boardtest.Fixture{
		{Name: "deal-holder", Ctx: dealHolder()},
		{Name: "deal-other", Ctx: dealOther()},
		{Name: "turn-mine", Ctx: turnMine()},
		{Name: "turn-other", Ctx: turnOther()},
		{Name: "turn-nochips", Ctx: turnNoChips()},
		{Name: "claim-contact-reveal", Ctx: claimContact("reveal")},
		{Name: "claim-contact-notme", Ctx: claimContact("not_me")},
		{Name: "claim-claimant", Ctx: claimClaimant()},
		{Name: "claim-other", Ctx: claimOther()},
		{Name: "over-seat", Ctx: overSeat()},
		{Name: "remote-watch", Ctx: remoteSeat(0, 3, false)},
		{Name: "remote-contact", Ctx: remoteSeat(4, 1, false)},
		{Name: "remote-moving", Ctx: remoteSeat(2, -1, true)},
		{Name: "table-turn", Ctx: tableCtx(tableF(4, wink.PhaseTurn, 1))},
		{Name: "table-claim", Ctx: tableCtx(claimTable())},
		{Name: "table-six", Ctx: tableCtx(t6)},
		{Name: "table-over", Ctx: tableCtx(overTable())},
		{Name: "replay-claim", Ctx: omniscient()},
	}
}
