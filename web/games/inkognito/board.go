// Package inkognitoboard renders the "Top Secret: Inkognito" board: a
// player's phone (inkognito.SeatView: own black cards, the sealed meeting
// choices, the telephone and the private clue sheet) and the shared table
// screen (inkognito.TableView: the five sites, the Ambassador, meetings).
//
// The board never re-derives rules: which buttons are live comes from the
// legal moves the server sends along, and every button sends its legal
// move's own data (the telephone fills the move's template fields).
package inkognitoboard

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"topsecret/internal/game"
	"topsecret/internal/games/inkognito"
)

// Context is what the board needs besides the view. It mirrors
// boards.Context without importing it (boards imports this package).
type Context struct {
	View  any
	Names []string
	You   int // -1 for the table screen and spectators
	Table bool
	Legal []game.Move
	// Away[i] is true while seat i's player is disconnected.
	Away []bool
	Now  int64
	// Note is the viewer's own stored private notes (the clue sheet's
	// manual marks), a JSON object, or nil.
	Note json.RawMessage
}

// Board picks the phone or the table board for c.View.
func Board(c Context) templ.Component {
	switch v := c.View.(type) {
	case inkognito.SeatView:
		return Phone(newPhone(c, &v))
	case *inkognito.SeatView:
		if v != nil {
			return Phone(newPhone(c, v))
		}
	case inkognito.TableView:
		return Table(newTable(c, &v, nil))
	case *inkognito.TableView:
		if v != nil {
			return Table(newTable(c, v, nil))
		}
	case inkognito.OmniscientView:
		return Table(newTable(c, &v.TableView, v.Black))
	case *inkognito.OmniscientView:
		if v != nil {
			return Table(newTable(c, &v.TableView, v.Black))
		}
	}
	return templ.NopComponent
}

// faces are the eight coloured faces in sheet order (§9.2).
var faces = []string{"F", "B", "Z", "X", "52", "11", "0", "29"}

// identities are the four agents in dial order.
var identities = []string{"F", "B", "Z", "X"}

var identityNames = map[string]string{"F": "Lord Fiddlebottom", "B": "Col. Bubble", "Z": "Mme Zsa Zsa", "X": "Agent X"}

// ---- shared pieces ----

// agent is one participant as every board draws it.
type agent struct {
	Seat    int
	Name    string
	Initial string
	Colour  string
	Fict    bool
	Amb     bool
	Me      bool
	Away    bool
	Awaited bool
	Turn    bool
	Winner  bool
	Hand    []string
	Played  string
}

// line is one event or notice with names filled in.
type line struct {
	Seq  int
	Text string
}

// cardView is a location card face up on a site.
type cardView struct {
	A       agent
	Round   int
	Current bool
}

// meetView is a meeting as everyone sees it.
type meetView struct {
	Kind      inkognito.MeetKind
	Label     string
	Who       []agent
	Awaiting  []agent
	Submitted []agent
}

// siteView is a site with its cards this cycle and its meeting, if any.
type siteView struct {
	ID      string
	Name    string
	Cards   []cardView
	Meeting *meetView
	Amb     bool // the Ambassador's card of this round lies here
}

// base holds what the phone and the table share.
type base struct {
	T       *inkognito.TableView
	Names   []string
	Away    []bool
	Agents  []agent // the four agents, rotation order
	Amb     agent   // the Ambassador: the 5p player, or the deck (seat -1)
	Events  []line  // newest first
	Sites   []siteView
	Winners map[int]bool
}

