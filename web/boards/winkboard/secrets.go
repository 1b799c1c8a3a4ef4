package winkboard

import (
	"topsecret/internal/game"
	"topsecret/internal/games/wink"
	"topsecret/web/kit"
)

// secretFiles lists what nobody at the table could see, for the all-seeing
// replay: every hand ("Marie’s hand" — "Agent green, Kiosk"), every score
// pile, the cards removed unseen, the decks and discards top first, and
// whether a pending claim will succeed.
func secretFiles(c kit.Context, v *wink.OmniscientView) []kit.Secret {
	if v == nil || v.Reveal == nil {
		return nil
	}
	r := v.Reveal
	var rows []kit.Secret
	for _, h := range r.Hands {
		rows = append(rows, kit.Secret{Label: c.T("wink.ui.secret.hand", seatArg("who", h.Seat)), Value: handWords(c, h)})
	}
	for _, p := range r.Piles {
		cards := append(agentWords(c, p.Agents), placeWords(c, p.Locations)...)
		rows = append(rows, kit.Secret{Label: c.T("wink.ui.secret.pile", seatArg("who", p.Seat)), Value: list(c, cards)})
	}
	rows = append(rows,
		kit.Secret{Label: c.T("wink.ui.secret.removed"), Value: list(c, colourWords(c, r.Removed))},
		kit.Secret{Label: c.T("wink.ui.secret.agent_deck"), Value: list(c, colourWords(c, r.AgentDeck))},
		kit.Secret{Label: c.T("wink.ui.secret.agent_discard"), Value: list(c, colourWords(c, r.AgentDiscard))},
		kit.Secret{Label: c.T("wink.ui.secret.location_deck"), Value: list(c, placeWords(c, r.LocationDeck))},
		kit.Secret{Label: c.T("wink.ui.secret.location_discard"), Value: list(c, placeWords(c, r.LocationDiscard))})
	if r.ClaimMatch != nil && v.Claim != nil {
		id := "wink.ui.secret.claim_fails"
		if *r.ClaimMatch {
			id = "wink.ui.secret.claim_succeeds"
		}
		rows = append(rows, kit.Secret{Label: c.T("wink.ui.secret.claim"),
			Value: c.T(id, seatArg("contact", v.Claim.Contact), msgArg("place", wink.PlaceTerm(v.Claim.Location.Code)))})
	}
	return rows
}

// handWords is a hand in words: "Agent green, Kiosk", "No cards".
func handWords(c kit.Context, h wink.Hand) string {
	if h.Agent == "" && h.Location == "" {
		return c.T("wink.ui.secret.no_cards")
	}
	agent := game.M("wink.ui.secret.no_agent")
	if h.Agent != "" {
		agent = game.M("wink.ui.agent_colour", msgArg("colour", wink.ColourTerm(h.Agent)))
	}
	place := game.M("wink.ui.secret.no_location")
	if h.Location != "" {
		place = wink.PlaceTerm(h.Location)
	}
	return c.T("wink.ui.secret.cards", msgArg("agent", agent), msgArg("place", place))
}

// agentWords are agent cards by colour: "Agent green".
func agentWords(c kit.Context, colours []string) []string {
	out := make([]string, len(colours))
	for i, name := range colours {
		out[i] = c.T("wink.ui.agent_colour", msgArg("colour", wink.ColourTerm(name)))
	}
	return out
}

// colourWords are colour names in words: "green".
func colourWords(c kit.Context, colours []string) []string {
	out := make([]string, len(colours))
	for i, name := range colours {
		out[i] = c.Say(wink.ColourTerm(name))
	}
	return out
}

// placeWords are location codes in words: "Fountain".
func placeWords(c kit.Context, codes []string) []string {
	out := make([]string, len(codes))
	for i, code := range codes {
		out[i] = c.Say(wink.PlaceTerm(code))
	}
	return out
}

// list joins worded cards as the reader's language lists them, or "none".
func list(c kit.Context, items []string) string {
	if len(items) == 0 {
		return c.T("wink.ui.none")
	}
	return c.Words.List(items)
}
