package inkognitoboard

import (
	"encoding/json"
	"slices"
	"strings"

	"topsecret/internal/game"
	"topsecret/internal/games/inkognito"
	"topsecret/web/kit"
)

// pairOpt is one legal pair the picker offers.
type pairOpt struct {
	A, B  string
	Value string // the move's cards, JSON
	ID    string
}

// kindOpt is one black card the phone may show, peek at or choose.
type kindOpt struct {
	Type  string
	Kind  string
	Face  string // the face when it is mine, else ""
	Data  string
	Label string
}

// askOpt is one request the Ambassador meeting offers.
type askOpt struct {
	Target agent
	Kind   string
	Data   string
}

// dialRow is one agent's row of the telephone.
type dialRow struct {
	Key   string // f, b, z or x
	Agent string // F, B, Z or X
	Frags []string
	Pre   string // preselected from my own box or my notes
}

// pre reports that fragment f is preselected on the row.
func (r dialRow) pre(f string) bool { return r.Pre == f }

// phone is the model of one player's phone.
type phone struct {
	base
	V    *inkognito.SeatView
	Me   agent
	Note map[string]string

	PlayType string
	Plays    map[string]string // site → data
	Pairs    []pairOpt
	Repeated [][2]string
	Blacks   []kindOpt
	Asks     []askOpt
	Pass     string
	Skip     string
	Cont     string
	Dial     []dialRow
}

func newPhone(c kit.Context, v *inkognito.SeatView) *phone {
	m := &phone{base: newBase(c, &v.TableView, v.Me), V: v, Plays: map[string]string{}, Note: parseNote(c.Note)}
	m.Me = m.who(v.Me, false)
	if v.Role == "ambassador" {
		m.Me = m.Amb
	}
	m.Me.Me = true
	for _, mv := range c.Legal {
		d := kit.DataOr(mv.Data, "{}")
		switch mv.Type {
		case inkognito.ActPlay, inkognito.ActCommit:
			var s inkognito.SiteData
			if json.Unmarshal(mv.Data, &s) == nil && s.Site != "" {
				m.PlayType, m.Plays[s.Site] = mv.Type, d
			}
		case inkognito.ActShowPair:
			var p inkognito.PairData
			if json.Unmarshal(mv.Data, &p) == nil && len(p.Cards) == 2 {
				cards, _ := json.Marshal(p.Cards)
				m.Pairs = append(m.Pairs, pairOpt{A: p.Cards[0], B: p.Cards[1], Value: string(cards),
					ID: "ik-pair-" + safeID(p.Cards[0]) + "-" + safeID(p.Cards[1])})
			}
		case inkognito.ActShowBlack, inkognito.ActPeek, inkognito.ActChooseBlack:
			var k inkognito.KindData
			if json.Unmarshal(mv.Data, &k) == nil {
				o := kindOpt{Type: mv.Type, Kind: k.Kind, Data: d}
				if mv.Type != inkognito.ActPeek {
					o.Face = m.myFace(k.Kind)
				}
				o.Label = m.kindLabel(o)
				m.Blacks = append(m.Blacks, o)
			}
		case inkognito.ActRequest:
			var r inkognito.RequestData
			if json.Unmarshal(mv.Data, &r) == nil && r.Target != nil {
				m.Asks = append(m.Asks, askOpt{Target: m.who(*r.Target, false), Kind: r.Kind, Data: d})
			}
		case inkognito.ActPass:
			m.Pass = d
		case inkognito.ActSkip:
			m.Skip = d
		case inkognito.ActContinue:
			m.Cont = d
		case inkognito.ActDial:
			m.Dial = m.dialRows(mv)
		}
	}
	if t := v.Task; t != nil && len(t.With) > 0 {
		for _, sh := range v.Sheet.Shown {
			if sh.To == t.With[0] {
				m.Repeated = sh.Pairs
			}
		}
	}
	return m
}

// myFace is my black card of kind k ("IDENTITY" or "NUMBER").
func (m *phone) myFace(k string) string {
	if m.V.Black == nil {
		return ""
	}
	if k == "IDENTITY" {
		return m.V.Black.Identity
	}
	return m.V.Black.Fragment
}

