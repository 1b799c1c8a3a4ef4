package embassyboard

import (
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"topsecret/internal/game"
	"topsecret/internal/games/embassy"
	"topsecret/web/kit"
)

// drawReplay draws the all-seeing view of a finished match: the table's
// board with every card face up.
func drawReplay(c kit.Context, v *embassy.OmniscientView) templ.Component {
	if v == nil {
		return templ.NopComponent
	}
	t := newTable(c, &v.TableView)
	for e, id := range v.Embassies {
		if set := setOf(id); set != "" {
			t.Map.Faces = append(t.Map.Faces, face{At: t.V.centre(model.Embassies[e].Card), Set: set})
		}
	}
	t.Map.Cards, t.Map.Fresh = "", ""
	for s, h := range v.Holders {
		if s >= len(t.Cells) {
			break
		}
		for i := range t.Cells[s] {
			c := &t.Cells[s][i]
			if c.N == "?" {
				if v.Acquire != nil && v.Acquire.Seat == s {
					c.Card, c.Set = "face", setOf(v.Hand)
				}
				continue
			}
			if k, err := strconv.Atoi(c.N); err == nil && k >= 1 && k <= embassy.Slots && h[k-1] != "" {
				c.Card, c.Set = "face", setOf(h[k-1])
			}
		}
	}
	return replayBoard(t)
}

// setOf is a card id's set: "ATOM-2" is an Atom card.
func setOf(id string) string {
	set, _, _ := strings.Cut(id, "-")
	return set
}

// secrets are the replay's "secret files": every holder by slot, the card
// on a "?" slot, and the face-down cards on the embassies.
func secrets(c kit.Context, v *embassy.OmniscientView) []kit.Secret {
	b := newBase(c, &v.TableView, -1)
	var rows []kit.Secret
	for s, h := range v.Holders {
		parts := make([]string, 0, embassy.Slots)
		for i, id := range h {
			name := b.t("embassy.ui.secrets.empty")
			if id != "" {
				name = b.secretName(setOf(id))
			}
			parts = append(parts, b.t("embassy.ui.secrets.slot", game.N("slot", i+1), game.X("card", name)))
		}
		if v.Acquire != nil && v.Acquire.Seat == s && v.Hand != "" {
			parts = append(parts, b.t("embassy.ui.secrets.hand", game.X("card", b.secretName(setOf(v.Hand)))))
		}
		rows = append(rows, kit.Secret{Label: b.t("embassy.ui.secrets.holder", game.P("who", game.Seat(s))),
			Value: strings.Join(parts, b.t("embassy.ui.secrets.sep"))})
	}
	var on []string
	for e, id := range v.Embassies {
		if id != "" {
			on = append(on, b.t("embassy.ui.secrets.on", game.X("embassy", b.embassyName(model.Embassies[e].Letter)),
				game.X("card", b.secretName(setOf(id)))))
		}
	}
	if len(on) > 0 {
		rows = append(rows, kit.Secret{Label: b.t("embassy.ui.secrets.embassies"), Value: c.Words.List(on)})
	}
	return rows
}
