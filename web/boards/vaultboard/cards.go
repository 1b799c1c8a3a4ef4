package vaultboard

import (
	"github.com/a-h/templ"

	"topsecret/internal/game"
	"topsecret/internal/games/vault"
)

// isCode reports whether c is a card with the spec's code (TE, MO, AG …).
func isCode(c *vault.CardInfo, code string) bool { return c != nil && c.Code == code }

// kind is the card's family for styling: te, mo, ag or doc.
func kind(c vault.CardInfo) string {
	switch c.Code {
	case "TE":
		return "te"
	case "MO":
		return "mo"
	case "AG":
		return "ag"
	}
	return "doc"
}

// cardName is a card in words: "Terrorist", "Agent", "Document 30".
func (b *base) cardName(c vault.CardInfo) string { return b.say(c.Term()) }

// cardArg is a card as the "card" argument of a sentence.
func (b *base) cardArg(c *vault.CardInfo) game.Arg {
	if c == nil {
		return game.T("card", "vault.card.unknown")
	}
	t := c.Term()
	return game.TM("card", t)
}

// cardTitle is the small caption on a card face: its family's name.
func (b *base) cardTitle(c vault.CardInfo) string {
	if kind(c) == "doc" {
		return b.t("vault.ui.card.document")
	}
	return b.cardName(c)
}

// cardStyle sets the card's cosmetic colour (R3).
func cardStyle(c vault.CardInfo) templ.SafeCSS {
	return templ.SafeCSS("--cc:" + palette.CSS(c.Colour) + ";")
}
