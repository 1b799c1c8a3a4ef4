package cup

import (
	"topsecret/internal/game"
)

// Rules is the game as the platform lists it.
type Rules struct{}

// Slug is the game's id.
const Slug = "cup"

// Lowest and Highest bound the numbers a cup may hide (R2).
const (
	Lowest  = 1
	Highest = 9
	// Tries are a guesser's guesses a round (R3).
	Tries = 3
)

// Info describes the game to the lobby.
func (Rules) Info() game.Info {
	return game.Info{Slug: Slug, Name: "cup.info.name", Blurb: "cup.info.blurb", MinPlayers: 2, MaxPlayers: 2,
		Series: game.Series{Unit: "wins"}, Options: optionsInfo()}
}

// New deals a match: nothing is dealt, seat 0 hides first (R1).
func (Rules) New(s game.Setup) (game.State, error) {
	if s.Seats != 2 {
		return nil, game.Malformed("cup is played by 2, not %d", s.Seats)
	}
	o, err := game.ParseOptions(s.Options, DefaultOptions(), optionsInfo())
	if err != nil {
		return nil, err
	}
	return &match{opts: o, round: 1, since: s.Started}, nil
}

// Check reports why a would be refused now, or nil. It never changes the match.
func (m *match) Check(a game.Action) error {
	_, err := m.command(a)
	return err
}

// Apply performs an action that passed Check and says what happened.
func (m *match) Apply(a game.Action, r *game.Rand) []game.Event {
	n, err := m.command(a)
	if err != nil {
		panic("cup: Apply of a refused action: " + err.Error())
	}
	m.public.Drop()
	m.since = max(a.At, m.since)
	if a.Type == ActTimeout {
		return m.runOut(r)
	}
	if m.hiding() {
		return m.hide(n, false)
	}
	return m.guess(n)
}

// command checks a and returns the number it names (0 for a timer).
func (m *match) command(a game.Action) (int, error) {
	if m.over() {
		return 0, game.Over()
	}
	switch a.Type {
	case ActTimeout:
		var t timeout
		if err := a.Decode(&t); err != nil {
			return 0, game.Malformed("timeout: %v", err)
		}
		if a.Seat != game.System {
			return 0, game.Illegal("H2", "cup.refuse.referee_only")
		}
		if m.opts.TurnMs == 0 || t.Step != m.step {
			return 0, game.Stale("R5", "cup.refuse.stale_timer")
		}
		return 0, nil
	case ActHide, ActGuess:
		var p pick
		if err := a.Decode(&p); err != nil {
			return 0, game.Malformed("%s: %v", a.Type, err)
		}
		if a.Seat == game.System {
			return 0, game.Illegal("H2", "cup.refuse.players_only")
		}
		if a.Seat != m.awaited() {
			return 0, game.NotYourTurn("H2", "cup.refuse.not_your_turn")
		}
		if (a.Type == ActHide) != m.hiding() {
			return 0, game.Illegal("R3", "cup.refuse.wrong_moment")
		}
		if p.N < Lowest || p.N > Highest {
			return 0, game.Illegal("R2", "cup.refuse.out_of_range", game.N("lo", Lowest), game.N("hi", Highest))
		}
		return p.N, nil
	}
	return 0, game.Unknown(a.Type)
}

// hide puts n under the cup (R2); byReferee when the hider's time ran out.
func (m *match) hide(n int, byReferee bool) []game.Event {
	m.under, m.step = n, m.step+1
	hider := m.hider()
	said := game.M("cup.event.hidden", game.P("p", hider))
	if byReferee {
		said = game.M("cup.event.hidden_by_referee", game.P("p", hider))
	}
	return []game.Event{{Msg: said}, {Msg: game.M("cup.event.you_hid", game.N("number", n)), To: []game.Seat{hider}}}
}

// guess tries n against the cup (R3, R4).
func (m *match) guess(n int) []game.Event {
	m.guesses = append(m.guesses, n)
	g := m.guesser()
	switch {
	case n == m.under:
		return m.lift(g, game.M("cup.event.found", game.P("p", g), game.N("number", n)))
	case len(m.guesses) == Tries:
		return m.lift(m.hider(), game.M("cup.event.kept", game.P("p", m.hider()), game.N("number", m.under)))
	}
	m.step++
	hint := "cup.event.higher"
	if m.under < n {
		hint = "cup.event.lower"
	}
	return []game.Event{{Msg: game.M(hint, game.P("p", g), game.N("number", n))}}
}

// runOut acts for the seat whose time ran out (R5).
func (m *match) runOut(r *game.Rand) []game.Event {
	if m.hiding() {
		return m.hide(r.IntN(Highest-Lowest+1)+Lowest, true)
	}
	m.guesses = append(m.guesses, 0)
	lost := game.Event{Msg: game.M("cup.event.time_ran_out", game.P("p", m.guesser()))}
	if len(m.guesses) == Tries {
		return append([]game.Event{lost}, m.lift(m.hider(), game.M("cup.event.kept", game.P("p", m.hider()), game.N("number", m.under)))...)
	}
	m.step++
	return []game.Event{lost}
}

// lift shows the cup to all, scores winner's point and starts the next round (R4).
func (m *match) lift(winner game.Seat, said game.Msg) []game.Event {
	m.points[winner]++
	m.lifted = append(m.lifted, Lifted{Round: m.round, Under: m.under, Guesses: m.guesses, Winner: winner})
	m.round++
	m.under, m.guesses, m.step = 0, nil, m.step+1
	ev := []game.Event{{Msg: said}}
	if m.over() {
		res, _ := m.Result()
		ev = append(ev, game.Event{Msg: res.Summary})
	}
	return ev
}

// Next awaits the hider or the guesser, with the turn timer armed (R5).
func (m *match) Next() game.Turn {
	if m.over() {
		return game.Turn{}
	}
	t := game.Turn{Seats: []game.Seat{m.awaited()}}
	if m.opts.TurnMs > 0 {
		t.Timers = []game.Timer{{At: m.since + int64(m.opts.TurnMs),
			Fires: game.Action{Seat: game.System, Type: ActTimeout, Data: mustData(timeout{Step: m.step})}}}
	}
	return t
}

// Result is the outcome after the last round (R6).
func (m *match) Result() (game.Result, bool) {
	if !m.over() {
		return game.Result{}, false
	}
	p := m.points[:]
	switch {
	case p[0] > p[1]:
		return game.Result{Winners: []game.Seat{0}, Points: []int{p[0], p[1]}, Summary: game.M("cup.result.won", game.P("p", 0), game.N("a", p[0]), game.N("b", p[1]))}, true
	case p[1] > p[0]:
		return game.Result{Winners: []game.Seat{1}, Points: []int{p[0], p[1]}, Summary: game.M("cup.result.won", game.P("p", 1), game.N("a", p[1]), game.N("b", p[0]))}, true
	}
	return game.Result{Winners: []game.Seat{0, 1}, Points: []int{p[0], p[1]}, Summary: game.M("cup.result.tie", game.N("a", p[0]))}, true
}
