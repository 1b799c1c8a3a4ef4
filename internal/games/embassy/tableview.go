package embassy

import (
	"slices"
)

// tableView copies the public facts of the match (§10), once per state:
// every seat's view holds them too. Nobody writes to a view, so the seats
// share its lists.
func (m *match) tableView() TableView {
	return m.public.Of(m.buildTableView)
}

func (m *match) buildTableView() TableView {
	v := TableView{Phase: m.phase, Seats: m.n, Turn: m.turn, Round: m.round, Active: m.active,
		Awaiting: m.awaited(), NoCards: m.noCards, Cards: make([]string, 0, numEmbassies), Seq: m.eventSeq,
		Destinations: m.destIDs, Blockers: slices.Clone(m.blockers), Reveal: m.revealView(),
		Transfers: m.transferViews(), Timer: m.timerView()}
	v.InPlay = setNames[m.n]
	if m.roll != nil {
		v.Roll = &RollView{Seat: m.roll.seat, A: m.roll.a, B: m.roll.b}
	}
	for e, k := range m.onEmbassy {
		if k != noCard {
			v.Cards = append(v.Cards, letter(e))
		}
	}
	approaches := m.approaches()
	v.Players = m.playerViews(approaches)
	for _, a := range approaches {
		v.Approaches = append(v.Approaches, ApproachView{Target: a.target, To: idStrings(a.squares)})
	}
	if m.target >= 0 {
		v.Challenge = &ChallengeView{By: m.active, Target: m.target}
	}
	if m.acq.who >= 0 {
		v.Acquire = &AcquireView{Seat: m.acq.who, Optional: m.acq.optional}
	}
	if m.phase == PhaseOver {
		x, _ := m.fourOfAKind(m.winner)
		res, _ := m.Result()
		v.Over = &Outcome{Winner: m.winner, Secret: Secrets[x], Summary: res.Summary}
	}
	return v
}

func (m *match) playerViews(approaches []approach) []PlayerView {
	var targets [MaxPlayers]bool
	if m.phase == PhaseChallenge {
		for _, q := range m.targetsOf(m.active) {
			targets[q] = true
		}
	}
	for _, a := range approaches {
		targets[a.target] = true
	}
	out := make([]PlayerView, m.n)
	for i, p := range m.players {
		pv := PlayerView{Seat: i, Colour: Colours[p.colour], Spy: p.spy.String(), Bodyguard: p.guard.String(),
			Hand: m.acq.who == i, Target: targets[i]}
		for k, c := range p.slots {
			pv.Slots[k] = c != noCard
		}
		if m.phase == PhaseOver {
			h := m.ownHolder(i)
			pv.Cards = h[:]
		}
		out[i] = pv
	}
	return out
}

// setNames are the sets in play by player count (R26), shared read-only by views.
var setNames = [MaxPlayers + 1][]string{2: Secrets, 3: {"ATOM", "RADAR", "ROCKET"}, 4: Secrets}

func idStrings(ls []loc) []string {
	if len(ls) == 0 {
		return nil
	}
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = l.String()
	}
	return out
}

func (m *match) revealView() *RevealView {
	r := m.reveal
	if r == nil {
		return nil
	}
	v := &RevealView{Seq: r.seq, Correct: r.correct, By: r.by, Seat: r.seat, Slot: r.slot,
		Secret: Secrets[r.secret], Until: m.revealUntil()}
	if at, ok := m.shownAt(); ok {
		v.Spot = at.String()
	}
	return v
}

func (m *match) transferViews() []TransferView {
	var out []TransferView
	for _, t := range m.transfers {
		out = append(out, TransferView{From: t.from.String(), To: t.to.String()})
	}
	return out
}

func (m *match) timerView() *TimerView {
	l := m.limit()
	if l == 0 {
		return nil
	}
	kind := "choice"
	if l == m.opts.TurnTimeoutMs {
		switch m.phase {
		case PhaseRoll, PhaseMove, PhaseImmobile, PhaseBlocked:
			kind = "turn"
		}
	}
	return &TimerView{Kind: kind, At: m.stepAt + int64(l)}
}
