package embassy

// memory is what one seat has seen of the cards' whereabouts, for its bot.
// It is built after every action from exactly what that seat's view showed
// — the public reveal moment and card movements, and the seat's own holder
// and "?" card — and never appears in any view, so no player is given a
// history of what was revealed (R3). The bot forgets its facts with age.
type memory struct {
	slots     [MaxPlayers][Slots]fact
	hands     [MaxPlayers]fact
	embassies [numEmbassies]fact
	// own and ownHand are my holder and "?" card as last seen, so I know
	// what leaves them.
	own     [Slots]int8
	ownHand int8
	// revealSeq is the last reveal moment taken in.
	revealSeq int
}

// fact is one remembered card: its set, or unknown (-1), and the turn it was seen.
type fact struct {
	secret int8
	turn   int16
}

var unknown = fact{secret: -1}

func newMemory() memory {
	var mem memory
	for q := range mem.slots {
		for n := range mem.slots[q] {
			mem.slots[q][n] = unknown
		}
		mem.hands[q] = unknown
	}
	for e := range mem.embassies {
		mem.embassies[e] = unknown
	}
	mem.own = [Slots]int8{-1, -1, -1, -1}
	mem.ownHand = -1
	return mem
}

// sight is what one seat's view shows that concerns card whereabouts.
type sight struct {
	me        int
	turn      int
	reveal    *RevealView
	transfers []transfer
	holder    [Slots]string
	hand      string
}

// observe lets every seat take in what its view now shows.
func (m *match) observe() {
	rv := m.revealView()
	for s := range m.n {
		m.recall[s].observe(sight{me: s, turn: m.turn, reveal: rv, transfers: m.transfers,
			holder: m.ownHolder(s), hand: m.ownHand(s)})
	}
}

// at is the fact remembered about a spot.
func (mem *memory) at(me int, p spot) fact {
	switch {
	case p.seat < 0:
		return mem.embassies[p.embassy]
	case p.seat == me && p.slot > 0:
		return fact{secret: mem.own[p.slot-1]}
	case p.seat == me:
		return fact{secret: mem.ownHand}
	case p.slot > 0:
		return mem.slots[p.seat][p.slot-1]
	}
	return mem.hands[p.seat]
}

func (mem *memory) set(p spot, f fact) {
	switch {
	case p.seat < 0:
		mem.embassies[p.embassy] = f
	case p.slot > 0:
		mem.slots[p.seat][p.slot-1] = f
	default:
		mem.hands[p.seat] = f
	}
}

// observe follows the cards that moved (all at once: a swap exchanges two
// spots), takes in a new reveal and refreshes my own cards.
func (mem *memory) observe(v sight) {
	if len(v.transfers) > 0 {
		moved := make([]fact, len(v.transfers))
		for i, t := range v.transfers {
			moved[i] = mem.at(v.me, t.from)
			if moved[i].secret >= 0 {
				moved[i].turn = int16(v.turn)
			}
		}
		for _, t := range v.transfers {
			mem.set(t.from, unknown)
		}
		for i, t := range v.transfers {
			mem.set(t.to, moved[i])
		}
	}
	if r := v.reveal; r != nil && r.Seq != mem.revealSeq {
		mem.revealSeq = r.Seq
		x, _ := parseSecret(r.Secret)
		f := fact{secret: int8(x), turn: int16(v.turn)}
		if r.Correct {
			mem.hands[r.By] = f
		} else {
			mem.slots[r.Seat][r.Slot-1] = f
		}
	}
	for i, name := range v.holder {
		mem.own[i] = secretOf(name)
		mem.slots[v.me][i] = fact{secret: mem.own[i], turn: int16(v.turn)}
	}
	mem.ownHand = secretOf(v.hand)
	mem.hands[v.me] = fact{secret: mem.ownHand, turn: int16(v.turn)}
}

// secretOf is a set name's number, -1 for "".
func secretOf(name string) int8 {
	if x, ok := parseSecret(name); ok {
		return int8(x)
	}
	return -1
}
