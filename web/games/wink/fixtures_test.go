package winkboard_test

import (
	"encoding/json"

	"topsecret/internal/game"
	"topsecret/internal/games/wink"
	winkboard "topsecret/web/games/wink"
)

// now is the fixtures' server time.
const now int64 = 1_700_000_000_000

// names are fixture F's players (§9), plus two for bigger tables.
var names = []string{"Julia", "Tom", "Jan", "Marie", "Anouk", "Benedikt"}

var colours = []string{"green", "blue", "purple", "red", "yellow", "orange", "white", "black"}

func places() []wink.PlaceInfo {
	return []wink.PlaceInfo{{Code: "CAF", Name: "Street café"}, {Code: "MET", Name: "Metro station"},
		{Code: "KIO", Name: "Kiosk"}, {Code: "FOU", Name: "Fountain"}}
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
		Events: []wink.EventLine{
			{Seq: 1, Kind: "deal", Text: "{p0} is the start player and draws first."},
			{Seq: 5, Kind: "take_cards", Text: "{p3} took their cards."},
			{Seq: 6, Kind: "caught", Text: "Caught! {p3} accuses {p0} of winking at {p2}: the card is purple. Correct, {p3} scores it."},
			{Seq: 7, Kind: "swap", Text: "{p1} drew a new agent card."},
		},
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
		out = append(out, game.Move{Type: wink.ActAccuse, Label: "Caught!",
			Data: raw(map[string]int{"winker": p.Seat, "epoch": p.Epoch}), Fields: map[string][]any{"target": targets}})
	}
	return out
}

// turnMoves are the suitcase holder's legal moves.
func turnMoves(epoch int, claim bool) []game.Move {
	var out []game.Move
	if claim {
		out = append(out, game.Move{Type: wink.ActClaim, Label: "Complete mission", Data: raw(map[string]int{"epoch": epoch}),
			Fields: map[string][]any{"location": {"CAF", "MET", "KIO", "FOU"}}})
	}
	return append(out,
		game.Move{Type: wink.ActSwap, Label: "New agent card", Data: raw(wink.Swap{Agent: true, Epoch: epoch})},
		game.Move{Type: wink.ActSwap, Label: "New location card", Data: raw(wink.Swap{Location: true, Epoch: epoch})},
		game.Move{Type: wink.ActSwap, Label: "New both", Data: raw(wink.Swap{Agent: true, Location: true, Epoch: epoch})},
		game.Move{Type: wink.ActPass, Label: "Pass"})
}

// seat builds seat me's phone on top of t.
func seat(t wink.TableView, me int) wink.SeatView {
	agents := []int{2, 0, 3, 1, 0, 2}
	locs := []int{3, 2, 0, 1, 3, 1}
	pl := places()
	a := agents[me%len(agents)]
	l := pl[locs[me%len(locs)]]
	v := wink.SeatView{TableView: t, Me: me, Colour: colours[me],
		Agent: &wink.AgentInfo{Colour: colours[a], Contact: a}, Location: &l, Notices: []wink.EventLine{}}
	switch t.Phase {
	case wink.PhaseDeal, wink.PhaseTurn:
		v.MyTurn = t.Suitcase == me
	}
	return v
}

type fixture struct {
	name string
	ctx  winkboard.Context
}

func ctx(view any, you int, legal []game.Move) winkboard.Context {
	return winkboard.Context{View: view, Names: names, You: you, Legal: legal, Now: now,
		Away: []bool{false, false, true, false, false, false}}
}

// Phone fixtures.

func dealHolder() winkboard.Context {
	t := tableF(4, wink.PhaseDeal, 1)
	v := seat(t, 1)
	v.Location = nil
	v.Agent = nil
	return ctx(v, 1, append([]game.Move{{Type: wink.ActTakeCards, Label: "Take my cards"}}, accuseMoves(t, 1)...))
}

func dealOther() winkboard.Context {
	t := tableF(4, wink.PhaseDeal, 1)
	return ctx(seat(t, 3), 3, accuseMoves(t, 3))
}

func turnMine() winkboard.Context {
	t := tableF(4, wink.PhaseTurn, 1)
	v := seat(t, 1)
	v.Notices = []wink.EventLine{{Seq: 4, Kind: "own_colour", Text: "You drew your own colour; it went face-down to the discard and you drew again."}}
	return ctx(v, 1, append(turnMoves(1, true), accuseMoves(t, 1)...))
}

func turnOther() winkboard.Context {
	t := tableF(4, wink.PhaseTurn, 1)
	return ctx(seat(t, 0), 0, accuseMoves(t, 0))
}

func turnNoChips() winkboard.Context {
	t := tableF(4, wink.PhaseTurn, 1)
	t.Players[2].Chips = 0
	return ctx(seat(t, 2), 2, nil)
}

