package inkognito

import (
	"slices"
)

// cells is a set of (identity, fragment) combinations an agent may hold:
// bit id*4+frag.
type cells uint16

const allCells cells = 0xFFFF

// faceCells are the combinations for which coloured face f is true.
func faceCells(f Face) cells {
	var c cells
	for id := range 4 {
		for fr := range 4 {
			if (f < 4 && int(f) == id) || (f >= 4 && int(f)-4 == fr) {
				c |= 1 << (id*4 + fr)
			}
		}
	}
	return c
}

// pairCells are the combinations for which exactly one of a, b is true (R1).
func pairCells(a, b Face) cells { return faceCells(a) ^ faceCells(b) }

// world is one assignment of identities and fragments to the four agent
// slots (slot order = Sheet.Agents order).
type world struct {
	id   [4]int
	frag [4]int
}

// number is the world's phone number (R9).
func (w world) number() string {
	var f [4]Fragment
	for u := range 4 {
		f[w.id[u]] = Fragment(w.frag[u])
	}
	return Number(f)
}

// knowledge is what one sheet says about each agent slot.
type knowledge struct {
	seats [4]int
	me    int // my slot, or -1 (the 5p Ambassador)
	masks [4]cells
}

// knowledgeOf reads a clue sheet: own black cards, every pair received (an
// XOR, §9.6) and every black card seen. It never looks at the deal.
func knowledgeOf(sh *Sheet) knowledge {
	k := knowledge{me: -1}
	for u := range 4 {
		k.masks[u] = allCells
		if u < len(sh.Agents) {
			k.seats[u] = sh.Agents[u].Seat
			if sh.Agents[u].Seat == sh.Me && sh.Identity != "" {
				k.me = u
			}
		}
	}
	if k.me >= 0 {
		id, _ := parseFace(sh.Identity)
		fr, _ := parseFace(sh.Fragment)
		k.masks[k.me] = faceCells(id) & faceCells(fr)
	}
	for _, c := range sh.Columns {
		u := slices.Index(k.seats[:], c.With)
		if u < 0 || u == k.me {
			continue
		}
		var got []Face
		for _, mk := range c.Marks {
			f, _ := parseFace(mk.Face)
			switch mk.Mark {
			case MarkReceived:
				got = append(got, f)
			case MarkSeenBlack:
				k.masks[u] &= faceCells(f)
			}
		}
		if len(got) == 2 {
			k.masks[u] &= pairCells(got[0], got[1])
		}
	}
	return k
}

// worlds lists every deal consistent with the knowledge (at most 576).
func (k knowledge) worlds() []world {
	var out []world
	for _, p := range perms {
		if !k.fits(p) {
			continue
		}
		for _, q := range perms {
			ok := true
			for u := range 4 {
				if k.masks[u]&(1<<(p[u]*4+q[u])) == 0 {
					ok = false
					break
				}
			}
			if ok {
				out = append(out, world{id: p, frag: q})
			}
		}
	}
	return out
}

// fits prunes an identity permutation: each slot needs some fragment.
func (k knowledge) fits(p [4]int) bool {
	for u := range 4 {
		if k.masks[u]&(0xF<<(p[u]*4)) == 0 {
			return false
		}
	}
	return true
}

// Suspect is the helper's picture of one other agent (§9.6 FACTS).
type Suspect struct {
	Seat       int      `json:"seat"`
	Identities []string `json:"identities"`
	Fragments  []string `json:"fragments"`
	// Combos are the possible (identity, fragment) pairs, e.g. "B/11".
	Combos   []string `json:"combos"`
	Identity string   `json:"identity,omitempty"` // certain identity
	Fragment string   `json:"fragment,omitempty"` // certain fragment
}

// Helper is the deduction helper's output (§9.6), a pure function of the
// viewer's clue sheet.
type Helper struct {
	Level string `json:"level"`
	// Worlds counts the deals consistent with the sheet; 0 means the
	// observations contradict each other (an engine bug) and nothing is shown.
	Worlds int       `json:"worlds"`
	Agents []Suspect `json:"agents,omitempty"`
	// Ally is the viewer's ally in 4p once it is determined.
	Ally *int `json:"ally,omitempty"`
	// Numbers are the candidate numbers (FULL only).
	Numbers []string `json:"numbers,omitempty"`
	// Determined says exactly one number is left (FULL only).
	Determined bool `json:"determined,omitempty"`
}

// Deduce runs the deduction helper at level over a clue sheet (§9.6). It
// reads nothing but the sheet, so the same observations always give the
// same output whatever the true deal. Level OFF gives nil.
func Deduce(sh Sheet, level string) *Helper {
	if level != HelperFacts && level != HelperFull {
		return nil
	}
	k := knowledgeOf(&sh)
	ws := k.worlds()
	h := &Helper{Level: level, Worlds: len(ws)}
	if len(ws) == 0 {
		return h
	}
	for u, s := range k.seats {
		if u != k.me {
			h.Agents = append(h.Agents, suspect(s, u, ws))
		}
	}
	if sh.Players == 4 && k.me >= 0 {
		if a, ok := allyOf(k.me, ws); ok {
			seat := k.seats[a]
			h.Ally = &seat
		}
	}
	if level == HelperFull {
		h.Numbers = numbersOf(ws)
		h.Determined = len(h.Numbers) == 1
	}
	return h
}

func suspect(seat, u int, ws []world) Suspect {
	var ids, frs [4]bool
	var combo cells
	for _, w := range ws {
		ids[w.id[u]], frs[w.frag[u]] = true, true
		combo |= 1 << (w.id[u]*4 + w.frag[u])
	}
	s := Suspect{Seat: seat, Identities: []string{}, Fragments: []string{}, Combos: []string{}}
	for i := range 4 {
		if ids[i] {
			s.Identities = append(s.Identities, Identity(i).String())
		}
		if frs[i] {
			s.Fragments = append(s.Fragments, Fragment(i).String())
		}
	}
	for c := range 16 {
		if combo&(1<<c) != 0 {
			s.Combos = append(s.Combos, Identity(c/4).String()+"/"+Fragment(c%4).String())
		}
	}
	if len(s.Identities) == 1 {
		s.Identity = s.Identities[0]
	}
	if len(s.Fragments) == 1 {
		s.Fragment = s.Fragments[0]
	}
	return s
}

// allyOf is the slot holding my ally's identity, if every world agrees.
func allyOf(me int, ws []world) (int, bool) {
	ally := -1
	for _, w := range ws {
		a := slices.Index(w.id[:], int(Identity(w.id[me]).Ally()))
		if ally >= 0 && a != ally {
			return -1, false
		}
		ally = a
	}
	return ally, ally >= 0
}

// numbersOf lists the distinct numbers of the worlds, sorted.
func numbersOf(ws []world) []string {
	var seen [256]bool
	for _, w := range ws {
		var f [4]int
		for u := range 4 {
			f[w.id[u]] = w.frag[u]
		}
		seen[f[0]<<6|f[1]<<4|f[2]<<2|f[3]] = true
	}
	var out []string
	for i, ok := range seen {
		if ok {
			out = append(out, Number([4]Fragment{Fragment(i >> 6), Fragment(i >> 4 & 3), Fragment(i >> 2 & 3), Fragment(i & 3)}))
		}
	}
	slices.Sort(out)
	return out
}