// myFaceText is my black card of kind k as printed, or "" (a peek).
func (m *phone) myFaceText(o kindOpt) string {
	if o.Face == "" {
		return ""
	}
	return m.face(o.Face)
}

func (m *phone) kindLabel(o kindOpt) string {
	if o.Type == inkognito.ActPeek {
		return m.t("inkognito.ui.peek_kind", game.X("kind", m.kindWord(o.Kind)))
	}
	return m.t("inkognito.ui.my_kind", game.X("kind", m.kindWord(o.Kind)))
}

// kindConfirm is the confirm text of a one-tap black card.
func (m *phone) kindConfirm(o kindOpt) string {
	args := []game.Arg{game.X("who", m.withName()), game.X("kind", m.kindWord(o.Kind)), game.X("face", m.myFaceText(o))}
	switch o.Type {
	case inkognito.ActShowBlack:
		return m.t("inkognito.ui.confirm.show_black", args...)
	case inkognito.ActChooseBlack:
		return m.t("inkognito.ui.confirm.choose_black", args...)
	}
	return ""
}

// dialRows turns the dial move's template fields into four rows.
func (m *phone) dialRows(mv game.Move) []dialRow {
	var rows []dialRow
	for _, id := range identities {
		key := strings.ToLower(id)
		r := dialRow{Key: key, Agent: id}
		for _, f := range mv.Fields[key] {
			r.Frags = append(r.Frags, toString(f))
		}
		if m.V.Black != nil && m.V.Black.Identity == id {
			r.Pre = m.V.Black.Fragment
		} else if f := m.Note["nf_"+id]; f != "" && slices.Contains(r.Frags, f) {
			r.Pre = f
		}
		rows = append(rows, r)
	}
	return rows
}

// task is the current task, or an empty one.
func (m *phone) task() inkognito.Task {
	if m.V.Task == nil {
		return inkognito.Task{}
	}
	return *m.V.Task
}

// with is the task's first counterpart.
func (m *phone) with() agent {
	if t := m.V.Task; t != nil && len(t.With) > 0 {
		return m.who(t.With[0], false)
	}
	return agent{Seat: -2, Name: "?"}
}

// withName names the task's counterpart; in an interview, the Ambassador.
func (m *phone) withName() string {
	if t := m.V.Task; t != nil && t.Kind == inkognito.TaskInterview {
		return m.t("inkognito.ui.the_ambassador", game.X("name", m.Amb.Name))
	}
	return m.with().Name
}

// withAll is every counterpart of the task.
func (m *phone) withAll() []agent {
	var out []agent
	if t := m.V.Task; t != nil {
		for _, s := range t.With {
			out = append(out, m.who(s, false))
		}
	}
	return out
}

// isTrue reports that face f is true for me (my own black cards).
func (m *phone) isTrue(f string) bool {
	return m.V.Black != nil && (m.V.Black.Identity == f || m.V.Black.Fragment == f)
}

// pairGroup is the legal pairs that share my true card.
type pairGroup struct {
	True  string
	Pairs []pairOpt
}

// pairGroups groups the legal pairs by their true card (mine).
func (m *phone) pairGroups() []pairGroup {
	var out []pairGroup
	for _, p := range m.Pairs {
		t, o := p.A, p.B
		if !m.isTrue(t) && m.isTrue(o) {
			t = o
		}
		if len(out) == 0 || out[len(out)-1].True != t {
			out = append(out, pairGroup{True: t})
		}
		out[len(out)-1].Pairs = append(out[len(out)-1].Pairs, p)
	}
	return out
}

// other is the pair's card that is not the group's true card.
func (p pairOpt) other(t string) string {
	if p.A == t {
		return p.B
	}
	return p.A
}

// hasTask reports an open (not yet sealed) task.
func (m *phone) hasTask() bool { return m.V.Task != nil && !m.V.Task.Done }

