package couriersboard

import (
	"topsecret/internal/game"
)

// mySuitcase is one of my suitcases as my phone lists it: its clue and
// where it is now.
type mySuitcase struct {
	Mark  caseMark
	Where string
}

// mySuitcases lists my four suitcases, once my clues are hidden.
func (m *phone) mySuitcases() []mySuitcase {
	if len(m.V.Clues) == 0 {
		return nil
	}
	var out []mySuitcase
	for _, l := range []string{"A", "B", "C", "D"} {
		id := m.V.Colour + "-" + l
		ms := mySuitcase{Mark: caseMark{ID: id, Colour: m.V.Colour, Letter: l, Clue: m.V.Clues[l], Title: m.caseName(id)}}
		s, placed := m.cases[id]
		switch {
		case m.V.Placement[l] != "":
			ms.Where = m.t("couriers.ui.case.will_start", game.X("place", m.placeName(m.V.Placement[l])))
		case !placed:
		case s.DeliveredBy != nil:
			ms.Where = m.t("couriers.ui.case.delivered", game.X("who", m.whom(*s.DeliveredBy)))
		case s.Carrier != "":
			ms.Where = m.t("couriers.ui.case.carried", game.X("agent", m.agentName(s.Carrier)))
		case s.At != "":
			ms.Where = m.t("couriers.ui.case.lies", game.X("place", m.placeName(s.At)))
		}
		out = append(out, ms)
	}
	return out
}

// delivered is one of a player's delivered suitcases, opened.
func (b *base) delivered(p player) []caseMark {
	out := make([]caseMark, 0, len(p.Deliveries))
	for _, id := range p.Deliveries {
		if s, ok := b.cases[id]; ok {
			out = append(out, b.caseMark(s, point{}))
		}
	}
	return out
}

// secretsPct is a player's way to 10 secrets, for the bar.
func secretsPct(n int) string {
	return itoa(min(n, 10)*10) + "%"
}
