package embassy

import (
	"topsecret/internal/game"
)

// Secrets are the four sets of Top Secret cards, four identical cards each
// (R1); the index of a name is its set number.
var Secrets = []string{"ATOM", "PHYSICS", "RADAR", "ROCKET"}

// physics is the set a 3-player game removes, publicly (R26).
const physics = 1

// Slots is the number of numbered slots on a code holder (R13).
const Slots = 4

// card is one of the 16 Top Secret cards: set*4 + copy. Ids only track
// cards; the cards of a set are identical (§2).
type card int8

const noCard card = -1

// secret is the card's set.
func (c card) secret() int { return int(c) / 4 }

// String is the card's id, ATOM-1 … ROCKET-4.
func (c card) String() string {
	if c == noCard {
		return ""
	}
	return Secrets[c.secret()] + "-" + string(rune('1'+int(c)%4))
}

// secretName is the card's set name, or "" for no card.
func (c card) secretName() string {
	if c == noCard {
		return ""
	}
	return Secrets[c.secret()]
}

// parseSecret reads a set name.
func parseSecret(s string) (int, bool) {
	for i, n := range Secrets {
		if n == s {
			return i, true
		}
	}
	return 0, false
}

// secretTerm is the catalogue id of a set's name.
func secretTerm(x int) string { return "embassy.secret." + Secrets[x] }

// inPlay reports which sets a game of n players uses (R26).
func inPlay(n int) [4]bool {
	return [4]bool{true, n != 3, true, true}
}

// deal shuffles the deck with stream 0 and lays one card face down on each
// embassy in letter order, skipping the 3-player empty embassies (§4.2).
func deal(n int, r *game.Rand) [numEmbassies]card {
	sets := inPlay(n)
	var deck []card
	for c := card(0); c < 16; c++ {
		if sets[c.secret()] {
			deck = append(deck, c)
		}
	}
	r.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	var on [numEmbassies]card
	for e := range on {
		on[e] = noCard
		if n == 3 && theBoard.model.Embassies[e].EmptyWithThree {
			continue
		}
		on[e], deck = deck[0], deck[1:]
	}
	return on
}
