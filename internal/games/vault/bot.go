package vault

import (
	"topsecret/internal/game"
)

// Bot plays a seat from that seat's view only: its hand, its stake zone and
// safe, and the face-up cards of the table. It commits the card that scores
// best now (completing pairs, preferring an agent on a staked document
// because that survives a blast), plays its terrorist when opponents have
// documents in the open and its own are safe, fears terrorists when staking,
// shouts Boom, steals the most valuable card still in place (a card that
// completes its own pair first) and keeps a lone card only when its hand
// holds a partner. Its random stream breaks near-ties, so two bots in the
// same spot differ; Strength sets how near (docs/games/vault.md).
type Bot struct {
	// Strength is how well it plays; "" is game.Regular.
	Strength game.Strength
}

// Bot returns the game's computer player.
func (Rules) Bot() game.Bot { return Bot{} }

// Grade returns the bot playing at strength s.
func (b Bot) Grade(s game.Strength) game.Bot { return Bot{Strength: s} }

// terrorRisk is the bot's guess of the chance that a trick has a terrorist.
const terrorRisk = 0.3

// whim is how far a bot's random stream may lift a card's worth when it
// chooses a card to commit: a tie-break for a sharp bot, a real change of
// plan among close cards for a regular one, loose play for a beginner.
var whim = map[game.Strength]int{game.Sharp: 6, game.Regular: 16, game.Beginner: 45}

// Act picks seat s's next action at time now, or reports false when it has nothing to do.
func (bot Bot) Act(st game.State, seat game.Seat, now int64, r *game.Rand) (game.Action, bool) {
	m, _, ok := game.Seated[*match](st, seat)
	if !ok {
		return game.Action{}, false
	}
	b := botTurn{v: m.seatView(int(seat)), now: now, r: r, level: bot.level()}
	var a game.Action
	switch {
	case b.v.Phase == PhaseSelect && b.v.Committed == nil && len(b.v.Hand) > 0:
		a, ok = b.act(ActCommit, Commit{Card: b.choose()})
	case b.v.MustBoom:
		a, ok = b.act(ActBoom, nil)
	case len(b.v.Targets) > 0:
		a, ok = b.steal()
	case b.v.Decide:
		a, ok = b.act(ActSecure, Secure{Choice: b.secure()})
	}
	if ok && st.Check(a) == nil {
		return a, true
	}
	return game.Action{}, false
}

func (bot Bot) level() game.Strength {
	s, _ := game.ParseStrength(string(bot.Strength))
	return s
}

// Pace says how a person would time a: a card to commit is weighed, Boom
// and a mole's grab are reflexes, bank or keep is a quick decision; each
// must land before the running window closes.
func (Bot) Pace(st game.State, a game.Action) game.Pace {
	p := game.Pace{Think: game.Decision}
	switch a.Type {
	case ActCommit:
		p.Think = game.Ponder
	case ActBoom, ActSteal, ActNoSteal:
		p.Think = game.Reflex
	}
	if m, ok := st.(*match); ok {
		if at, ok := m.deadline(); ok {
			p.By = at
		}
	}
	return p
}

// botTurn is one decision: the view, the time, the random stream and how well to play.
type botTurn struct {
	v     SeatView
	now   int64
	r     *game.Rand
	level game.Strength
}

func (b botTurn) act(typ string, data any) (game.Action, bool) {
	a := game.Action{Seat: game.Seat(b.v.Me), Type: typ, At: b.now}
	if data != nil {
		a.Data = mustJSON(data)
	}
	return a, true
}

// staked is my lone card at stake, or noCard.
func (b botTurn) staked() card {
	if len(b.v.Stake) == 1 {
		return card(b.v.Stake[0].ID)
	}
	return noCard
}

// holds reports whether my hand has a card of rank r other than except.
func (b botTurn) holds(r Rank, except int) bool {
	for _, c := range b.v.Hand {
		if c.ID != except && card(c.ID).rank() == r {
			return true
		}
	}
	return false
}

// exposed is the value of documents in the open that a blast would burn:
// on my zone when mine is true, else on everyone else's.
func (b botTurn) exposed(mine bool) float64 {
	sum := 0.0
	for _, p := range b.v.Players {
		if (p.Seat == b.v.Me) != mine {
			continue
		}
		for i, c := range p.Stake {
			protected := i == 0 && len(p.Stake) == 2 && p.Stake[1].Code == "AG"
			if !protected {
				sum += float64(c.Value)
			}
		}
	}
	return sum
}

