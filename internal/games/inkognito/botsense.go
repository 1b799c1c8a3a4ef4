package inkognito

import (
	"math"

	"topsecret/internal/game"
)

// split is the expected number of worlds left after seeing seat a's black
// card of kind k: Σ size²/N over the card's possible values.
func (b *brain) split(a int, k Kind) float64 {
	u := b.slotOf(a)
	if u < 0 || len(b.worlds) == 0 {
		return math.Inf(1)
	}
	var count [4]int
	for _, w := range b.worlds {
		if k == KindIdentity {
			count[w.id[u]]++
		} else {
			count[w.frag[u]]++
		}
	}
	e := 0.0
	for _, c := range count {
		e += float64(c * c)
	}
	return e / float64(len(b.worlds))
}

// bestKind is the kind among ks whose card of seat a splits the worlds best.
func (b *brain) bestKind(a int, ks []string) string {
	best, bestE := ks[0], math.Inf(1)
	for _, s := range ks {
		k, _ := parseKind(s)
		if e := b.split(a, k); e < bestE {
			best, bestE = s, e
		}
	}
	return best
}

// gain is how many worlds a request to a would remove on average (the
// target chooses the kind, so the eligible kinds are averaged).
func (b *brain) gain(a int, ks []string) float64 {
	if len(ks) == 0 {
		return 0
	}
	e := 0.0
	for _, s := range ks {
		k, _ := parseKind(s)
		e += b.split(a, k)
	}
	return float64(len(b.worlds)) - e/float64(len(ks))
}

// request asks the target (or the fictitious agent's card) that teaches most.
func (b *brain) request(t *Task) game.Action {
	best, bestGain := -1, 0.0
	for _, a := range t.Targets {
		ks := b.eligibleFrom(a)
		if g := b.gain(a, ks) + b.whim(sway[b.level].request); g > bestGain {
			best, bestGain = a, g
		}
	}
	if len(t.FictKinds) > 0 {
		k := b.bestKind(Fict, t.FictKinds)
		kk, _ := parseKind(k)
		if g := float64(len(b.worlds)) - b.split(Fict, kk); g > bestGain {
			return act(ActRequest, RequestData{Target: ptr(Fict), Kind: k})
		}
	}
	if best < 0 {
		return act(ActSkip, nil)
	}
	return act(ActRequest, RequestData{Target: ptr(best)})
}

// eligibleFrom are the kinds of seat a I have not seen, from my sheet.
func (b *brain) eligibleFrom(a int) []string {
	seen := map[string]bool{}
	for _, c := range b.v.Sheet.Columns {
		if c.With != a {
			continue
		}
		for _, mk := range c.Marks {
			if mk.Mark == MarkSeenBlack {
				f, _ := parseFace(mk.Face)
				k := KindNumber
				if f < 4 {
					k = KindIdentity
				}
				seen[k.String()] = true
			}
		}
	}
	var out []string
	for _, k := range []string{"IDENTITY", "NUMBER"} {
		if !seen[k] {
			out = append(out, k)
		}
	}
	return out
}

// meetValue is how much meeting agent a alone is worth to me now.
func (b *brain) meetValue(a int) float64 {
	if a == b.v.Me {
		return 0
	}
	if b.certain() && (b.v.Players != 4 || b.allySure(a)) {
		return 100
	}
	if a == Fict && b.v.Players == 3 {
		return b.gain(a, b.eligibleFrom(a)) / 2
	}
	u := b.slotOf(a)
	if u < 0 {
		return 0
	}
	var combos cells
	for _, w := range b.worlds {
		combos |= 1 << (w.id[u]*4 + w.frag[u])
	}
	v := math.Log2(float64(max(popcount(combos), 1)))
	if b.v.Players == 4 && b.allySure(a) {
		v += 2 // tell my ally, or learn from them
	}
	return v
}

func popcount(c cells) int {
	n := 0
	for ; c != 0; c &= c - 1 {
		n++
	}
	return n
}

// ambChance is the chance the Ambassador's card this round is site s.
func (b *brain) ambChance(s Site) float64 {
	amb := b.v.Ambassador
	if b.v.Players == 5 {
		for _, h := range amb.Hand {
			if h == s.String() {
				return 1 / float64(len(amb.Hand))
			}
		}
		return 0
	}
	played := map[string]bool{}
	for _, si := range b.v.Sites {
		for _, c := range si.Cards {
			if c.Ambassador {
				played[si.ID] = true
			}
		}
	}
	if played[s.String()] || amb.Deck == 0 {
		return 0
	}
	return 1 / float64(amb.Deck)
}

// chooseSite picks the location card most likely to give a useful
// meeting: joining a lone agent worth meeting, or an empty site the
// Ambassador may turn up on. The 5p Ambassador commits at random.
func (b *brain) chooseSite(sites []string, commit bool) Site {
	best, bestScore := noSite, -1.0
	for _, id := range sites {
		s, _ := parseSite(id)
		score := b.siteScore(s, commit) + b.whim(sway[b.level].site)
		if score > bestScore {
			best, bestScore = s, score
		}
	}
	return best
}

func (b *brain) siteScore(s Site, commit bool) float64 {
	if commit {
		return 0
	}
	var on []int
	for _, c := range b.v.Sites[s].Cards {
		if c.Current && !c.Ambassador {
			on = append(on, c.By)
		}
	}
	p := b.ambChance(s)
	switch len(on) {
	case 0:
		return p * b.requestValue()
	case 1:
		return b.meetValue(on[0]) * (1 - p)
	}
	return 0
}

// requestValue is what meeting the Ambassador alone is worth: the best
// request, or a call in 3p/5p when certain.
func (b *brain) requestValue() float64 {
	if b.certain() && b.v.Players != 4 {
		return 100
	}
	best := 0.0
	for _, a := range b.k.seats {
		if a != b.v.Me {
			best = max(best, b.gain(a, b.eligibleFrom(a)))
		}
	}
	return best / 4
}
