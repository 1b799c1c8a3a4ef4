package inkognitoboard

import (
	"strings"

	"topsecret/internal/game"
	"topsecret/internal/games/inkognito"
	"topsecret/web/kit"
)

// secrets are the all-seeing replay's hidden facts, worded: the number,
// every agent's black cards, the Ambassador's deck or sealed card, and
// every sealed choice of the round.
func secrets(c kit.Context, v *inkognito.OmniscientView) []kit.Secret {
	b := newBase(c, &v.TableView, -1)
	row := func(label, value string) kit.Secret { return kit.Secret{Label: label, Value: value} }
	out := []kit.Secret{row(b.t("inkognito.ui.secret.number"), v.Number)}
	for _, x := range v.Black {
		out = append(out, row(b.t("inkognito.ui.secret.black", game.X("name", b.who(x.Seat, false).Name)),
			b.t("inkognito.ui.secret.black_cards", game.X("name", b.identityName(x.Identity)),
				game.X("identity", b.face(x.Identity)), game.X("fragment", b.face(x.Fragment)))))
	}
	if len(v.Deck) > 0 {
		var sites []string
		for _, s := range v.Deck {
			sites = append(sites, b.siteName(s))
		}
		out = append(out, row(b.t("inkognito.ui.secret.deck"), strings.Join(sites, b.t("game.list.comma"))))
	}
	if v.Commit != "" {
		out = append(out, row(b.t("inkognito.ui.secret.commit"), b.siteName(v.Commit)))
	}
	for s, x := range v.Sealed {
		if x != nil {
			out = append(out, row(b.t("inkognito.ui.secret.sealed", game.X("name", b.who(s, false).Name)), b.sealedSecret(x)))
		}
	}
	return out
}

// sealedSecret is a seat's sealed choice in words, for the replay.
func (b *base) sealedSecret(s *inkognito.Sealed) string {
	switch s.Type {
	case inkognito.ActShowPair:
		if len(s.Cards) == 2 {
			return b.t("inkognito.ui.secret.show_pair", game.X("a", b.face(s.Cards[0])), game.X("b", b.face(s.Cards[1])))
		}
	case inkognito.ActShowBlack, inkognito.ActPeek:
		return b.t("inkognito.ui.secret."+s.Type, game.X("kind", b.kindWord(s.Kind)))
	case inkognito.ActRequest:
		if s.Target != nil {
			if s.Kind != "" {
				return b.t("inkognito.ui.secret.request_kind", game.X("who", b.name(*s.Target)), game.X("kind", b.kindWord(s.Kind)))
			}
			return b.t("inkognito.ui.secret.request", game.X("who", b.name(*s.Target)))
		}
	case inkognito.ActDial:
		return b.t("inkognito.ui.secret.dial", game.X("number", s.Number))
	case inkognito.ActPass, inkognito.ActSkip, inkognito.ActContinue:
		return b.t("inkognito.ui.secret." + s.Type)
	}
	return b.t("inkognito.ui.sealed.unknown")
}
