package vault

import "fmt"

// Rank is what a card does. Ranks sort as a phone shows a hand: terrorist,
// mole, agent, then documents by value. A card's colour never matters (R3).
type Rank int

// The ranks of the deck (R1).
const (
	// Terrorist blows up every document lying in the open (R9).
	Terrorist Rank = iota
	// Mole steals a card another player revealed in the same trick (R6, R7).
	Mole
	// Agent survives a blast, protects a document beneath it and pairs with any document (R9, R15).
	Agent
	// D10 is a secret document worth 10.
	D10
	// D15 is a secret document worth 15.
	D15
	// D20 is a secret document worth 20; it is left out with 2 or 3 players (§3.2).
	D20
	// D25 is a secret document worth 25.
	D25
	// D30 is a secret document worth 30, the highest: there is no D35 (R1).
	D30
)

var rankCodes = [...]string{"TE", "MO", "AG", "D10", "D15", "D20", "D25", "D30"}

// Code is the spec's short name: TE, MO, AG, D10 … D30.
func (r Rank) Code() string {
	if r < Terrorist || r > D30 {
		return fmt.Sprintf("rank(%d)", int(r))
	}
	return rankCodes[r]
}

// Document reports whether the card is a secret document.
func (r Rank) Document() bool { return r >= D10 && r <= D30 }

// Stakes reports whether a revealed card goes to the stake zone (D or AG, R5)
// rather than the action slot (MO, TE).
func (r Rank) Stakes() bool { return r == Agent || r.Document() }

// Value is a document's printed value; 0 for every other card.
func (r Rank) Value() int {
	if !r.Document() {
		return 0
	}
	return 10 + 5*int(r-D10)
}

// colours are the six sets; seat i plays colour i. Cosmetic only (R3).
var colours = [...]string{"red", "blue", "green", "yellow", "black", "white"}

// colourSet is one colour's 15 playable cards (the safe card is the board), R1.
var colourSet = [...]Rank{Terrorist, Mole, Mole, Agent, Agent, D10, D10, D15, D15, D20, D20, D25, D25, D30, D30}

// Deck sizes (§2).
const (
	setSize   = len(colourSet)
	deckSize  = setSize * len(colours)
	noCard    = card(-1)
	maxColour = len(colours)
)

// card is one physical card, numbered 0…89: colour×15 + position in colourSet.
// Card numbers of face-up cards are public; they let a mole name exactly the
// card it grabs (R7).
type card int

func (c card) rank() Rank     { return colourSet[int(c)%setSize] }
func (c card) colour() string { return colours[int(c)/setSize] }
func (c card) valid() bool    { return c >= 0 && int(c) < deckSize }
func (c card) String() string { return c.rank().Code() }

// cardOf is the card of colour col at position i of its set.
func cardOf(col, i int) card { return card(col*setSize + i) }

// firstOf is the i-th card of rank r in colour col's set (i = 0 or 1).
func firstOf(col int, r Rank, i int) card {
	for k, x := range colourSet {
		if x == r {
			if i == 0 {
				return cardOf(col, k)
			}
			i--
		}
	}
	return noCard
}

// pairs reports whether two staked cards form a pair: equal documents or a
// document and an agent, in either order; two agents are no pair (§0, R13).
func pairs(a, b card) bool {
	ra, rb := a.rank(), b.rank()
	switch {
	case ra.Document() && rb.Document():
		return ra == rb
	case ra == Agent:
		return rb.Document()
	case rb == Agent:
		return ra.Document()
	}
	return false
}

// pairValue is an x2 pair's points: every card counts double and an agent
// takes its partner's value, so 4v either way (R15).
func pairValue(p [2]card) int {
	v := max(p[0].rank().Value(), p[1].rank().Value())
	return 4 * v
}

// deal builds the hands of n players and the unused reserve (§3.2). There is
// no randomness: seat i holds colour i's set; with 2 or 3 players both own
// D20s go to the reserve and the extra terrorists and moles come from the
// unused colours in colour order.
func deal(n int) (hands [][]card, reserve []card) {
	hands = make([][]card, n)
	used := make([]bool, deckSize)
	for s := range n {
		for i := range setSize {
			c := cardOf(s, i)
			if n <= 3 && c.rank() == D20 {
				continue
			}
			hands[s] = append(hands[s], c)
		}
	}
	if n <= 3 {
		extraTE := 4 - n // 2 each with 2 players, 1 each with 3
		col := n
		for s := range n {
			for range extraTE {
				hands[s] = append(hands[s], firstOf(col, Terrorist, 0))
				col++
			}
		}
		for s := range n {
			hands[s] = append(hands[s], firstOf(n+s, Mole, 0))
		}
	}
	for _, h := range hands {
		sortCards(h)
		for _, c := range h {
			used[c] = true
		}
	}
	for c := range card(deckSize) {
		if !used[c] {
			reserve = append(reserve, c)
		}
	}
	return hands, reserve
}

// sortCards orders cards as a phone shows them: by rank (TE, MO, AG, D by
// value), then by number.
func sortCards(cs []card) {
	for i := 1; i < len(cs); i++ {
		for j := i; j > 0 && less(cs[j], cs[j-1]); j-- {
			cs[j], cs[j-1] = cs[j-1], cs[j]
		}
	}
}

func less(a, b card) bool {
	if a.rank() != b.rank() {
		return a.rank() < b.rank()
	}
	return a < b
}
