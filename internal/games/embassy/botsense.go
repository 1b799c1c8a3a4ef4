package embassy

import "encoding/json"

// move makes a challenge move when the odds are fair (no-cards mode), else
// walks to the best destination; a stuck spy swaps bodyguards or passes.
func (b *brain) move() (string, any) {
	if aps := b.v.Approaches; len(aps) > 0 {
		qs := make([]int, len(aps))
		for i, a := range aps {
			qs[i] = a.Target
		}
		q, _, _, ev := b.bestTarget(qs)
		if ev > -0.3 || len(b.v.Destinations) == 0 {
			for _, a := range aps {
				if a.Target == q {
					return ActChallengeMove, Approach{To: pick(b.r, a.To), Target: q}
				}
			}
		}
	}
	if b.v.Phase == PhaseMove && len(b.v.Destinations) > 0 {
		best, bestScore := "", -1e9
		for _, id := range b.v.Destinations {
			l, _ := parseLoc(id)
			if s := b.score(l); s > bestScore {
				best, bestScore = id, s
			}
		}
		return ActMove, Destination{To: best}
	}
	if len(b.v.Blockers) > 0 {
		return ActBodyguard, Target{Target: pick(b.r, b.v.Blockers)}
	}
	return ActPass, nil
}

// worth is what the card on embassy e is worth to me now.
func (b *brain) worth(e int) float64 {
	if !b.hasCard[e] {
		return 0
	}
	p := b.odds[b.target]
	if k := b.embassies[e]; k >= 0 {
		p = 0
		if int(k) == b.target {
			p = 1
		}
	}
	if b.held == Slots {
		return 0.05 + p
	}
	return 0.35 + p
}

// score rates ending a move at l: near a valuable card, better inside an
// embassy (no one can challenge a spy there).
func (b *brain) score(l loc) float64 {
	best := 0.0
	for e := range numEmbassies {
		if w := b.worth(e); w > 0 {
			best = max(best, w*float64(MaxSteps-min(MaxSteps, distance(l, e))))
		}
	}
	if l.isEmbassy() {
		best += 0.5
	}
	return best + float64(b.r.IntN(100))/1000
}

// chance is how likely seat q's slot n holds set x, as far as I recall.
func (b *brain) chance(q, n, x int) float64 {
	if k := b.slots[q][n-1]; k >= 0 {
		if int(k) == x {
			return 0.92
		}
		return 0.02
	}
	return b.odds[x]
}

// bestGuess is the slot and set of seat q most worth naming, with its value:
// a win of the card against the risk of giving one of mine away (R17, R18).
func (b *brain) bestGuess(q int) (slot, secret int, ev float64) {
	loss := 0.0
	if b.held > 0 {
		loss = 0.3 + 1.5*float64(b.own[b.target])/float64(b.held)
	}
	ev = -1e9
	for n, full := range b.v.Players[q].Slots {
		if !full {
			continue
		}
		for _, name := range b.v.InPlay {
			x := int(secretOf(name))
			gain := 0.15
			switch {
			case x == b.target:
				gain = 2
			case b.held < Slots:
				gain = 0.6
			}
			p := b.chance(q, n+1, x)
			if v := p*gain - (1-p)*loss + float64(b.r.IntN(10))/1000; v > ev {
				slot, secret, ev = n+1, x, v
			}
		}
	}
	return slot, secret, ev
}

// bestTarget is the seat among qs with the best guess.
func (b *brain) bestTarget(qs []int) (q, slot, secret int, ev float64) {
	ev = -1e9
	for _, c := range qs {
		if n, x, v := b.bestGuess(c); v > ev {
			q, slot, secret, ev = c, n, x, v
		}
	}
	return q, slot, secret, ev
}

// penaltySlot picks the challenger's slot I most likely want, unseen (R18).
func (b *brain) penaltySlot() int {
	by := b.v.Challenge.By
	best, bestScore := 0, -1.0
	for _, m := range b.legal {
		if m.Type != ActPenalty {
			continue
		}
		var d SlotChoice
		_ = json.Unmarshal(m.Data, &d)
		s := b.chance(by, d.Slot, b.target) + float64(b.r.IntN(10))/1000
		if s > bestScore {
			best, bestScore = d.Slot, s
		}
	}
	return best
}

// fifth swaps the fifth card in when it belongs to the set I then hold
// most of, giving up a card of my weakest set; otherwise it goes back.
func (b *brain) fifth() (string, any) {
	y := int(secretOf(b.v.Hand))
	goal := b.target
	for x := range b.own {
		if b.own[x] > b.own[goal] {
			goal = x
		}
	}
	if y != goal {
		return ActReject, nil
	}
	slot, least := 0, 99
	for n, name := range b.v.Holder {
		z := int(secretOf(name))
		if z == goal {
			continue
		}
		if c := b.own[z]*10 + b.r.IntN(10); c < least {
			slot, least = n+1, c
		}
	}
	if slot == 0 {
		return ActReject, nil
	}
	return ActSwap, SlotChoice{Slot: slot}
}

// placeFor is the vacant embassy farthest from the other spies, so the card
// I give up is slow to reach.
func (b *brain) placeFor() int {
	best, bestScore := 0, -1e9
	for _, m := range b.legal {
		if m.Type != ActPlace {
			continue
		}
		var d Placement
		_ = json.Unmarshal(m.Data, &d)
		e, _ := parseEmbassy(d.Embassy)
		s := 99.0
		for q, p := range b.v.Players {
			if q != b.me {
				l, _ := parseLoc(p.Spy)
				s = min(s, float64(distance(l, e)))
			}
		}
		if s += float64(b.r.IntN(100)) / 100; s > bestScore {
			best, bestScore = e, s
		}
	}
	return best
}
