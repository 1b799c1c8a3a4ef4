package vault

import (
	"topsecret/internal/game"
)

// tableView is what the table sees, built once per state: every seat's
// view holds it too. Nobody writes to a view, so the seats share its
// lists.
func (m *match) tableView() TableView {
	return m.public.Of(func() TableView { return m.buildTableView(false) })
}

// buildTableView builds what the table sees, or with all every card.
func (m *match) buildTableView(all bool) TableView {
	v := TableView{Phase: m.phase, Seats: m.n, Trick: m.trick, Tricks: m.tricks, Step: m.step,
		Discard: len(m.discard), BoomButton: m.phase == PhaseBoom}
	if len(m.discard) > 0 {
		v.DiscardTop = infoPtr(m.discard[len(m.discard)-1])
	}
	for s, p := range m.players {
		v.Players = append(v.Players, PlayerInfo{Seat: s, Colour: colours[s], Hand: len(p.hand),
			Committed: p.commit != noCard, Stake: infos(p.stake), Action: infoPtr(p.slot),
			X1: len(p.x1), X2: len(p.x2), MissedBooms: p.missed, Penalty: MissedBoomPenalty * p.missed,
			Touched: p.touched, Boomed: p.boomed, MoleDone: m.isMole(s) && p.acted,
			Decider: p.decider, Decided: p.decider && p.decision != undecided})
	}
	if m.phase == PhaseSteal {
		v.Eligible = tiles(m.eligible)
	}
	m.momentViews(&v)
	if at, ok := m.deadline(); ok && m.phase != PhaseDealEnd {
		v.Timer = &TimerInfo{Kind: string(m.phase), At: at}
	}
	if m.phase == PhaseDealEnd {
		v.Over = m.outcome()
	}
	if m.phase == PhaseDealEnd || all {
		for s := range m.players {
			v.Safes = append(v.Safes, m.safeView(s))
		}
	}
	return v
}

func tiles(ts []tile) []Tile {
	out := make([]Tile, 0, len(ts))
	for _, x := range ts {
		out = append(out, Tile{Seat: x.owner, Card: info(x.card), TakenBy: x.by})
	}
	return out
}

func playedCards(ps []played) []PlayedCard {
	out := make([]PlayedCard, 0, len(ps))
	for _, p := range ps {
		out = append(out, PlayedCard{Seat: p.seat, Card: info(p.card)})
	}
	return out
}

// momentViews copies the latest trick's moments into v.
func (m *match) momentViews(v *TableView) {
	mo := &m.moments
	if r := mo.reveal; r != nil {
		v.Reveal = &RevealMoment{Seq: r.seq, Trick: r.trick, Cards: playedCards(r.played)}
	}
	for _, b := range mo.booms {
		v.Booms = append(v.Booms, BoomPress{Seq: b.seq, Seat: b.seat})
	}
	if b := mo.blast; b != nil {
		v.Blast = &BlastMoment{Seq: b.seq, Missed: append([]int{}, b.missed...), Burned: playedCards(b.burned)}
	}
	for _, s := range mo.steals {
		v.Steals = append(v.Steals, StealMoment{Seq: s.seq, Mole: s.mole, Result: s.result, From: s.from, Card: infoPtr(s.card)})
	}
	for _, b := range mo.banks {
		v.Banks = append(v.Banks, BankMoment{Seq: b.seq, Seat: b.seat, Cards: infos(b.cards), Side: b.side, Auto: b.auto})
	}
}

func (m *match) safeView(s int) SafeView {
	p := &m.players[s]
	v := SafeView{Seat: s, X1: infos(p.x1), X2: []PairView{}, X1Points: p.x1Points(), X2Points: p.x2Points(),
		MissedBooms: p.missed, Penalty: MissedBoomPenalty * p.missed, Score: p.score()}
	for _, pr := range p.x2 {
		v.X2 = append(v.X2, PairView{Cards: infos(pr[:]), Points: pairValue(pr)})
	}
	return v
}

var choiceNames = map[int]string{bank: ChoiceBank, keep: ChoiceKeep}

func (m *match) seatView(s int) SeatView {
	p := &m.players[s]
	v := SeatView{TableView: m.tableView(), Me: s, Colour: colours[s], Hand: infos(p.hand),
		Committed: infoPtr(p.commit), Stake: infos(p.stake), Safe: m.safeView(s),
		MustBoom: m.phase == PhaseBoom && m.awaits(s), Decide: m.phase == PhaseSecure && m.awaits(s),
		Decision: choiceNames[p.decision], Moves: m.Legal(game.Seat(s))}
	if m.phase == PhaseSteal && m.awaits(s) {
		v.Targets = tiles(m.targets(s))
	}
	if v.Moves == nil {
		v.Moves = []game.Move{}
	}
	return v
}

func (m *match) omniscientView() OmniscientView {
	v := OmniscientView{TableView: m.buildTableView(true), Reserve: infos(m.reserve)}
	for _, p := range m.players {
		v.Hands = append(v.Hands, infos(p.hand))
		v.Commits = append(v.Commits, infoPtr(p.commit))
		v.Decisions = append(v.Decisions, choiceNames[p.decision])
	}
	return v
}
