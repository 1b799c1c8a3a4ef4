package vault

import (
	"topsecret/internal/game"
)

// Legal lists the actions seat s may take now. Window actions are listed
// while the window is open at the time of the latest action, so they stay
// legal until its deadline.
func (m *match) Legal(seat game.Seat) []game.Move {
	s := int(seat)
	if m.phase == PhaseDealEnd || s < 0 || s >= m.n || !m.awaits(s) {
		return nil
	}
	p := &m.players[s]
	switch m.phase {
	case PhaseSelect:
		cards := make([]any, 0, len(p.hand))
		for _, c := range p.hand {
			cards = append(cards, int(c))
		}
		return []game.Move{{Type: ActCommit, Label: "Play face-down", Fields: map[string][]any{"card": cards}}}
	case PhaseBoom:
		return []game.Move{{Type: ActBoom, Label: "BOOM!"}}
	case PhaseSteal:
		var out []game.Move
		for _, x := range m.targets(s) {
			out = append(out, game.Move{Type: ActSteal, Label: "Steal {p" + itoa(x.owner) + "}'s " + x.card.String(), Data: mustJSON(Steal{Card: int(x.card)})})
		}
		return append(out, game.Move{Type: ActNoSteal, Label: "No steal"})
	case PhaseSecure:
		return []game.Move{
			{Type: ActSecure, Label: "Bank ×1", Data: mustJSON(Secure{Choice: ChoiceBank})},
			{Type: ActSecure, Label: "Keep at stake", Data: mustJSON(Secure{Choice: ChoiceKeep})},
		}
	}
	return nil
}