func newBase(c Context, t *inkognito.TableView, me int) base {
	b := base{T: t, Names: c.Names, Away: c.Away, Winners: map[int]bool{}}
	if t.Over != nil {
		for _, w := range t.Over.Winners {
			b.Winners[w] = true
		}
	}
	for _, a := range t.Agents {
		x := b.person(a.Seat)
		x.Colour, x.Fict, x.Hand, x.Played = a.Colour, a.Fictitious, a.Hand, a.Played
		x.Me = a.Seat == me && !a.Fictitious
		b.Agents = append(b.Agents, x)
	}
	b.Amb = b.person(t.Ambassador.Seat)
	b.Amb.Amb, b.Amb.Colour, b.Amb.Me = true, "black", t.Ambassador.Seat >= 0 && t.Ambassador.Seat == me
	if t.Ambassador.Seat < 0 {
		b.Amb.Name, b.Amb.Initial = "Ambassador", "A"
	}
	for i := len(t.Events) - 1; i >= 0; i-- {
		b.Events = append(b.Events, line{Seq: t.Events[i].Seq, Text: b.say(t.Events[i].Text)})
	}
	for _, s := range t.Sites {
		sv := siteView{ID: s.ID, Name: s.Name}
		for _, cd := range s.Cards {
			a := b.who(cd.By, cd.Ambassador)
			sv.Cards = append(sv.Cards, cardView{A: a, Round: cd.Round, Current: cd.Current})
			if cd.Ambassador && cd.Current {
				sv.Amb = true
			}
		}
		for _, m := range t.Meetings {
			if m.Site == s.ID {
				sv.Meeting = b.meeting(m)
			}
		}
		b.Sites = append(b.Sites, sv)
	}
	return b
}

// person is seat s with its name, reconnecting and awaited flags.
func (b *base) person(s int) agent {
	a := agent{Seat: s, Name: b.name(s), Colour: "grey"}
	a.Initial = initial(a.Name)
	a.Away = s >= 0 && s < len(b.Away) && b.Away[s] && !b.fict(s)
	a.Awaited = slices.Contains(b.T.Awaiting, s)
	a.Turn = b.T.Phase == inkognito.PhasePlay && b.T.Turn == s
	a.Winner = b.Winners[s]
	return a
}

// who is a card's or a meeting's participant: an agent, or the Ambassador.
func (b *base) who(s int, amb bool) agent {
	if amb || s == inkognito.AmbDeck {
		return b.Amb
	}
	for _, a := range b.Agents {
		if a.Seat == s {
			return a
		}
	}
	if s == b.T.Ambassador.Seat {
		return b.Amb
	}
	return b.person(s)
}

// fict reports the fictitious agent's seat (3p).
func (b *base) fict(s int) bool { return b.T.Players == 3 && s == inkognito.Fict }

// name is seat s's name: a player, the fictitious agent or the Ambassador deck.
func (b *base) name(s int) string {
	switch {
	case s == inkognito.AmbDeck:
		return "Ambassador"
	case b.fict(s):
		return "Fictitious agent"
	}
	return nameOf(b.Names, s)
}

// say fills {pN} placeholders (the fictitious agent included).
func (b *base) say(text string) string {
	names := b.Names
	if b.T.Players == 3 && len(names) < 4 {
		names = append(slices.Clone(names), make([]string, 4-len(names))...)
		names[inkognito.Fict] = "the fictitious agent"
	}
	for i := range names {
		if strings.TrimSpace(names[i]) == "" {
			names = slices.Clone(names)
			names[i] = nameOf(nil, i)
		}
	}
	return game.Say(text, names)
}

// siteName is a site ID's display name.
func (b *base) siteName(id string) string {
	for _, s := range b.T.Sites {
		if s.ID == id {
			return s.Name
		}
	}
	return id
}

func (b *base) meeting(m inkognito.MeetingInfo) *meetView {
	mv := &meetView{Kind: m.Kind, Label: meetLabel(m.Kind)}
	for _, s := range m.Agents {
		mv.Who = append(mv.Who, b.who(s, false))
	}
	if m.Ambassador {
		mv.Who = append(mv.Who, b.Amb)
	}
	for _, s := range m.Awaiting {
		mv.Awaiting = append(mv.Awaiting, b.who(s, false))
	}
	for _, s := range m.Submitted {
		mv.Submitted = append(mv.Submitted, b.who(s, false))
	}
	return mv
}