// sealedText is my sealed submission in words.
func (m *phone) sealedText() string {
	s := m.V.Sealed
	if s == nil {
		return m.t("inkognito.ui.sealed.unknown")
	}
	switch s.Type {
	case inkognito.ActShowPair:
		if len(s.Cards) == 2 {
			return m.t("inkognito.ui.sealed.show_pair", game.X("a", m.face(s.Cards[0])), game.X("b", m.face(s.Cards[1])))
		}
	case inkognito.ActShowBlack:
		return m.t("inkognito.ui.sealed.show_black", game.X("kind", m.kindWord(s.Kind)), game.X("face", m.face(m.myFace(s.Kind))))
	case inkognito.ActPeek:
		return m.t("inkognito.ui.sealed.peek", game.X("kind", m.kindWord(s.Kind)))
	case inkognito.ActRequest:
		if s.Target != nil {
			if s.Kind != "" {
				return m.t("inkognito.ui.sealed.request_kind", game.X("who", m.name(*s.Target)), game.X("kind", m.kindWord(s.Kind)))
			}
			return m.t("inkognito.ui.sealed.request", game.X("who", m.name(*s.Target)))
		}
	case inkognito.ActDial:
		return m.t("inkognito.ui.sealed.dial", game.X("number", s.Number))
	case inkognito.ActPass, inkognito.ActSkip, inkognito.ActContinue:
		return m.t("inkognito.ui.sealed." + s.Type)
	}
	return m.t("inkognito.ui.sealed.unknown")
}

// handCard is one of my location cards, live or not.
type handCard struct {
	ID, Name string
	Held     bool
	Data     string
}

// hand is my location hand as the five sites.
func (m *phone) hand() []handCard {
	var out []handCard
	for _, s := range m.T.Sites {
		out = append(out, handCard{ID: s.ID, Name: m.siteName(s.ID), Held: slices.Contains(m.V.Hand, s.ID), Data: m.Plays[s.ID]})
	}
	return out
}

// played is the site I played this round (or committed, 5p), "" if none.
func (m *phone) played() string {
	if m.V.Committed != "" {
		return m.V.Committed
	}
	if m.V.Role == "ambassador" {
		return m.T.Ambassador.Card
	}
	for _, a := range m.T.Agents {
		if a.Seat == m.V.Me {
			return a.Played
		}
	}
	return ""
}

// myTurn reports that the game waits for me.
func (m *phone) myTurn() bool { return slices.Contains(m.T.Awaiting, m.V.Me) && !m.over() }

// allyLine says who my ally is (4p: F↔B, Z↔X), or that everyone plays alone.
func (m *phone) allyLine() string {
	if m.V.Players != 4 || m.V.Black == nil {
		return m.t("inkognito.ui.alone")
	}
	ally := map[string]string{"F": "B", "B": "F", "Z": "X", "X": "Z"}[m.V.Black.Identity]
	return m.t("inkognito.ui.ally", game.X("name", m.identityName(ally)), game.X("face", m.face(ally)))
}

// orderText is a turn order in words.
func (m *phone) orderText(as []agent) string {
	var out []string
	for _, a := range as {
		out = append(out, a.Name)
	}
	return strings.Join(out, " → ")
}

// seenBlack lists the black faces of seat s I have already seen (my sheet's ■ marks).
func (m *phone) seenBlack(s int) []string {
	var out []string
	for _, c := range m.V.Sheet.Columns {
		if c.With != s {
			continue
		}
		for _, mk := range c.Marks {
			if mk.Mark == inkognito.MarkSeenBlack && !slices.Contains(out, mk.Face) {
				out = append(out, mk.Face)
			}
		}
	}
	return out
}

// faceList is faces as printed, joined as the old board did ("B, 11").
func (m *phone) faceList(fs []string) string {
	var out []string
	for _, f := range fs {
		out = append(out, m.face(f))
	}
	return strings.Join(out, m.t("game.list.comma"))
}

// dialOrder is the number's order of agents in words ("F · B · Z · X", R9).
func (m *phone) dialOrder() string {
	var out []string
	for _, id := range identities {
		out = append(out, m.face(id))
	}
	return strings.Join(out, " · ")
}
