package embassyboard

import (
	"strconv"

	"topsecret/internal/games/embassy"
	"topsecret/web/kit"
)

// cell is one slot of a code holder as drawn: numbered 1–4, or "?".
type cell struct {
	N string
	// Card is "none" for an empty slot, "back" face down, "face" face up.
	Card string
	Set  string // the face shown to everyone (a reveal, the game's end, the replay)
	Peek string // my own card's set, shown while I hold my holder
	// Act and Data make the slot a button; Radio (an input id) a pick.
	Act, Data, Radio string
	Label            string // the button's or pick's words
	Lit              bool   // the revealed slot, or a slot a card just reached
}

// cells draws seat p's holder for everyone: occupied or empty, the
// "?" slot while p acquires a card, the faces once the game is over, and
// a revealed card face up on the spot the view says it lies on (its slot
// after a wrong guess, the challenger's "?" after a right one), never
// after it moved on: what then lies there is face down.
func (b *base) cells(p player) []cell {
	lit := map[string]bool{}
	for _, t := range b.T.Transfers {
		lit[t.To] = true
	}
	shown := ""
	if r := b.T.Reveal; r != nil {
		shown = r.Spot
		lit[kit.Itoa(r.Seat)+"/"+kit.Itoa(r.Slot)] = true // the slot the guess named
	}
	out := make([]cell, 0, embassy.Slots+1)
	for i, full := range p.Slots {
		id := kit.Itoa(p.Seat) + "/" + strconv.Itoa(i+1)
		c := cell{N: strconv.Itoa(i + 1), Card: "none", Lit: lit[id]}
		if full {
			c.Card = "back"
		}
		if i < len(p.Cards) && p.Cards[i] != "" {
			c.Card, c.Set = "face", p.Cards[i]
		} else if full && id == shown {
			c.Card, c.Set = "face", b.T.Reveal.Secret
		}
		out = append(out, c)
	}
	if p.Hand {
		id := kit.Itoa(p.Seat) + "/?"
		c := cell{N: "?", Card: "back", Lit: lit[id]}
		if id == shown {
			c.Card, c.Set = "face", b.T.Reveal.Secret
		}
		out = append(out, c)
	}
	return out
}

// mine adds my own cards' faces for peeking.
func mine(cs []cell, v *embassy.SeatView) []cell {
	for i := range cs {
		if cs[i].N == "?" {
			cs[i].Peek = v.Hand
			continue
		}
		if k, err := strconv.Atoi(cs[i].N); err == nil && k >= 1 && k <= embassy.Slots {
			cs[i].Peek = v.Holder[k-1]
		}
	}
	return cs
}