// meetings are this round's meetings, in site order.
func (b *base) meetings() []siteView {
	var out []siteView
	for _, s := range b.Sites {
		if s.Meeting != nil {
			out = append(out, s)
		}
	}
	return out
}

// turnOrder is this round's agents in turn order.
func (b *base) turnOrder() []agent {
	var out []agent
	for _, s := range b.T.TurnOrder {
		out = append(out, b.who(s, false))
	}
	return out
}

// over reports GAME_END.
func (b *base) over() bool { return b.T.Phase == inkognito.PhaseOver }

// status is one line on what the game waits for.
func (b *base) status() string {
	switch b.T.Phase {
	case inkognito.PhaseCommit:
		return "The Ambassador " + b.Amb.Name + " chooses a card"
	case inkognito.PhasePlay:
		return b.name(b.T.Turn) + " plays a location card"
	case inkognito.PhaseAct:
		return "Meetings: sealed choices"
	case inkognito.PhaseBlack:
		return "Black cards are being shown"
	case inkognito.PhaseOver:
		return "The telephone rang"
	}
	return ""
}

// awaitedNames lists who the game waits for.
func (b *base) awaitedNames() string {
	var out []string
	for _, s := range b.T.Awaiting {
		out = append(out, b.name(s))
	}
	return strings.Join(out, ", ")
}

// requests are this round's public requests with names.
type reqView struct {
	From, To agent
	Answered bool
}

func (b *base) requests() []reqView {
	var out []reqView
	for _, q := range b.T.Requests {
		out = append(out, reqView{From: b.who(q.Requester, false), To: b.who(q.Target, false), Answered: q.Answered})
	}
	return out
}

// blackLine is one agent's black cards at the end.
type blackLine struct {
	A        agent
	Identity string
	Fragment string
}

func (b *base) blackLines(black []inkognito.BlackInfo) []blackLine {
	var out []blackLine
	for _, x := range black {
		out = append(out, blackLine{A: b.who(x.Seat, false), Identity: x.Identity, Fragment: x.Fragment})
	}
	return out
}

// numberParts is the true number's agents in dial order with their fragments.
func (b *base) numberParts(black []inkognito.BlackInfo) []blackLine {
	var out []blackLine
	for _, id := range identities {
		for _, x := range black {
			if x.Identity == id {
				out = append(out, blackLine{A: b.who(x.Seat, false), Identity: id, Fragment: x.Fragment})
			}
		}
	}
	return out
}

// ambHandLeft is the Ambassador's cards not yet revealed this cycle (5p),
// or its deck size.
func (b *base) ambLeft() string {
	if b.T.Players == 5 {
		return plural(len(b.T.Ambassador.Hand), "card", "cards") + " left"
	}
	return plural(b.T.Ambassador.Deck, "card", "cards") + " in the deck"
}

// ---- phone ----

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

