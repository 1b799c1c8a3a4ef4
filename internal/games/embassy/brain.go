package embassy

import (
	"encoding/json"

	"topsecret/internal/game"
)

// brain is one bot decision: the seat's view, what it recalls now, its
// legal moves and a random stream for ties and lapses of memory.
type brain struct {
	v      SeatView
	legal  []game.Move
	r      *game.Rand
	me     int
	spy    loc
	held   int
	own    [4]int // my cards per set, "?" card included
	target int    // the set I collect
	// recalled facts: a set, or -1 for unknown or forgotten.
	slots     [MaxPlayers][Slots]int8
	embassies [numEmbassies]int8
	odds      [4]float64 // chance that a card I do not know is of each set
	hasCard   [numEmbassies]bool
}

// recallChance is how surely a fact age turns old comes back, in percent.
func recallChance(age int) int { return max(40, min(97, 100-3*age)) }

func newBrain(v SeatView, mem *memory, legal []game.Move, r *game.Rand) *brain {
	b := &brain{v: v, legal: legal, r: r, me: v.Me}
	b.spy, _ = parseLoc(v.Players[v.Me].Spy)
	for _, e := range v.Cards {
		i, _ := parseEmbassy(e)
		b.hasCard[i] = true
	}
	for _, name := range append(v.Holder[:], v.Hand) {
		if x := secretOf(name); x >= 0 {
			b.own[x]++
			b.held++
		}
	}
	if v.Hand != "" {
		b.held--
	}
	b.recall(mem)
	b.target = b.pickTarget()
	return b
}

// recall brings back each remembered fact, or forgets it this time.
func (b *brain) recall(mem *memory) {
	known := b.own
	get := func(f fact) int8 {
		if f.secret < 0 || b.r.IntN(100) >= recallChance(b.v.Turn-int(f.turn)) {
			return -1
		}
		known[f.secret]++
		return f.secret
	}
	for q := range b.v.Seats {
		for n := range Slots {
			b.slots[q][n] = -1
			if q != b.me {
				b.slots[q][n] = get(mem.slots[q][n])
			}
		}
		if q != b.me {
			get(mem.hands[q])
		}
	}
	for e := range b.embassies {
		b.embassies[e] = -1
		if b.hasCard[e] {
			b.embassies[e] = get(mem.embassies[e])
		}
	}
	b.setOdds(known)
}

// setOdds spreads the unaccounted cards of each set over what I do not know.
func (b *brain) setOdds(known [4]int) {
	left, sum := [4]float64{}, 0.0
	for _, name := range b.v.InPlay {
		x := secretOf(name)
		left[x] = float64(max(0, 4-known[x]))
		sum += left[x]
	}
	for _, name := range b.v.InPlay {
		x := secretOf(name)
		if sum == 0 {
			b.odds[x] = 1 / float64(len(b.v.InPlay))
		} else {
			b.odds[x] = left[x] / sum
		}
	}
}

// pickTarget is the set I hold most of, then the one I know more of on
// the embassies, then the one with most cards unaccounted for.
func (b *brain) pickTarget() int {
	best, bestScore := 0, -1.0
	for _, name := range b.v.InPlay {
		x := secretOf(name)
		s := 4 * float64(b.own[x])
		for e, k := range b.embassies {
			if b.hasCard[e] && int(k) == int(x) {
				s += 1.5
			}
		}
		s += b.odds[x]
		if s > bestScore {
			best, bestScore = int(x), s
		}
	}
	return best
}

// decide picks an action type and its data for the running phase.
func (b *brain) decide() (string, any) {
	switch b.v.Phase {
	case PhaseRoll:
		return ActRoll, nil
	case PhaseMove, PhaseBlocked, PhaseImmobile:
		return b.move()
	case PhaseChallenge:
		q, _, _, _ := b.bestTarget(b.targets(ActChallenge))
		return ActChallenge, Target{Target: q}
	case PhaseGuess:
		n, x, _ := b.bestGuess(b.v.Challenge.Target)
		return ActGuess, Guess{Slot: n, Secret: Secrets[x]}
	case PhasePenalty:
		return ActPenalty, SlotChoice{Slot: b.penaltySlot()}
	case PhaseKeep:
		if x := secretOf(b.v.Hand); int(x) == b.target || b.held < Slots {
			return ActKeep, nil
		}
		return ActDecline, nil
	case PhaseSlot:
		return b.anyMove(ActSlot)
	case PhaseFifth:
		return b.fifth()
	case PhasePlace:
		return ActPlace, Placement{Embassy: letter(b.placeFor())}
	}
	return b.anyMove("")
}

// anyMove fills a random legal move of type typ (any type when "").
func (b *brain) anyMove(typ string) (string, any) {
	var ms []game.Move
	for _, m := range b.legal {
		if typ == "" || m.Type == typ {
			ms = append(ms, m)
		}
	}
	if len(ms) == 0 {
		return "", nil
	}
	a := fillMove(pick(b.r, ms), b.r)
	if a.Data == nil {
		return a.Type, nil
	}
	return a.Type, a.Data
}

// fillMove turns a legal move into an action, choosing a random value for each open field.
func fillMove(m game.Move, r *game.Rand) game.Action {
	a := game.Action{Type: m.Type, Data: m.Data}
	if len(m.Fields) == 0 {
		return a
	}
	data := map[string]any{}
	if len(m.Data) > 0 {
		_ = json.Unmarshal(m.Data, &data)
	}
	if vals := m.Fields["to"]; len(vals) > 0 {
		data["to"] = pick(r, vals)
	}
	a.Data = mustJSON(data)
	return a
}

// targets lists the seats named by the legal moves of type typ.
func (b *brain) targets(typ string) []int {
	var out []int
	for _, m := range b.legal {
		if m.Type == typ {
			var t struct{ Target int }
			_ = json.Unmarshal(m.Data, &t)
			out = append(out, t.Target)
		}
	}
	return out
}
