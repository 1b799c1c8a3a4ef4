package wink

import (
	"fmt"
	"hash/fnv"

	"topsecret/internal/game"
)

// Bot plays a seat from that seat's view only (its own cards, public facts
// and its sightings). In table mode it cannot wink, so it only takes cards,
// answers claims, swaps and passes. In remote mode it winks at its contact,
// glances at its place when winked at (and now and then), watches players,
// accuses winks it saw and claims when it winked and saw its contact's
// glance. Strength sets how many of the winks it sees it also notices.
type Bot struct {
	// Strength is how well it plays; "" is game.Regular.
	Strength game.Strength
}

// Grade returns the bot playing at strength s.
func (b Bot) Grade(s game.Strength) game.Bot { return Bot{Strength: s} }

// overlooked is how many winks in a row of a bot's sightings slip past it,
// one in that many: a beginner misses every second wink it could catch, a
// regular bot one in five, a sharp bot none.
var overlooked = map[game.Strength]uint64{game.Beginner: 2, game.Regular: 5}

// scanHoldMs is how long a bot keeps watching someone before it may look elsewhere.
const scanHoldMs = 2500

// Act picks seat s's next action at time now, or reports false to wait.
func (bot Bot) Act(st game.State, seat game.Seat, now int64, r *game.Rand) (game.Action, bool) {
	m, _, ok := game.Seated[*match](st, seat)
	if !ok {
		return game.Action{}, false
	}
	level, _ := game.ParseStrength(string(bot.Strength))
	b := botTurn{v: m.seatView(int(seat)), now: now, r: r, st: st, level: level}
	for _, try := range []func() (game.Action, bool){b.duty, b.accuse, b.claim, b.eyes, b.turn} {
		if a, ok := try(); ok && st.Check(a) == nil {
			return a, true
		}
	}
	return game.Action{}, false
}

// botTurn is one decision: the view, the time, the random stream and how well to play.
type botTurn struct {
	v     SeatView
	now   int64
	r     *game.Rand
	st    game.State
	level game.Strength
}

func (b botTurn) act(typ string, data any) (game.Action, bool) {
	a := game.Action{Seat: game.Seat(b.v.Me), Type: typ, At: b.now}
	if data != nil {
		a.Data = mustJSON(data)
	}
	return a, true
}

// duty is what the phase asks of me: take cards, answer a claim.
func (b botTurn) duty() (game.Action, bool) {
	switch {
	case b.v.Phase == PhaseDeal && b.v.MyTurn:
		return b.act(ActTakeCards, nil)
	case b.v.Phase == PhaseClaim && b.v.Answer != "":
		return b.act(ActConfirmClaim, nil)
	}
	return game.Action{}, false
}

// accuse catches the latest wink I saw between two others whose card is unchanged.
func (b botTurn) accuse() (game.Action, bool) {
	if b.v.Eyes == nil || b.v.Players[b.v.Me].Chips-len(b.v.Queued) < 1 {
		return game.Action{}, false
	}
	for i := len(b.v.Eyes.Sightings) - 1; i >= 0; i-- {
		s := b.v.Eyes.Sightings[i]
		if s.Kind != SightWink || s.From == b.v.Me || s.To == b.v.Me {
			continue
		}
		x := b.v.Players[s.From]
		if x.HasAgent && x.Epoch == s.Epoch && b.notices(s) {
			return b.act(ActAccuse, Accuse{Winker: s.From, Target: s.To, Epoch: s.Epoch})
		}
	}
	return game.Action{}, false
}

// notices reports whether I caught the wink I saw. Whether a wink slips
// past is decided once per sighting and seat, so asking again later does
// not turn a miss into a catch.
func (b botTurn) notices(s Sighting) bool {
	k := overlooked[b.level]
	if k == 0 {
		return true
	}
	h := fnv.New64a()
	fmt.Fprint(h, s.At, s.From, s.To, s.Epoch, b.v.Me)
	return h.Sum64()%k != 0
}

