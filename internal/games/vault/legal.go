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
		return []game.Move{{Type: ActCommit, Label: game.M("vault.move.commit"), Fields: map[string][]any{"card": cards}}}
	case PhaseBoom:
		return []game.Move{{Type: ActBoom, Label: game.M("vault.move.boom")}}
	case PhaseSteal:
		var out []game.Move
		for _, x := range m.targets(s) {
			out = append(out, game.Move{Type: ActSteal, Label: game.M("vault.move.steal", seatArg("owner", x.owner), cardArg("card", x.card)),
				Data: mustJSON(Steal{Card: int(x.card)})})
		}
		return append(out, game.Move{Type: ActNoSteal, Label: game.M("vault.move.no_steal")})
	case PhaseSecure:
		return []game.Move{
			{Type: ActSecure, Label: game.M("vault.move.bank"), Data: mustJSON(Secure{Choice: ChoiceBank})},
			{Type: ActSecure, Label: game.M("vault.move.keep"), Data: mustJSON(Secure{Choice: ChoiceKeep})},
		}
	}
	return nil
}
