package inkognitoboard

import (
	"encoding/json"
	"slices"
	"strings"

	"topsecret/internal/game"
	"topsecret/internal/games/inkognito"
	"topsecret/web/kit"
)

// sheetRow is one other agent on the manual deduction grid.
type sheetRow struct {
	A     agent
	Cells []gridCell
	Text  string
}

// gridCell is one cell: blank, ✓, ✗ or ?.
type gridCell struct {
	Face  string
	Name  string // the note key
	State int    // 0 blank, 1 ✓, 2 ✗, 3 ?
}

// cellValues are the stored values of a cell's states and cellWords
// their catalogue ids for screen readers; their signs (✓ ✗ ?) are drawn
// by sheet.css.
var (
	cellValues = []string{"", "y", "n", "q"}
	cellWords  = []string{"inkognito.ui.cell.blank", "inkognito.ui.cell.yes", "inkognito.ui.cell.no", "inkognito.ui.cell.maybe"}
)

// others are the agents on my sheet other than me.
func (m *phone) others() []agent {
	var out []agent
	for _, a := range m.V.Sheet.Agents {
		if a.Seat == m.V.Sheet.Me && !a.Fictitious && m.V.Role != "ambassador" {
			continue
		}
		x := m.who(a.Seat, false)
		x.Colour, x.Fict = a.Colour, a.Fictitious
		out = append(out, x)
	}
	return out
}

func (m *phone) grid() []sheetRow {
	var out []sheetRow
	for _, a := range m.others() {
		r := sheetRow{A: a, Text: m.Note["r"+kit.Itoa(a.Seat)]}
		for _, f := range faces {
			key := "g" + kit.Itoa(a.Seat) + "_" + f
			st := max(slices.Index(cellValues, m.Note[key]), 0)
			r.Cells = append(r.Cells, gridCell{Face: f, Name: key, State: st})
		}
		out = append(out, r)
	}
	return out
}

// cellLabel names a grid cell's state k for screen readers ("Anne F: no").
func (m *phone) cellLabel(r sheetRow, c gridCell, k int) string {
	return m.t("inkognito.ui.cell.label", game.X("name", r.A.Name), game.X("face", m.face(c.Face)),
		game.X("state", m.t(cellWords[k])))
}

// logCol is one column of the automatic meeting log.
type logCol struct {
	C      inkognito.Column
	With   agent
	Head   string
	Note   string
	Marks  map[string][]string
	Latest bool
}

func (m *phone) logCols() []logCol {
	var out []logCol
	cols := m.V.Sheet.Columns
	for i, c := range cols {
		lc := logCol{C: c, With: m.who(c.With, false), Marks: map[string][]string{}, Latest: i == len(cols)-1,
			Head: m.C.Say(c.Header), Note: m.C.Say(c.Note)}
		if c.With == m.T.Ambassador.Seat && c.With >= 0 {
			lc.With = m.Amb
		}
		for _, mk := range c.Marks {
			lc.Marks[mk.Face] = append(lc.Marks[mk.Face], mk.Mark)
		}
		out = append(out, lc)
	}
	return out
}

// siteShort is a site's short label for the sheet's column headers.
func (m *phone) siteShort(id string) string {
	return m.t("inkognito.ui.site_short." + strings.ToLower(id))
}

// meetShort is a meeting kind for the sheet's narrow column headers.
func (m *phone) meetShort(k inkognito.MeetKind) string {
	return m.t("inkognito.ui.meet_short." + string(k))
}

// markClass is a log mark's CSS class.
func markClass(mk string) string {
	switch mk {
	case inkognito.MarkReceived:
		return "ik-mk-got"
	case inkognito.MarkSeenBlack:
		return "ik-mk-black"
	case inkognito.MarkShowed:
		return "ik-mk-showed"
	case inkognito.MarkShowedBlack:
		return "ik-mk-showed-black"
	}
	return ""
}

// numberBox is one box of the number with my manual notes.
type numberBox struct {
	Agent string
	Own   bool
	Seat  string // the locked or noted seat, "" = ?
	Frag  string // the locked or noted fragment, "" = ?
	Ghost string // the helper's suggestion, if any
}

func (m *phone) numberBoxes() []numberBox {
	var out []numberBox
	for _, nb := range m.V.Sheet.Number {
		b := numberBox{Agent: nb.Agent}
		if nb.Seat >= 0 {
			b.Own, b.Seat, b.Frag = true, kit.Itoa(nb.Seat), nb.Fragment
		} else {
			b.Seat, b.Frag = m.Note["ns_"+nb.Agent], m.Note["nf_"+nb.Agent]
			b.Ghost = m.ghost(nb.Agent)
		}
		out = append(out, b)
	}
	return out
}

// ghost is the helper's certain knowledge about identity id: who and which fragment.
func (m *phone) ghost(id string) string {
	h := m.V.Helper
	if h == nil || h.Worlds == 0 {
		return ""
	}
	for _, s := range h.Agents {
		if s.Identity == id {
			g := m.name(s.Seat)
			if s.Fragment != "" {
				g += " · " + m.face(s.Fragment)
			}
			return g
		}
	}
	return ""
}

// helper is the deduction helper when the host turned it on and it has output.
func (m *phone) helper() *inkognito.Helper {
	if h := m.V.Helper; h != nil && h.Worlds > 0 {
		return h
	}
	return nil
}

// shownLine is the already-shown panel's line for one recipient.
type shownLine struct {
	To agent
	S  inkognito.Shown
}

func (m *phone) shown() []shownLine {
	var out []shownLine
	for _, s := range m.V.Sheet.Shown {
		to := m.who(s.To, false)
		if s.To == m.T.Ambassador.Seat {
			to = m.Amb
		}
		out = append(out, shownLine{To: to, S: s})
	}
	return out
}

// toString reads a template field's value as the string the page sends.
func toString(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case json.Number:
		return x.String()
	}
	if n, ok := kit.ToInt(v); ok {
		return kit.Itoa(n)
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// parseNote reads the stored notes: a flat object of strings.
func parseNote(raw json.RawMessage) map[string]string {
	out := map[string]string{}
	var m map[string]any
	if len(raw) == 0 || json.Unmarshal(raw, &m) != nil {
		return out
	}
	for k, v := range m {
		if v != nil {
			out[k] = toString(v)
		}
	}
	return out
}