// belief is my contact's place from a glance I saw at its current card, or "".
func (b botTurn) belief() string {
	if b.v.Eyes == nil || b.v.Agent == nil {
		return ""
	}
	c := b.v.Agent.Contact
	for i := len(b.v.Eyes.Sightings) - 1; i >= 0; i-- {
		s := b.v.Eyes.Sightings[i]
		if s.Kind == SightSignal && s.From == c && s.LocationEpoch == b.v.Players[c].LocationEpoch {
			return s.Location
		}
	}
	return ""
}

// claim completes a mission when I winked and know the place.
func (b botTurn) claim() (game.Action, bool) {
	if b.v.Phase != PhaseTurn || !b.v.MyTurn || b.v.Eyes == nil || !b.v.Eyes.Winked {
		return game.Action{}, false
	}
	if loc := b.belief(); loc != "" {
		return b.act(ActClaim, Claim{Location: loc, Epoch: b.v.Players[b.v.Me].Epoch})
	}
	return game.Action{}, false
}

// eyes winks, glances and moves the focus in remote mode.
func (b botTurn) eyes() (game.Action, bool) {
	e := b.v.Eyes
	if e == nil || b.v.Phase == PhaseOver {
		return game.Action{}, false
	}
	if a, ok := b.glance(); ok {
		return a, true
	}
	if b.v.Agent != nil && !e.Winked {
		c := b.v.Agent.Contact
		switch {
		case e.Focus != c:
			return b.act(ActSetFocus, SetFocus{Seat: c})
		case !e.Moving && b.now >= e.WinkReadyAt:
			return b.act(ActWink, nil)
		}
		return game.Action{}, false
	}
	if b.v.Agent != nil && b.belief() == "" {
		if e.Focus != b.v.Agent.Contact {
			return b.act(ActSetFocus, SetFocus{Seat: b.v.Agent.Contact})
		}
		return game.Action{}, false
	}
	if !e.Moving && b.now-e.FocusEffectiveAt >= scanHoldMs && b.r.IntN(3) == 0 {
		q := b.r.IntN(b.v.Seats - 1)
		if q >= b.v.Me {
			q++
		}
		if q != e.Focus {
			return b.act(ActSetFocus, SetFocus{Seat: q})
		}
	}
	return game.Action{}, false
}

// glance signals my place after someone winked at me since my last glance,
// and now and then anyway.
func (b botTurn) glance() (game.Action, bool) {
	e := b.v.Eyes
	if b.v.Location == nil || b.now < e.SignalReadyAt {
		return game.Action{}, false
	}
	for _, s := range e.Sightings {
		if (s.Kind == SightWinkedAtYou || s.Kind == SightWink && s.To == b.v.Me) && s.At >= e.LastSignalAt {
			return b.act(ActSignal, nil)
		}
	}
	if b.r.IntN(4) == 0 {
		return b.act(ActSignal, nil)
	}
	return game.Action{}, false
}

// turn swaps or passes when the suitcase is mine and there is nothing to claim.
func (b botTurn) turn() (game.Action, bool) {
	if b.v.Phase != PhaseTurn || !b.v.MyTurn {
		return game.Action{}, false
	}
	epoch := b.v.Players[b.v.Me].Epoch
	switch n := b.r.IntN(8); {
	case n < 2:
		return b.act(ActSwap, Swap{Agent: true, Epoch: epoch})
	case n < 3:
		return b.act(ActSwap, Swap{Location: true})
	}
	return b.act(ActPass, nil)
}

// Bot returns the game's computer player (game.BotPlayer): the room seats
// it, selfplay plays whole matches with it.
func (Rules) Bot() game.Bot { return Bot{} }

// Pace says how a person would time a: taking cards, answering a claim,
// catching a wink, moving the eyes and glancing are reactions; a claim, a
// swap, a pass and a wink are decisions. The phase's own actions must land
// before its timer; a catch has no window, and the room counts its
// reaction time from when the wink became visible.
func (Bot) Pace(st game.State, a game.Action) game.Pace {
	p := game.Pace{Think: game.Decision}
	switch a.Type {
	case ActTakeCards, ActConfirmClaim, ActAccuse, ActSetFocus, ActSignal:
		p.Think = game.Reflex
	}
	m, ok := st.(*match)
	if !ok {
		return p
	}
	switch a.Type {
	case ActTakeCards, ActConfirmClaim, ActClaim, ActSwap, ActPass:
		p.By = m.phaseDeadline()
	}
	return p
}
