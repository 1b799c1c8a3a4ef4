package couriersboard

import (
	"topsecret/internal/game"
	"topsecret/internal/games/couriers"
	"topsecret/web/kit"
)

// ask says what the moment asks of me, on my phone.
func (m *phone) ask() string {
	switch m.T.Phase {
	case couriers.PhaseHide:
		return m.t("couriers.ui.ask.hide")
	case couriers.PhaseRoll:
		return m.t("couriers.ui.ask.roll")
	case couriers.PhaseMove:
		if m.Move == nil {
			return m.t("couriers.ui.ask.no_steps")
		}
		return m.t("couriers.ui.ask.move")
	case couriers.PhaseOrder:
		return m.t("couriers.ui.ask.order")
	case couriers.PhaseCards:
		return m.t("couriers.ui.ask.card")
	case couriers.PhaseLoot:
		if l := m.T.Loot; l != nil {
			return m.t("couriers.ui.ask.loot", game.X("suitcase", m.caseName(l.Suitcase)))
		}
	case couriers.PhaseBomb:
		return m.t("couriers.ui.ask.bomb", game.N("n", m.T.BombVictims))
	}
	return ""
}

// status says what is going on, for everyone not asked anything.
func (b *base) status() string {
	if b.c.Ended {
		return b.t("game.page.result.ended")
	}
	if b.over() {
		return b.say(b.T.Over.Summary)
	}
	w := b.waiting()
	switch b.T.Phase {
	case couriers.PhaseHide:
		return b.t("couriers.ui.status.hide", b.namesArg(w)...)
	case couriers.PhaseRoll:
		return b.t("couriers.ui.status.roll", game.X("who", b.c.Name(b.T.Active)))
	case couriers.PhaseMove:
		return b.t("couriers.ui.status.move", game.X("who", b.c.Name(b.T.Active)), game.N("n", b.T.Pool))
	case couriers.PhaseOrder:
		return b.t("couriers.ui.status.order", game.X("who", b.c.Name(b.T.Active)))
	case couriers.PhaseCards:
		if len(w) == 0 {
			return ""
		}
		return b.t("couriers.ui.status.cards", b.namesArg(w)...)
	case couriers.PhaseLoot:
		if l := b.T.Loot; l != nil {
			return b.t("couriers.ui.status.loot", game.X("who", b.c.Name(b.ownerOf(l.Winner))), game.X("suitcase", b.caseName(l.Suitcase)))
		}
	case couriers.PhaseBomb:
		return b.t("couriers.ui.status.bomb", game.X("who", b.c.Name(b.T.Active)), game.N("n", b.T.BombVictims))
	}
	return ""
}

// firstThreeBlocks reports whether seat s's next delivery must be an
// opponent's suitcase: its first two deliveries were both its own (R19).
func (b *base) firstThreeBlocks(s int) bool {
	p := b.player(s)
	return len(p.Deliveries) == 2 && colourOf(p.Deliveries[0]) == p.Colour && colourOf(p.Deliveries[1]) == p.Colour
}

// blockedCarriers are my agents carrying one of my own suitcases that the
// first-three rule keeps out of my arrival base, in words.
func (m *phone) blockedCarriers() []string {
	if !m.firstThreeBlocks(m.Me) {
		return nil
	}
	var out []string
	for _, a := range m.T.Agents {
		if a.At != "" && a.Carries != "" && colourOf(a.ID) == m.V.Colour && colourOf(a.Carries) == m.V.Colour {
			out = append(out, m.t("couriers.ui.agent_with", game.X("agent", m.agentName(a.ID)), game.X("suitcase", m.caseName(a.Carries))))
		}
	}
	return out
}

// delivery is the latest suitcase opened at an arrival base, for the
// moment every screen shows.
type delivery struct {
	Seq    int
	Seat   int
	Case   caseMark
	Text   string
	Bomb   bool
	Colour string // the deliverer's
}

// lastDelivery finds the latest delivery among the viewer's recent lines:
// its deliverer's latest delivered suitcase is the one opened.
func (b *base) lastDelivery() *delivery {
	for _, e := range b.recent() {
		if e.Msg.ID != "couriers.event.delivered" {
			continue
		}
		who, ok := e.Msg.Arg("who")
		if !ok {
			return nil
		}
		p := b.player(int(who.Seat()))
		if len(p.Deliveries) == 0 {
			return nil
		}
		s, ok := b.cases[p.Deliveries[len(p.Deliveries)-1]]
		if !ok {
			return nil
		}
		return &delivery{Seq: e.Seq, Seat: p.Seat, Case: b.caseMark(s, point{}), Text: e.Text, Bomb: s.Clue == "BOMB",
			Colour: p.Colour}
	}
	return nil
}

// freshReveal reports whether the latest fight's cards are still news:
// its reveal is among the viewer's recent lines.
func (b *base) freshReveal() bool {
	if b.T.LastFight == nil {
		return false
	}
	for _, e := range b.recent() {
		if e.Msg.ID == "couriers.event.reveal" {
			return true
		}
	}
	return false
}

// newsLines is how many of the viewer's newest lines are still news: a
// delivery or a fight's reveal among them is shown as a moment.
const newsLines = 6

// recent are the viewer's newest lines that are still news, newest first.
func (b *base) recent() []kit.Line {
	return b.c.Newest(kit.LogLook{Lines: newsLines, Notices: newsLines})
}
