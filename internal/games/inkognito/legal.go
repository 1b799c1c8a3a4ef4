package inkognito

import (
	"encoding/json"

	"topsecret/internal/game"
)

// Task kinds: what a phone asks its player to do now.
const (
	// TaskPlay asks for a location card (PLAY(i)).
	TaskPlay = "play"
	// TaskCommit asks the 5p Ambassador to seal a card (AMB_COMMIT).
	TaskCommit = "commit"
	// TaskExchange asks for a pair, a black card, a pass or a call (§5.4).
	TaskExchange = "exchange"
	// TaskPeek asks to look at a FICT card, skip or call (3p, R18).
	TaskPeek = "peek"
	// TaskAmbMeet asks for a request, a skip or (3p/5p) a call (R7).
	TaskAmbMeet = "amb_meet"
	// TaskInterview asks a 5p agent for a pair for the Ambassador (R23).
	TaskInterview = "interview"
	// TaskAmbassador asks the 5p Ambassador in a meeting to continue or call (R25).
	TaskAmbassador = "ambassador"
	// TaskChoose asks a requested agent for a black card (§5.5).
	TaskChoose = "choose_black"
)

// Task is what seat may do now, with every legal choice listed (the pair
// picker shows only legal, unrepeated pairs, §9.2). Done means my sealed
// action is in and I wait for the others.
type Task struct {
	Kind      string      `json:"kind"`
	Site      string      `json:"site,omitempty"`
	With      []int       `json:"with,omitempty"`
	Done      bool        `json:"done,omitempty"`
	Sites     []string    `json:"sites,omitempty"`
	Pairs     [][2]string `json:"pairs,omitempty"`
	PairsLeft int         `json:"pairs_left,omitempty"`
	Black     []string    `json:"black,omitempty"` // kinds I may show, peek at or choose
	Targets   []int       `json:"targets,omitempty"`
	FictKinds []string    `json:"fict_kinds,omitempty"` // 3p request: FICT's kinds I may still see
	CanDial   bool        `json:"can_dial,omitempty"`
	CanPass   bool        `json:"can_pass,omitempty"`
	CanSkip   bool        `json:"can_skip,omitempty"`
	CanCont   bool        `json:"can_continue,omitempty"`
}

// task is seat s's current task, or nil.
func (m *match) task(s int) *Task {
	switch m.phase {
	case PhaseCommit:
		if s == m.amb {
			return &Task{Kind: TaskCommit, Sites: siteStrings(m.hands[s])}
		}
	case PhasePlay:
		if s == m.current() {
			return &Task{Kind: TaskPlay, Sites: siteStrings(m.hands[s])}
		}
	case PhaseAct:
		if i := m.meetingOf(s); i >= 0 {
			return m.meetingTask(s, m.meetings[i])
		}
	case PhaseBlack:
		if i := m.pendingFor(s); i >= 0 {
			q := m.requests[i]
			return &Task{Kind: TaskChoose, Site: q.site.String(), With: []int{q.requester},
				Black: kindStrings(m.eligible(s, q.requester))}
		}
	}
	return nil
}

func (m *match) meetingTask(s int, mt meeting) *Task {
	t := &Task{Site: mt.site.String(), Done: m.subs[s] != nil, CanDial: m.dialAllowed(mt, s)}
	for _, a := range mt.agents {
		if a != s {
			t.With = append(t.With, a)
		}
	}
	switch {
	case s == m.amb:
		t.Kind, t.CanCont = TaskAmbassador, true
	case mt.kind == MeetExchange || mt.kind == MeetInterview:
		t.Kind = TaskExchange
		to := m.counterpart(mt, s)
		if mt.kind == MeetInterview {
			t.Kind, t.With = TaskInterview, []int{m.amb}
		} else {
			t.Black = kindStrings(m.eligible(s, to))
		}
		t.Pairs = m.newPairs(s, to)
		t.PairsLeft = len(t.Pairs)
		t.CanPass = t.PairsLeft == 0
	case mt.kind == MeetPeek:
		t.Kind, t.CanSkip, t.Black = TaskPeek, true, kindStrings(m.eligible(Fict, s))
	default:
		t.Kind, t.CanSkip, t.With = TaskAmbMeet, true, []int{m.amb}
		for _, a := range m.agents {
			if a != s && !m.isFict(a) && m.eligible(a, s) != 0 {
				t.Targets = append(t.Targets, a)
			}
		}
		if m.n == 3 {
			t.FictKinds = kindStrings(m.eligible(Fict, s))
		}
	}
	if t.Done {
		return &Task{Kind: t.Kind, Site: t.Site, With: t.With, Done: true}
	}
	return t
}

