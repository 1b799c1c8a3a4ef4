package inkognito

import "topsecret/internal/game"

// BlackCards are a player's own black identity and number cards (§4.1).
type BlackCards struct {
	Identity string   `json:"identity"` // F, B, Z or X
	Name     game.Msg `json:"name"`     // the agent's full name, a catalogue term ("Col. Bubble")
	Fragment string   `json:"fragment"` // 52, 11, 0 or 29
}

// Sealed is my own sealed submission of this round, shown back to me only.
type Sealed struct {
	Type   string   `json:"type"`
	Cards  []string `json:"cards,omitempty"`
	Kind   string   `json:"kind,omitempty"`
	Target *int     `json:"target,omitempty"`
	Number string   `json:"number,omitempty"`
}

// SheetAgent is one agent in the sheet's header.
type SheetAgent struct {
	Seat       int    `json:"seat"`
	Colour     string `json:"colour"`
	Fictitious bool   `json:"fictitious,omitempty"`
	Me         bool   `json:"me,omitempty"`
}

// NumberBox is one box of the number, in dial order F | B | Z | X (§9.2).
// The engine fills only the owner's own box; the rest are "?" (-1) and the
// player's manual notes live in the client.
type NumberBox struct {
	Agent    string `json:"agent"`
	Seat     int    `json:"seat"`     // -1 = ?
	Fragment string `json:"fragment"` // "?" when unknown
}

// Shown is the "already shown" panel for one recipient: what I showed them
// and how many legal new pairs I have left for them (§9.2 item 5).
type Shown struct {
	To        int         `json:"to"`
	Pairs     [][2]string `json:"pairs"`
	Black     []string    `json:"black"`
	PairsLeft int         `json:"pairs_left"`
}

// Sheet is a player's private clue sheet (§9): the header, the number box,
// one column per information event involving the owner, and the
// already-shown panel. It holds only what the owner was shown or showed.
type Sheet struct {
	Players  int          `json:"players"`
	Me       int          `json:"me"`
	Colour   string       `json:"colour"`
	Identity string       `json:"identity,omitempty"`
	Fragment string       `json:"fragment,omitempty"`
	Agents   []SheetAgent `json:"agents"` // the four agents in rotation order
	Cycle    int          `json:"cycle"`
	Round    int          `json:"round"`
	Number   []NumberBox  `json:"number"`
	Columns  []Column     `json:"columns"`
	Shown    []Shown      `json:"shown"`
}

// SeatView is one player's phone: the table's facts plus that seat's secrets.
type SeatView struct {
	TableView
	Me        int         `json:"me"`
	Role      string      `json:"role"` // "agent" or "ambassador" (5p)
	Colour    string      `json:"colour"`
	Black     *BlackCards `json:"black,omitempty"`
	Cards     []string    `json:"cards"` // my coloured identity and number cards
	Hand      []string    `json:"hand"`  // my location cards left this cycle
	Committed string      `json:"committed,omitempty"`
	Task      *Task       `json:"task,omitempty"`
	Sealed    *Sealed     `json:"sealed,omitempty"`
	Sheet     Sheet       `json:"sheet"`
	Helper    *Helper     `json:"helper,omitempty"`
}

// OmniscientView is everything, for finished matches and replays: the
// table plus every black card, the Ambassador's deck or sealed card, every
// sealed submission and every sheet.
type OmniscientView struct {
	TableView
	Number string      `json:"number"`
	Black  []BlackInfo `json:"black"`
	Deck   []string    `json:"deck"`
	Commit string      `json:"commit,omitempty"`
	Sealed []*Sealed   `json:"sealed"`
	Sheets []Sheet     `json:"sheets"`
}

func (m *match) seatView(s int) SeatView {
	v := SeatView{TableView: m.tableView(), Me: s, Role: "agent", Cards: []string{}, Hand: siteStrings(m.hands[s]),
		Sheet: m.sheet(s)}
	if s == m.amb {
		v.Role, v.Colour = "ambassador", ambColour
		if m.commit != noSite {
			v.Committed = m.commit.String()
		}
	} else {
		v.Colour = colours[m.slot(s)]
		b := m.black[s]
		v.Black = &BlackCards{Identity: b.ID.String(), Name: game.M(b.ID.Term()), Fragment: b.Frag.String()}
		for f := Face(0); f < numFaces; f++ {
			v.Cards = append(v.Cards, f.String())
		}
	}
	v.Task = m.task(s)
	v.Sealed = m.sealed(s)
	v.Helper = Deduce(v.Sheet, m.opts.Helper)
	return v
}

