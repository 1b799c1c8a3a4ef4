package inkognitoboard

import (
	"slices"
	"strings"

	"topsecret/internal/game"
	"topsecret/internal/games/inkognito"
	"topsecret/web/kit"
)

// faces are the eight coloured faces in sheet order (§9.2).
var faces = []string{"F", "B", "Z", "X", "52", "11", "0", "29"}

// identities are the four agents in dial order.
var identities = []string{"F", "B", "Z", "X"}

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
	C       kit.Context
	T       *inkognito.TableView
	Agents  []agent // the four agents, rotation order
	Amb     agent   // the Ambassador: the 5p player, or the deck (seat -1)
	Sites   []siteView
	Winners map[int]bool
}

func newBase(c kit.Context, t *inkognito.TableView, me int) base {
	b := base{C: c, T: t, Winners: map[int]bool{}}
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
	for _, s := range t.Sites {
		sv := siteView{ID: s.ID, Name: b.siteName(s.ID)}
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

// t words one of the board's own messages for the viewer.
func (b *base) t(id string, args ...game.Arg) string { return b.C.T(id, args...) }

// tableLog is the table screen's log: the six newest events.
var tableLog = kit.LogLook{Prefix: "ik", Class: "ik-log-list ik-tlog", ID: "inkognito-events", Lines: 6}

// phoneLog is the phone's log: the newest lines, three of them at most
// the seat's own notices.
var phoneLog = kit.LogLook{Prefix: "ik", Class: "ik-log-list", ID: "inkognito-events", Notice: "inkognito-notice",
	Lines: 9, Notices: 3}

// person is seat s with its name, reconnecting and awaited flags.
func (b *base) person(s int) agent {
	a := agent{Seat: s, Name: b.name(s), Colour: "grey"}
	a.Initial = kit.Initial(a.Name)
	a.Away = b.C.IsAway(s) && !b.fict(s)
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
		return b.t("inkognito.ui.ambassador")
	case b.fict(s):
		return b.t("inkognito.ui.fictitious")
	}
	return b.C.Name(s)
}

// siteName is a site ID's display name.
func (b *base) siteName(id string) string { return b.t(inkognito.SiteTerm(id)) }

// marker stands for an element inside a sentence (a name in bold, a
// pill), so the catalogue keeps the sentence whole and its word order.
const marker = "\x00"

// around words message id with its "name" argument left out, and returns
// the words before and after it, for a sentence with an element inside.
func (b *base) around(id string, args ...game.Arg) (before, after string) {
	s := b.t(id, append(args, game.X("name", marker))...)
	before, after, _ = strings.Cut(s, marker)
	return before, after
}

// face is a card face ("F", "52") as printed, worded by the catalogue.
func (b *base) face(code string) string { return b.t(inkognito.FaceTerm(code)) }

// identityName is an agent code's full name ("B": Col. Bubble).
func (b *base) identityName(code string) string { return b.t(inkognito.IdentityTerm(code)) }

// kindWord is a black-card kind in running text ("identity", "number").
func (b *base) kindWord(k string) string { return b.t(inkognito.KindTerm(k)) }

func (b *base) meeting(m inkognito.MeetingInfo) *meetView {
	mv := &meetView{Kind: m.Kind, Label: b.t("inkognito.ui.meet." + string(m.Kind))}
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
	if b.C.Ended {
		return b.t("game.page.result.ended")
	}
	switch b.T.Phase {
	case inkognito.PhaseCommit:
		return b.t("inkognito.ui.status.commit", game.X("name", b.Amb.Name))
	case inkognito.PhasePlay:
		return b.t("inkognito.ui.status.play", game.X("name", b.name(b.T.Turn)))
	case inkognito.PhaseAct:
		return b.t("inkognito.ui.status.act")
	case inkognito.PhaseBlack:
		return b.t("inkognito.ui.status.black")
	case inkognito.PhaseOver:
		return b.t("inkognito.ui.status.over")
	}
	return ""
}

// awaitedNames lists who the game waits for.
func (b *base) awaitedNames() string {
	var out []string
	for _, s := range b.T.Awaiting {
		out = append(out, b.name(s))
	}
	return strings.Join(out, b.t("game.list.comma"))
}

// reqView is one of this round's public requests, with names.
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

// ambLeft is the Ambassador's cards not yet revealed this cycle (5p), or
// its deck size.
func (b *base) ambLeft() string {
	if b.T.Players == 5 {
		return b.t("inkognito.ui.amb_hand_left", game.N("n", len(b.T.Ambassador.Hand)))
	}
	return b.t("inkognito.ui.amb_deck_left", game.N("n", b.T.Ambassador.Deck))
}

// contains reports seat s among the agents.
func contains(as []agent, s int) bool {
	return slices.ContainsFunc(as, func(a agent) bool { return a.Seat == s })
}

// safeID keeps the letters, digits and underscores of s, for element ids.
func safeID(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' {
			b.WriteRune(r)
		}
	}
	return b.String()
}