// newPairs lists s's legal pairs not yet shown to `to` (R2, R3).
func (m *match) newPairs(s, to int) [][2]string {
	var out [][2]string
	for _, p := range m.black[s].legalPairs() {
		if m.pairs[s][to]&pairBit(p[0], p[1]) == 0 {
			out = append(out, [2]string{p[0].String(), p[1].String()})
		}
	}
	return out
}

func kindStrings(mask uint8) []string {
	var out []string
	for _, k := range kindsOf(mask) {
		out = append(out, k.String())
	}
	return out
}

// dialFields is the open template of a dial: one fragment per agent (R10).
func dialFields() map[string][]any {
	frags := []any{"52", "11", "0", "29"}
	return map[string][]any{"f": frags, "b": frags, "z": frags, "x": frags}
}

// Legal lists the actions seat may take now, from its task.
func (m *match) Legal(seat game.Seat) []game.Move {
	s := int(seat)
	if m.phase == PhaseOver || s < 0 || s >= m.n {
		return nil
	}
	t := m.task(s)
	if t == nil || t.Done {
		return nil
	}
	var out []game.Move
	for _, id := range t.Sites {
		typ := ActPlay
		if t.Kind == TaskCommit {
			typ = ActCommit
		}
		out = append(out, move(typ, SiteData{Site: id}, "inkognito.move.go", game.T("site", SiteTerm(id))))
	}
	for _, p := range t.Pairs {
		out = append(out, move(ActShowPair, PairData{Cards: []string{p[0], p[1]}}, "inkognito.move.show_pair",
			game.T("a", FaceTerm(p[0])), game.T("b", FaceTerm(p[1]))))
	}
	blackAct := map[string]string{TaskExchange: ActShowBlack, TaskPeek: ActPeek, TaskChoose: ActChooseBlack}[t.Kind]
	for _, k := range t.Black {
		out = append(out, move(blackAct, KindData{Kind: k}, "inkognito.move.black", game.T("kind", KindTerm(k))))
	}
	for _, a := range t.Targets {
		out = append(out, move(ActRequest, RequestData{Target: &a}, "inkognito.move.ask", m.who("who", a)))
	}
	for _, k := range t.FictKinds {
		out = append(out, move(ActRequest, RequestData{Target: ptr(Fict), Kind: k}, "inkognito.move.ask_fict",
			game.T("kind", KindTerm(k))))
	}
	for _, x := range []struct {
		ok  bool
		typ string
	}{{t.CanPass, ActPass}, {t.CanSkip, ActSkip}, {t.CanCont, ActContinue}} {
		if x.ok {
			out = append(out, game.Move{Type: x.typ, Label: game.M("inkognito.move." + x.typ)})
		}
	}
	if t.CanDial {
		out = append(out, game.Move{Type: ActDial, Label: game.M("inkognito.move.dial"), Fields: dialFields()})
	}
	return out
}

// move is a ready-to-send move with its label.
func move(typ string, data any, label string, args ...game.Arg) game.Move {
	return game.Move{Type: typ, Label: game.M(label, args...), Data: mustJSON(data)}
}

func ptr(i int) *int { return &i }

func mustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}
