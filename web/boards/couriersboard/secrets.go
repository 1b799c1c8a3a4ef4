package couriersboard

import (
	"topsecret/internal/game"
	"topsecret/internal/games/couriers"
	"topsecret/web/kit"
)

// secrets are the replay's "secret files": what nobody at the table could
// see at this point — each player's clue cards under suitcases A–D, where
// the suitcases will start while players are still hiding them, and the
// combat cards chosen face down.
func secrets(c kit.Context, v *couriers.OmniscientView) []kit.Secret {
	b := newBase(c, &v.TableView, -1)
	var rows []kit.Secret
	for _, p := range b.Players {
		var parts []string
		for _, l := range []string{"A", "B", "C", "D"} {
			id := p.Colour + "-" + l
			clue, ok := v.Clues[id]
			if !ok {
				continue
			}
			if city := v.Placements[id]; city != "" {
				parts = append(parts, b.t("couriers.ui.secrets.case_at", game.X("suitcase", b.caseName(id)),
					game.X("clue", b.clueName(clue)), game.X("place", b.placeName(city))))
			} else {
				parts = append(parts, b.t("couriers.ui.secrets.case", game.X("suitcase", b.caseName(id)), game.X("clue", b.clueName(clue))))
			}
		}
		if len(parts) > 0 {
			rows = append(rows, kit.Secret{Label: b.t("couriers.ui.secrets.clues", game.P("who", game.Seat(p.Seat))),
				Value: b.c.Words.List(parts)})
		}
	}
	for s, card := range v.Sealed {
		if card != nil {
			rows = append(rows, kit.Secret{Label: b.t("couriers.ui.secrets.sealed", game.P("who", game.Seat(s))), Value: itoa(*card)})
		}
	}
	return rows
}