func claimTable() wink.TableView {
	t := tableF(4, wink.PhaseClaim, 1)
	t.Players[1].HasAgent = false
	t.Players[1].Epoch = 2
	t.Claim = &wink.ClaimInfo{Claimant: 1, Contact: 0, Card: "green", Location: wink.PlaceInfo{Code: "FOU", Name: "Fountain"}}
	t.Events = append(t.Events, wink.EventLine{Seq: 8, Kind: "claim", Text: "{p1} reveals a green agent card: \"I meet {p0} at the Fountain!\""})
	return t
}

func claimContact(answer string) winkboard.Context {
	t := claimTable()
	v := seat(t, 0)
	v.MyTurn = true
	v.Answer = answer
	label := "Not me"
	if answer == "reveal" {
		label = "Reveal FOU"
	}
	return ctx(v, 0, append([]game.Move{{Type: wink.ActConfirmClaim, Label: label}}, accuseMoves(t, 0)...))
}

func claimClaimant() winkboard.Context {
	t := claimTable()
	v := seat(t, 1)
	v.Agent = nil
	return ctx(v, 1, accuseMoves(t, 1))
}

func claimOther() winkboard.Context {
	t := claimTable()
	v := seat(t, 3)
	v.Queued = []wink.QueuedAccusation{{Winker: 2, Target: 0}}
	return ctx(v, 3, accuseMoves(t, 3))
}

func overTable() wink.TableView {
	t := tableF(4, wink.PhaseOver, 2)
	for i := range t.Players {
		t.Players[i].Suitcase = false
	}
	t.Players[0].Score, t.Players[1].Score, t.Players[2].Score, t.Players[3].Score = 4, 4, 4, 2
	t.Timer = nil
	t.Over = &wink.Outcome{Winners: []int{0, 1, 2}, Summary: "{p0}, {p1} and {p2} tie for the win with 4 cards each.",
		Reason:  "{p1} could not draw an agent card.",
		Ranking: []wink.Standing{{Seat: 0, Score: 4, Rank: 1}, {Seat: 1, Score: 4, Rank: 1}, {Seat: 2, Score: 4, Rank: 1}, {Seat: 3, Score: 2, Rank: 4}}}
	t.Reveal = &wink.Reveal{Removed: []string{"red", "blue"},
		Hands: []wink.Hand{{Seat: 0, Agent: "purple", Location: "CAF"}, {Seat: 1, Location: "KIO"}, {Seat: 2, Agent: "red", Location: "CAF"}, {Seat: 3, Agent: "blue", Location: "MET"}},
		Piles: []wink.Pile{{Seat: 0, Agents: []string{"blue"}, Locations: []string{"FOU", "MET", "KIO"}},
			{Seat: 1, Agents: []string{"green", "red", "purple"}, Locations: []string{"CAF"}},
			{Seat: 2, Agents: []string{"red", "green"}, Locations: []string{"FOU", "FOU"}},
			{Seat: 3, Agents: []string{"purple"}, Locations: []string{"MET"}}}}
	t.Events = append(t.Events, wink.EventLine{Seq: 30, Kind: "over", Text: "{p1} could not draw an agent card. {p0}, {p1} and {p2} tie for the win with 4 cards each."})
	return t
}

func overSeat() winkboard.Context {
	t := overTable()
	v := seat(t, 3)
	return ctx(v, 3, nil)
}

func remoteSeat(focus, looking int, moving bool) winkboard.Context {
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
	legal := append([]game.Move{{Type: wink.ActSetFocus, Label: "Look at", Fields: map[string][]any{"seat": seats}}}, accuseMoves(t, 1)...)
	if focus == 0 && !moving {
		legal = append(legal, game.Move{Type: wink.ActWink, Label: "Wink"})
	}
	legal = append(legal, game.Move{Type: wink.ActSignal, Label: "Glance at my place"})
	return ctx(v, 1, legal)
}

// Table-screen fixtures.

func tableCtx(t wink.TableView) winkboard.Context { return ctx(t, -1, nil) }

// fixtures are every sample board, for the tests and the preview.
func fixtures() []fixture {
	t6 := tableF(6, wink.PhaseTurn, 4)
	t6.Events = append(t6.Events, wink.EventLine{Seq: 9, Kind: "wrong", Text: "Caught? {p4} accuses {p2} of winking at {p5}: the card is red. Wrong; it is discarded."})
	return []fixture{
		{"deal-holder", dealHolder()},
		{"deal-other", dealOther()},
		{"turn-mine", turnMine()},
		{"turn-other", turnOther()},
		{"turn-nochips", turnNoChips()},
		{"claim-contact-reveal", claimContact("reveal")},
		{"claim-contact-notme", claimContact("not_me")},
		{"claim-claimant", claimClaimant()},
		{"claim-other", claimOther()},
		{"over-seat", overSeat()},
		{"remote-watch", remoteSeat(0, 3, false)},
		{"remote-contact", remoteSeat(4, 1, false)},
		{"remote-moving", remoteSeat(2, -1, true)},
		{"table-turn", tableCtx(tableF(4, wink.PhaseTurn, 1))},
		{"table-claim", tableCtx(claimTable())},
		{"table-six", tableCtx(t6)},
		{"table-over", tableCtx(overTable())},
	}
}
