package vaultboard

import (
	"github.com/a-h/templ"

	"topsecret/internal/game"
	"topsecret/internal/games/vault"
	"topsecret/web/kit"
)

// drawReplay draws the all-seeing view of a finished deal: the table with
// every hand face up.
func drawReplay(c kit.Context, v *vault.OmniscientView) templ.Component {
	if v == nil {
		return templ.NopComponent
	}
	t := newTable(c, &v.TableView)
	return replayBoard(t, hidden(&t.base, v))
}

// secretSeat is one seat's hidden cards, for the replay's all-seeing view.
type secretSeat struct {
	Name      string
	Hand      []vault.CardInfo
	Committed *vault.CardInfo
	Decision  string // the pending choice in words, "" for none
}

// hidden lists every seat's hand, sealed card and pending choice.
func hidden(b *base, v *vault.OmniscientView) []secretSeat {
	out := make([]secretSeat, len(v.Hands))
	for i := range v.Hands {
		out[i] = secretSeat{Name: b.c.Name(i), Hand: v.Hands[i]}
		if i < len(v.Commits) {
			out[i].Committed = v.Commits[i]
		}
		if i < len(v.Decisions) {
			out[i].Decision = b.choice(v.Decisions[i])
		}
	}
	return out
}

// choice is a pending bank-or-keep choice in words, "" for none.
func (b *base) choice(d string) string {
	switch d {
	case vault.ChoiceBank:
		return b.t("vault.ui.choice.bank")
	case vault.ChoiceKeep:
		return b.t("vault.ui.choice.keep")
	}
	return ""
}

// secrets are the replay's "secret files": what nobody at the table could
// see at this point of the deal — each hand, each sealed card, each
// pending choice, each safe's face-down contents before the deal's end, and
// the cards left out of the deal.
func secrets(c kit.Context, v *vault.OmniscientView) []kit.Secret {
	b := newBase(c, &v.TableView, -1)
	var rows []kit.Secret
	row := func(id string, seat int, value string) {
		rows = append(rows, kit.Secret{Label: b.t(id, game.P("who", game.Seat(seat))), Value: value})
	}
	for s, h := range v.Hands {
		if len(h) > 0 {
			row("vault.ui.secrets.hand", s, b.cardList(h))
		}
		if s < len(v.Commits) && v.Commits[s] != nil {
			row("vault.ui.secrets.sealed_card", s, b.cardName(*v.Commits[s]))
		}
		if s < len(v.Decisions) && v.Decisions[s] != "" {
			row("vault.ui.secrets.choice", s, b.choice(v.Decisions[s]))
		}
	}
	if !b.over() {
		for _, sv := range v.Safes {
			row("vault.ui.secrets.safe", sv.Seat, b.safeText(sv))
		}
	}
	if len(v.Reserve) > 0 {
		rows = append(rows, kit.Secret{Label: b.t("vault.ui.secrets.reserve"), Value: b.cardList(v.Reserve)})
	}
	return rows
}

// cardList is cards in words, equal cards counted ("Terrorist ×2,
// Document 10"), in the order they first appear.
func (b *base) cardList(cs []vault.CardInfo) string {
	if len(cs) == 0 {
		return b.t("vault.ui.secrets.no_cards")
	}
	var order []string
	count := map[string]int{}
	term := map[string]vault.CardInfo{}
	for _, c := range cs {
		if count[c.Code] == 0 {
			order = append(order, c.Code)
			term[c.Code] = c
		}
		count[c.Code]++
	}
	parts := make([]string, 0, len(order))
	for _, code := range order {
		c := term[code]
		if count[code] == 1 {
			parts = append(parts, b.cardName(c))
			continue
		}
		parts = append(parts, b.t("vault.ui.secrets.cards_times", b.cardArg(&c), game.N("n", count[code])))
	}
	return b.list(parts)
}

// safeText is a safe's face-down contents in words.
func (b *base) safeText(sv vault.SafeView) string {
	pairs := make([]string, 0, len(sv.X2))
	for _, p := range sv.X2 {
		if len(p.Cards) == 2 {
			pairs = append(pairs, b.t("vault.ui.secrets.pair", game.X("a", b.cardName(p.Cards[0])), game.X("b", b.cardName(p.Cards[1]))))
		}
	}
	x2 := b.t("vault.ui.secrets.no_cards")
	if len(pairs) > 0 {
		x2 = b.list(pairs)
	}
	return b.t("vault.ui.secrets.safe_value", game.X("x1", b.cardList(sv.X1)), game.X("x2", x2), game.N("n", sv.Score))
}
