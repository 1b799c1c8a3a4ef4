package inkognito

import "topsecret/internal/game"

// Marks on a clue-sheet column (§9.3).
const (
	// MarkReceived is "X": a coloured card the owner was shown.
	MarkReceived = "X"
	// MarkSeenBlack is "■": a black card the owner was shown or saw.
	MarkSeenBlack = "■"
	// MarkShowed is "•": a coloured card the owner showed.
	MarkShowed = "•"
	// MarkShowedBlack is "◆": one of the owner's black cards it showed.
	MarkShowedBlack = "◆"
)

// Column notes (§9.3, H12), as catalogue ids.
const (
	// NoteNoNewPair: the counterpart passed, having no legal new pair left.
	NoteNoNewPair = "inkognito.sheet.no_new_pair"
	// NotePassed: the owner passed, having no legal new pair left.
	NotePassed = "inkognito.sheet.passed"
	// NoteSkip: the owner asked nobody, or did not peek.
	NoteSkip = "inkognito.sheet.skip"
)

// Mark is one mark in a column: a face and what happened to it.
type Mark struct {
	Face string `json:"face"` // F, B, Z, X, 52, 11, 0 or 29
	Mark string `json:"mark"` // X, ■, • or ◆
}

// Column is one information event that involves the sheet's owner, in the
// order they happened (§9.2 item 3). Every X and ■ mark is about With.
type Column struct {
	Cycle int    `json:"cycle"`
	Round int    `json:"round"` // round within the cycle, 1–5
	Site  string `json:"site"`
	// Meeting is exchange, peek, amb_meet, interview, or asked (the owner
	// was the target of a request, or the 5p Ambassador watched one).
	Meeting MeetKind `json:"meeting"`
	// With is the counterpart: the other agent, the request's target (own
	// request; 5p Ambassador watching), the requester (owner asked), 3 for
	// the fictitious agent (3p), -1 for the Ambassador deck, or the 5p
	// Ambassador's seat.
	With int `json:"with"`
	// Header says who the column is about when the site and kind do not:
	// "→ Mario", "skip", "asked by Anne", "Anne asked Mario".
	Header game.Msg `json:"header,omitzero"`
	// Note is one of the Note ids, or empty.
	Note  game.Msg `json:"note,omitzero"`
	Marks []Mark   `json:"marks"`
}

// MeetAsked is the Meeting of a column where the owner was asked for a
// black card, or (5p Ambassador) watched a request.
const MeetAsked MeetKind = "asked"

// column opens a new column on s's sheet for this round and returns its
// index, or -1 when s has no sheet (the fictitious agent).
func (m *match) column(s int, site Site, kind MeetKind, with int, header game.Msg) int {
	if !m.isPlayer(s) {
		return -1
	}
	m.sheets[s] = append(m.sheets[s], Column{Cycle: m.cycle(), Round: m.cycleRound(), Site: site.String(),
		Meeting: kind, With: with, Header: header, Marks: []Mark{}})
	return len(m.sheets[s]) - 1
}

// mark adds marks to column i of s's sheet.
func (m *match) mark(s, i int, mark string, faces ...Face) {
	if i < 0 {
		return
	}
	c := &m.sheets[s][i]
	for _, f := range faces {
		c.Marks = append(c.Marks, Mark{Face: f.String(), Mark: mark})
	}
}

// note sets the note of column i of s's sheet to one of the Note ids.
func (m *match) note(s, i int, note string) {
	if i >= 0 {
		m.sheets[s][i].Note = game.M(note)
	}
}