// choose picks the hand card with the best worth plus a whim, breaking
// ties at random.
func (b botTurn) choose() int {
	best, bestWorth, ties := -1, 0.0, 0
	for _, c := range b.v.Hand {
		w := b.worth(card(c.ID)) + float64(b.r.IntN(whim[b.level]))
		switch {
		case best < 0 || w > bestWorth:
			best, bestWorth, ties = c.ID, w, 1
		case w == bestWorth:
			if ties++; b.r.IntN(ties) == 0 {
				best = c.ID
			}
		}
	}
	return best
}

// worth scores playing c now: the points it likely adds minus what it risks.
func (b botTurn) worth(c card) float64 {
	s := b.staked()
	left := float64(len(b.v.Hand))
	switch r := c.rank(); {
	case r == Terrorist:
		w := 0.7*b.exposed(false) - b.exposed(true)
		if left <= 3 {
			w += 15 // it must go some time; better now than ruin a late pair
		}
		return w
	case r == Mole:
		return b.moleHope()
	case r == Agent:
		switch {
		case s == noCard:
			return 4
		case s.rank() == Agent:
			return -10
		}
		return 3 * float64(s.rank().Value()) // pair, and the document is shielded
	}
	v := float64(c.rank().Value())
	switch {
	case s == noCard:
		if b.holds(c.rank(), int(c)) || b.holds(Agent, -1) {
			return v * (1 - terrorRisk) * 0.9 // stake it to pair later
		}
		return v * (1 - terrorRisk) * 0.6
	case pairs(s, c):
		return 3 * v * (1 - terrorRisk)
	}
	return v*0.8 - float64(s.rank().Value())*terrorRisk // both go to x1
}

// moleHope is what a mole may bring: opponents whose lone staked card waits
// for a partner are likely to reveal a document now.
func (b botTurn) moleHope() float64 {
	w := 6.0
	for _, p := range b.v.Players {
		if p.Seat != b.v.Me && len(p.Stake) == 1 {
			w += 4
		}
	}
	return w
}

// steal names the most valuable card still in place, or passes. A
// beginner is slow off the mark one time in three and names any card.
func (b botTurn) steal() (game.Action, bool) {
	if b.level == game.Beginner {
		return b.fumble()
	}
	s := b.staked()
	best, bestWorth := -1, 0.0
	for _, x := range b.v.Targets {
		if x.TakenBy >= 0 {
			continue
		}
		c := card(x.Card.ID)
		w := float64(c.rank().Value())
		if c.rank() == Agent {
			w = 8
		}
		if s != noCard && pairs(s, c) {
			w += 3 * float64(max(s.rank().Value(), c.rank().Value()))
		}
		if b.level == game.Regular {
			w += float64(b.r.IntN(6))
		}
		if best < 0 || w > bestWorth {
			best, bestWorth = x.Card.ID, w
		}
	}
	if best < 0 {
		return b.act(ActNoSteal, nil)
	}
	return b.act(ActSteal, Steal{Card: best})
}

// fumble is a beginner's mole: it misses the moment one time in three,
// else grabs any card it sees.
func (b botTurn) fumble() (game.Action, bool) {
	var free []int
	for _, x := range b.v.Targets {
		if x.TakenBy < 0 {
			free = append(free, x.Card.ID)
		}
	}
	if len(free) == 0 || b.r.IntN(3) == 0 {
		return b.act(ActNoSteal, nil)
	}
	return b.act(ActSteal, Steal{Card: free[b.r.IntN(len(free))]})
}

// secure keeps a lone card only when a partner is in hand: an agent is
// always kept (it is worth 0 in x1 and survives a blast), a document when
// the hand holds an agent or its twin and it is worth the risk. A
// beginner decides on a hunch one time in three.
func (b botTurn) secure() string {
	if b.level == game.Beginner && b.r.IntN(3) == 0 {
		return []string{ChoiceBank, ChoiceKeep}[b.r.IntN(2)]
	}
	s := b.staked()
	if s == noCard || s.rank() == Agent {
		return ChoiceKeep
	}
	if b.holds(Agent, -1) || b.holds(s.rank(), -1) && s.rank().Value() >= 20 {
		return ChoiceKeep
	}
	return ChoiceBank
}