// sheet builds s's clue sheet from its columns and its own ledgers.
func (m *match) sheet(s int) Sheet {
	sh := Sheet{Players: m.n, Me: s, Colour: ambColour, Agents: []SheetAgent{}, Cycle: m.cycle(), Round: m.cycleRound(),
		Number: []NumberBox{}, Columns: append([]Column{}, m.sheets[s]...), Shown: []Shown{}}
	for i := range sh.Columns {
		sh.Columns[i].Marks = append([]Mark{}, sh.Columns[i].Marks...)
	}
	if s != m.amb {
		sh.Colour = colours[m.slot(s)]
		sh.Identity, sh.Fragment = m.black[s].ID.String(), m.black[s].Frag.String()
	}
	for i, a := range m.agents {
		sh.Agents = append(sh.Agents, SheetAgent{Seat: a, Colour: colours[i], Fictitious: m.isFict(a), Me: a == s})
	}
	for id := range Identity(4) {
		box := NumberBox{Agent: id.String(), Seat: -1, Fragment: "?"}
		if s != m.amb && m.black[s].ID == id {
			box.Seat, box.Fragment = s, m.black[s].Frag.String()
		}
		sh.Number = append(sh.Number, box)
	}
	if s == m.amb {
		return sh
	}
	for _, to := range m.recipients(s) {
		sh.Shown = append(sh.Shown, m.shownTo(s, to))
	}
	return sh
}

// recipients are everyone s can show cards to: the other agent players
// and, in 5p, the Ambassador (R3).
func (m *match) recipients(s int) []int {
	var out []int
	for _, a := range m.agents {
		if a != s && !m.isFict(a) {
			out = append(out, a)
		}
	}
	if m.n == 5 {
		out = append(out, m.amb)
	}
	return out
}

func (m *match) shownTo(s, to int) Shown {
	sh := Shown{To: to, Pairs: [][2]string{}, Black: []string{}, PairsLeft: m.pairsLeft(s, to)}
	for a := Face(0); a < numFaces; a++ {
		for b := a + 1; b < numFaces; b++ {
			if m.pairs[s][to]&pairBit(a, b) != 0 {
				sh.Pairs = append(sh.Pairs, [2]string{a.String(), b.String()})
			}
		}
	}
	for _, k := range kindsOf(m.blacks[s][to]) {
		sh.Black = append(sh.Black, m.black[s].face(k).String())
	}
	return sh
}

// sealed is s's own submission of this round, if any.
func (m *match) sealed(s int) *Sealed {
	c := m.subs[s]
	if c == nil || m.phase != PhaseAct {
		return nil
	}
	return sealedOf(c)
}

func sealedOf(c *command) *Sealed {
	if c == nil {
		return nil
	}
	out := &Sealed{Type: c.typ}
	switch c.typ {
	case ActShowPair:
		out.Cards = []string{c.pair[0].String(), c.pair[1].String()}
	case ActShowBlack, ActPeek:
		out.Kind = c.kind.String()
	case ActRequest:
		t := c.target
		out.Target = &t
		if c.hasKind {
			out.Kind = c.kind.String()
		}
	case ActDial:
		out.Number = Number(c.dial)
	}
	return out
}

func (m *match) omniscientView() OmniscientView {
	v := OmniscientView{TableView: m.tableView(), Number: m.trueNumber(), Black: m.blackInfo(),
		Deck: []string{}, Sealed: []*Sealed{}, Sheets: []Sheet{}}
	for _, s := range m.deck {
		v.Deck = append(v.Deck, s.String())
	}
	if m.commit != noSite {
		v.Commit = m.commit.String()
	}
	for s := range m.n {
		v.Sealed = append(v.Sealed, sealedOf(m.subs[s]))
		v.Sheets = append(v.Sheets, m.sheet(s))
	}
	return v
}