// phone is the model of one player's phone.
type phone struct {
	base
	V       *inkognito.SeatView
	Me      agent
	Notices []line // newest first
	Note    map[string]string

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

func newPhone(c Context, v *inkognito.SeatView) *phone {
	m := &phone{base: newBase(c, &v.TableView, v.Me), V: v, Plays: map[string]string{}, Note: parseNote(c.Note)}
	m.Me = m.who(v.Me, false)
	if v.Role == "ambassador" {
		m.Me = m.Amb
	}
	m.Me.Me = true
	for i := len(v.Notices) - 1; i >= 0; i-- {
		m.Notices = append(m.Notices, line{Seq: v.Notices[i].Seq, Text: m.say(v.Notices[i].Text)})
	}
	for _, mv := range c.Legal {
		d := dataOr(mv.Data, "{}")
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

func kindWord(k string) string {
	if k == "IDENTITY" {
		return "identity"
	}
	return "number"
}

func (m *phone) kindLabel(o kindOpt) string {
	switch o.Type {
	case inkognito.ActPeek:
		return "Look at its " + kindWord(o.Kind) + " card"
	default:
		return "My " + kindWord(o.Kind) + " card"
	}
}

// kindConfirm is the confirm text of a one-tap black card.
func (m *phone) kindConfirm(o kindOpt) string {
	to := m.withName()
	switch o.Type {
	case inkognito.ActShowBlack:
		return "Show " + to + " your black " + kindWord(o.Kind) + " card (" + o.Face + ") instead of a pair? This is final."
	case inkognito.ActChooseBlack:
		return "Show " + to + " your black " + kindWord(o.Kind) + " card (" + o.Face + ")?"
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

func (m *phone) withName() string {
	if t := m.V.Task; t != nil && t.Kind == inkognito.TaskInterview {
		return "the Ambassador " + m.Amb.Name
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

// true reports that face f is true for me (my own black cards).
func (m *phone) isTrue(f string) bool {
	return m.V.Black != nil && (m.V.Black.Identity == f || m.V.Black.Fragment == f)
}

// pairsFor groups the legal pairs by their true card (mine).
type pairGroup struct {
	True  string
	Pairs []pairOpt
}

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
		return "Your choice is sealed."
	}
	switch s.Type {
	case inkognito.ActShowPair:
		if len(s.Cards) == 2 {
			return "You show " + s.Cards[0] + " + " + s.Cards[1] + "."
		}
	case inkognito.ActShowBlack:
		return "You show your black " + kindWord(s.Kind) + " card (" + m.myFace(s.Kind) + ")."
	case inkognito.ActPeek:
		return "You look at the fictitious agent's " + kindWord(s.Kind) + " card."
	case inkognito.ActRequest:
		if s.Target != nil {
			if s.Kind != "" {
				return "You ask for " + m.name(*s.Target) + "'s " + kindWord(s.Kind) + " card."
			}
			return "You ask " + m.name(*s.Target) + " to show a black card."
		}
	case inkognito.ActDial:
		return "You dial " + s.Number + "."
	case inkognito.ActPass:
		return "You pass: no new pair left."
	case inkognito.ActSkip:
		return "You ask nobody."
	case inkognito.ActContinue:
		return "You continue."
	}
	return "Your choice is sealed."
}

// hand is my location hand as the five sites, each live or not.
type handCard struct {
	ID, Name string
	Held     bool
	Data     string
}

func (m *phone) hand() []handCard {
	var out []handCard
	for _, s := range m.T.Sites {
		out = append(out, handCard{ID: s.ID, Name: s.Name, Held: slices.Contains(m.V.Hand, s.ID), Data: m.Plays[s.ID]})
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

// ---- clue sheet ----

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

var cellValues = []string{"", "y", "n", "q"}
var cellMarks = []string{"", "✓", "✗", "?"}

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
		r := sheetRow{A: a, Text: m.Note["r"+itoa(a.Seat)]}
		for _, f := range faces {
			key := "g" + itoa(a.Seat) + "_" + f
			st := slices.Index(cellValues, m.Note[key])
			r.Cells = append(r.Cells, gridCell{Face: f, Name: key, State: max(st, 0)})
		}
		out = append(out, r)
	}
	return out
}

// logCol is one column of the automatic meeting log.
type logCol struct {
	C      inkognito.Column
	With   agent
	Head   string
	Marks  map[string][]string
	Latest bool
}

func (m *phone) logCols() []logCol {
	var out []logCol
	cols := m.V.Sheet.Columns
	for i, c := range cols {
		lc := logCol{C: c, With: m.who(c.With, false), Marks: map[string][]string{}, Latest: i == len(cols)-1}
		if c.With == m.T.Ambassador.Seat && c.With >= 0 {
			lc.With = m.Amb
		}
		lc.Head = m.say(c.Header)
		for _, mk := range c.Marks {
			lc.Marks[mk.Face] = append(lc.Marks[mk.Face], mk.Mark)
		}
		out = append(out, lc)
	}
	return out
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
			b.Own, b.Seat, b.Frag = true, itoa(nb.Seat), nb.Fragment
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
				g += " · " + s.Fragment
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

// ---- table ----

// table is the model of the table screen.
type table struct {
	base
	Black []inkognito.BlackInfo // the omniscient replay only
}

func newTable(c Context, v *inkognito.TableView, black []inkognito.BlackInfo) *table {
	return &table{base: newBase(c, v, -1), Black: black}
}

// ---- small helpers ----

func nameOf(names []string, s int) string {
	if s >= 0 && s < len(names) && strings.TrimSpace(names[s]) != "" {
		return names[s]
	}
	return "Seat " + strconv.Itoa(s+1)
}

func initial(name string) string {
	for _, r := range strings.TrimSpace(name) {
		return strings.ToUpper(string(r))
	}
	return "?"
}

func dataOr(d json.RawMessage, or string) string {
	if len(d) == 0 || string(d) == "null" {
		return or
	}
	return string(d)
}

func toString(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case int:
		return strconv.Itoa(x)
	case json.Number:
		return x.String()
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

func safeID(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func itoa(n int) string { return strconv.Itoa(n) }

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

func meetLabel(k inkognito.MeetKind) string {
	switch k {
	case inkognito.MeetExchange:
		return "Exchange"
	case inkognito.MeetPeek:
		return "Peek"
	case inkognito.MeetAmb:
		return "Ambassador"
	case inkognito.MeetInterview:
		return "Interview"
	case inkognito.MeetAsked:
		return "Asked"
	}
	return string(k)
}

// meetShort is a meeting kind for the sheet's narrow column headers.
func meetShort(k inkognito.MeetKind) string {
	switch k {
	case inkognito.MeetExchange:
		return "exch."
	case inkognito.MeetAmb:
		return "amb."
	case inkognito.MeetInterview:
		return "intv."
	}
	return string(k)
}

// colourCSS maps an agent colour to a CSS colour.
func colourCSS(c string) string {
	switch c {
	case "blue":
		return "#4a8cf2"
	case "yellow":
		return "#efc53d"
	case "green":
		return "#43c07a"
	case "pink":
		return "#ee78b6"
	case "black":
		return "#0d0d10"
	}
	return "#8a8a8a"
}

// seatStyle sets --seat to the colour.
func seatStyle(c string) templ.SafeCSS {
	return templ.SafeCSS("--seat:" + colourCSS(c) + ";")
}

// siteShort is a site's short label for the sheet's column headers.
func siteShort(id string) string {
	switch id {
	case "RIALTO":
		return "Ria"
	case "SAN_MARCO":
		return "SMa"
	case "CA_DORO":
		return "CdO"
	case "ACCADEMIA":
		return "Acc"
	case "ARSENALE":
		return "Ars"
	}
	return id
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

// dialPre reports that fragment f is preselected on row r.
func (r dialRow) pre(f string) bool { return r.Pre == f }

// allyLine says who my ally is (4p: F↔B, Z↔X), or that everyone plays alone.
func allyLine(players int, id string) string {
	if players != 4 {
		return "Everyone plays for themselves"
	}
	ally := map[string]string{"F": "B", "B": "F", "Z": "X", "X": "Z"}[id]
	return "Ally: " + identityNames[ally] + " (" + ally + ")"
}

// orderText is a turn order in words.
func orderText(as []agent) string {
	var out []string
	for _, a := range as {
		out = append(out, a.Name)
	}
	return strings.Join(out, " → ")
}

func joinFaces(fs []string) string { return strings.Join(fs, ", ") }

// contains reports seat s among the agents.
func contains(as []agent, s int) bool {
	return slices.ContainsFunc(as, func(a agent) bool { return a.Seat == s })
}

func contains2(ss []string, s string) bool { return slices.Contains(ss, s) }

// cellID is the id of state k's radio of a grid cell.
func cellID(name string, k int) string { return "ik-" + safeID(name) + "-" + itoa(k) }

// cellWord names a grid state for screen readers.
func cellWord(k int) string {
	return [...]string{"blank", "yes", "no", "maybe"}[k]
}
