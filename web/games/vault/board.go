// Package vaultboard renders the TOP SECRET: Vault board ("vault"): a
// player's phone (vault.SeatView) and the shared table screen
// (vault.TableView).
//
// The board never re-derives rules: which buttons are live comes from the
// legal moves the server sends along, and the data a button sends is the
// legal move's own data (with a template's open field filled in).
package vaultboard

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"topsecret/internal/game"
	"topsecret/internal/games/vault"
)

// Context is what the board needs besides the view. It mirrors
// boards.Context without importing it (boards imports this package).
type Context struct {
	View  any
	Names []string
	You   int // -1 for the table screen and spectators
	Table bool
	Legal []game.Move
	// Away[i] is true while seat i's player is disconnected (shown as
	// "reconnecting…"); missing entries count as connected.
	Away []bool
	Now  int64 // server time, Unix ms
}

// Board picks the phone or the table board for c.View.
func Board(c Context) templ.Component {
	switch v := c.View.(type) {
	case vault.SeatView:
		return Phone(newPhone(c, &v))
	case *vault.SeatView:
		if v != nil {
			return Phone(newPhone(c, v))
		}
	case vault.TableView:
		return Table(newTable(c, &v))
	case *vault.TableView:
		if v != nil {
			return Table(newTable(c, v))
		}
	case vault.OmniscientView:
		return Omniscient(newTable(c, &v.TableView), secrets(c, &v))
	case *vault.OmniscientView:
		if v != nil {
			return Omniscient(newTable(c, &v.TableView), secrets(c, v))
		}
	}
	return templ.NopComponent
}

// secretSeat is one seat's hidden cards, for the replay's all-seeing view.
type secretSeat struct {
	Name      string
	Hand      []vault.CardInfo
	Committed *vault.CardInfo
	Decision  string
}

// secrets lists every seat's hand, sealed card and pending choice.
func secrets(c Context, v *vault.OmniscientView) []secretSeat {
	out := make([]secretSeat, len(v.Hands))
	for i := range v.Hands {
		out[i] = secretSeat{Name: nameOf(c.Names, i), Hand: v.Hands[i]}
		if i < len(v.Commits) {
			out[i].Committed = v.Commits[i]
		}
		if i < len(v.Decisions) {
			out[i].Decision = v.Decisions[i]
		}
	}
	return out
}

// ---- shared pieces ----

// player is one seat as every board draws it.
type player struct {
	vault.PlayerInfo
	Name    string
	Initial string
	Away    bool
	Me      bool
	Winner  bool
}

// line is one event or notice with names filled in.
type line struct {
	Seq  int
	Kind string
	Text string
}

// seatCard is a card with its owner, names filled in.
type seatCard struct {
	P    player
	Card vault.CardInfo
}

// base holds what the phone and the table share.
type base struct {
	T       *vault.TableView
	Names   []string
	Now     int64
	Me      int // -1 on the table screen
	Players []player
	Events  []line // newest first
}

func newBase(c Context, t *vault.TableView, me int) base {
	b := base{T: t, Names: c.Names, Now: c.Now, Me: me}
	winners := map[int]bool{}
	if t.Over != nil {
		for _, w := range t.Over.Winners {
			winners[w] = true
		}
	}
	for _, p := range t.Players {
		name := nameOf(c.Names, p.Seat)
		b.Players = append(b.Players, player{PlayerInfo: p, Name: name, Initial: initial(name),
			Away: p.Seat >= 0 && p.Seat < len(c.Away) && c.Away[p.Seat], Me: p.Seat == me, Winner: winners[p.Seat]})
	}
	for i := len(t.Events) - 1; i >= 0; i-- {
		e := t.Events[i]
		b.Events = append(b.Events, line{Seq: e.Seq, Kind: e.Kind, Text: game.Say(e.Text, c.Names)})
	}
	return b
}

// name is seat s's name.
func (b *base) name(s int) string { return nameOf(b.Names, s) }

// who is seat s's name, or "You" on my own phone.
func (b *base) who(s int) string {
	if s == b.Me && s >= 0 {
		return "You"
	}
	return b.name(s)
}

// whose is "Anna's", or "your" on my own phone.
func (b *base) whose(s int) string {
	if s == b.Me && s >= 0 {
		return "your"
	}
	return b.name(s) + "’s"
}

// player returns seat s, or a blank player.
func (b *base) player(s int) player {
	if s >= 0 && s < len(b.Players) {
		return b.Players[s]
	}
	name := nameOf(b.Names, s)
	return player{PlayerInfo: vault.PlayerInfo{Seat: s}, Name: name, Initial: initial(name)}
}

// others are every seat but mine.
func (b *base) others() []player {
	out := make([]player, 0, len(b.Players))
	for _, p := range b.Players {
		if !p.Me {
			out = append(out, p)
		}
	}
	return out
}

func (b *base) over() bool { return b.T.Phase == vault.PhaseDealEnd }

// deadline is the running timer's deadline for phase kind ("" = any), 0 for none.
func (b *base) deadline(kind vault.Phase) int64 {
	if b.T.Timer != nil && (kind == "" || b.T.Timer.Kind == string(kind)) {
		return b.T.Timer.At
	}
	return 0
}

// waiting are the seats the running phase still waits for, from the
// public flags only.
func (b *base) waiting() []player {
	var out []player
	for _, p := range b.Players {
		if b.awaited(p) {
			out = append(out, p)
		}
	}
	return out
}

// awaited reports whether the phase waits for p.
func (b *base) awaited(p player) bool {
	switch b.T.Phase {
	case vault.PhaseSelect:
		return !p.Committed
	case vault.PhaseBoom:
		return isCode(p.Action, "TE") && !p.Boomed
	case vault.PhaseSteal:
		return isCode(p.Action, "MO") && !p.MoleDone
	case vault.PhaseSecure:
		return p.Decider && !p.Decided
	}
	return false
}

// waitingNames is "Anna, Bram and you".
func (b *base) waitingNames() string {
	var ns []string
	for _, p := range b.waiting() {
		if p.Me {
			ns = append(ns, "you")
		} else {
			ns = append(ns, p.Name)
		}
	}
	return andList(ns)
}

// committedCount is how many have committed this trick.
func (b *base) committedCount() int {
	n := 0
	for _, p := range b.Players {
		if p.Committed {
			n++
		}
	}
	return n
}

// withAction are the seats whose action slot holds code (TE or MO).
func (b *base) withAction(code string) []player {
	var out []player
	for _, p := range b.Players {
		if isCode(p.Action, code) {
			out = append(out, p)
		}
	}
	return out
}

// names joins the players' names.
func (b *base) names(ps []player) string {
	ns := make([]string, 0, len(ps))
	for _, p := range ps {
		ns = append(ns, b.who(p.Seat))
	}
	return andList(ns)
}

// freshReveal says the reveal belongs to the running trick (not the last one).
func (b *base) freshReveal() bool {
	return b.T.Reveal != nil && b.T.Reveal.Trick == b.T.Trick && b.T.Phase != vault.PhaseSelect
}

// revealed are the reveal's cards with their players.
func (b *base) revealed() []seatCard {
	if b.T.Reveal == nil {
		return nil
	}
	out := make([]seatCard, 0, len(b.T.Reveal.Cards))
	for _, c := range b.T.Reveal.Cards {
		out = append(out, seatCard{P: b.player(c.Seat), Card: c.Card})
	}
	return out
}

// burned are the blast's cards with their players.
func (b *base) burned() []seatCard {
	if b.T.Blast == nil {
		return nil
	}
	out := make([]seatCard, 0, len(b.T.Blast.Burned))
	for _, c := range b.T.Blast.Burned {
		out = append(out, seatCard{P: b.player(c.Seat), Card: c.Card})
	}
	return out
}

// blastNow says the blast belongs to the trick on screen.
func (b *base) blastNow() bool {
	return b.T.Blast != nil && b.T.Reveal != nil && b.T.Blast.Seq > b.T.Reveal.Seq
}

// survivors are the documents and agents the blast left: those still in
// the open and those banked right after it.
func (b *base) survivors() []seatCard {
	var out []seatCard
	for _, p := range b.Players {
		for _, c := range p.Stake {
			out = append(out, seatCard{P: p, Card: c})
		}
	}
	if b.T.Blast != nil {
		for _, x := range b.T.Banks {
			if x.Seq > b.T.Blast.Seq {
				for _, c := range x.Cards {
					out = append(out, seatCard{P: b.player(x.Seat), Card: c})
				}
			}
		}
	}
	return out
}

// missedNames are the players who forgot to shout.
func (b *base) missedNames() string {
	if b.T.Blast == nil {
		return ""
	}
	ns := make([]string, 0, len(b.T.Blast.Missed))
	for _, s := range b.T.Blast.Missed {
		ns = append(ns, b.who(s))
	}
	return andList(ns)
}

// boomed reports that seat s shouted in this Boom window.
func (b *base) boomedBy(s int) bool {
	for _, x := range b.T.Booms {
		if x.Seat == s {
			return true
		}
	}
	return false
}

// stealLine is one mole's attempt in words.
type stealLine struct {
	Seq    int
	Mole   player
	Result string
	Text   string
	Card   *vault.CardInfo
}

// steals are the moles' attempts in the order the server took them.
func (b *base) steals() []stealLine {
	out := make([]stealLine, 0, len(b.T.Steals))
	for _, s := range b.T.Steals {
		l := stealLine{Seq: s.Seq, Mole: b.player(s.Mole), Result: s.Result, Card: s.Card}
		who := b.who(s.Mole)
		switch s.Result {
		case vault.StoleCard:
			l.Text = who + " grabbed " + b.whose(s.From) + " " + cardName(s.Card)
		case vault.MissedCard:
			l.Text = who + " missed " + b.whose(s.From) + " " + cardName(s.Card) + ": too slow"
		case vault.PassedSteal:
			l.Text = who + " let the mole stay put"
		case vault.TimedOut:
			l.Text = who + " did not move in time"
		default:
			l.Text = who + " found nothing to steal"
		}
		out = append(out, l)
	}
	return out
}

// tileLine is an eligible card in the mole race.
type tileLine struct {
	Owner player
	Card  vault.CardInfo
	Taken bool
	By    player
}

// tiles are this trick's eligible cards (R6).
func (b *base) tiles() []tileLine {
	out := make([]tileLine, 0, len(b.T.Eligible))
	for _, t := range b.T.Eligible {
		l := tileLine{Owner: b.player(t.Seat), Card: t.Card, Taken: t.TakenBy >= 0}
		if l.Taken {
			l.By = b.player(t.TakenBy)
		}
		out = append(out, l)
	}
	return out
}

// bankLine is cards going into a safe, in words.
type bankLine struct {
	Seq   int
	P     player
	Cards []vault.CardInfo
	Side  string
	Auto  bool
}

func (b *base) banks() []bankLine {
	out := make([]bankLine, 0, len(b.T.Banks))
	for _, x := range b.T.Banks {
		out = append(out, bankLine{Seq: x.Seq, P: b.player(x.Seat), Cards: x.Cards, Side: x.Side, Auto: x.Auto})
	}
	return out
}

// bannerLine is the newest event worth a banner.
func (b *base) banner() (line, bool) {
	for _, e := range b.Events {
		switch e.Kind {
		case "reveal", "boom", "missed", "blast", "steal", "void", "over", "deal":
			return e, true
		}
	}
	return line{}, false
}

// phaseTitle names the running step for a headline.
func (b *base) phaseTitle() string {
	switch b.T.Phase {
	case vault.PhaseSelect:
		return "Choose a card"
	case vault.PhaseBoom:
		return "Terrorist!"
	case vault.PhaseSteal:
		return "Mole race"
	case vault.PhaseSecure:
		return "Bank or keep"
	case vault.PhaseDealEnd:
		return "The safes open"
	}
	return string(b.T.Phase)
}

// rankLine is one seat's place at the deal's end with its safe opened.
type rankLine struct {
	Rank  int
	Score int
	P     player
	Safe  *vault.SafeView
}

func (b *base) ranking() []rankLine {
	if b.T.Over == nil {
		return nil
	}
	safes := map[int]*vault.SafeView{}
	for i := range b.T.Safes {
		safes[b.T.Safes[i].Seat] = &b.T.Safes[i]
	}
	out := make([]rankLine, 0, len(b.T.Over.Ranking))
	for _, s := range b.T.Over.Ranking {
		out = append(out, rankLine{Rank: s.Rank, Score: s.Score, P: b.player(s.Seat), Safe: safes[s.Seat]})
	}
	return out
}

// say fills the {pN} placeholders of a line.
func (b *base) say(s string) string { return game.Say(s, b.Names) }

// ---- phone ----

// phone is the model of one player's phone.
type phone struct {
	base
	V       *vault.SeatView
	MeP     player
	Notices []line // newest first

	// CanCommit[id] says the commit template lists hand card id; Commit is
	// the template's data.
	CanCommit map[int]bool
	Commit    json.RawMessage
	Boom      string // data of the legal Boom, "" when none
	// Steal[id] is the data of the legal steal of card id.
	Steal   map[int]string
	NoSteal string // data of the legal No steal, "" when none
	Bank    string // data of the legal secure moves, "" when not legal
	Keep    string
}

func newPhone(c Context, v *vault.SeatView) *phone {
	m := &phone{base: newBase(c, &v.TableView, v.Me), V: v, CanCommit: map[int]bool{}, Steal: map[int]string{}}
	m.MeP = m.player(v.Me)
	// A private notice ("You played MO face-down", "You will bank AG…")
	// describes a pending choice: once a public event follows it, the
	// choice has played out and the notice would only mislead.
	latest := 0
	for _, e := range m.Events {
		latest = max(latest, e.Seq)
	}
	for i := len(v.Notices) - 1; i >= 0; i-- {
		e := v.Notices[i]
		if e.Seq < latest {
			continue
		}
		m.Notices = append(m.Notices, line{Seq: e.Seq, Kind: e.Kind, Text: game.Say(e.Text, c.Names)})
	}
	for _, mv := range c.Legal {
		switch mv.Type {
		case vault.ActCommit:
			m.Commit = mv.Data
			for _, x := range mv.Fields["card"] {
				if n, ok := toInt(x); ok {
					m.CanCommit[n] = true
				}
			}
		case vault.ActBoom:
			m.Boom = dataOr(mv.Data, "{}")
		case vault.ActSteal:
			var s vault.Steal
			if json.Unmarshal(mv.Data, &s) == nil {
				m.Steal[s.Card] = dataOr(mv.Data, "{}")
			}
		case vault.ActNoSteal:
			m.NoSteal = dataOr(mv.Data, "{}")
		case vault.ActSecure:
			var s vault.Secure
			if json.Unmarshal(mv.Data, &s) != nil {
				continue
			}
			switch s.Choice {
			case vault.ChoiceBank:
				m.Bank = dataOr(mv.Data, "{}")
			case vault.ChoiceKeep:
				m.Keep = dataOr(mv.Data, "{}")
			}
		}
	}
	return m
}

// commitData is the commit template's data with the card filled in.
func (m *phone) commitData(id int) string {
	var d map[string]any
	if json.Unmarshal(m.Commit, &d) != nil || d == nil {
		d = map[string]any{}
	}
	d["card"] = id
	b, _ := json.Marshal(d)
	return string(b)
}

// canCommit says the commit move is live at all.
func (m *phone) canCommit() bool { return len(m.CanCommit) > 0 }

// isMole says I revealed a mole this trick.
func (m *phone) isMole() bool { return isCode(m.MeP.Action, "MO") }

// isTerrorist says I revealed a terrorist this trick.
func (m *phone) isTerrorist() bool { return isCode(m.MeP.Action, "TE") }

// canSteal says my mole may still act.
func (m *phone) canSteal() bool { return len(m.Steal) > 0 || m.NoSteal != "" }

// canSecure says the bank-or-keep choice is live.
func (m *phone) canSecure() bool { return m.Bank != "" || m.Keep != "" }

// stakeHint says what banking my lone card would be worth.
func (m *phone) stakeHint() string {
	if len(m.V.Stake) != 1 {
		return ""
	}
	c := m.V.Stake[0]
	if c.Code == "AG" {
		return "An agent alone is worth 0 in x1 — keep it to pair it with a document for double."
	}
	return "Bank: +" + itoa(c.Value) + " now, safe for good. Keep: pair it with another " + itoa(c.Value) + " or an agent for " + itoa(4*c.Value) + " — but it stays exposed."
}

// decisionText is my hidden choice in words.
func (m *phone) decisionText() string {
	switch m.V.Decision {
	case vault.ChoiceBank:
		return "You bank it in x1."
	case vault.ChoiceKeep:
		return "You keep it at stake."
	}
	return ""
}

// ---- table ----

// table is the model of the table screen.
type table struct {
	base
}

func newTable(c Context, v *vault.TableView) *table {
	return &table{base: newBase(c, v, -1)}
}

// ---- small helpers ----

func nameOf(names []string, s int) string {
	if s >= 0 && s < len(names) && names[s] != "" {
		return names[s]
	}
	return "Player " + strconv.Itoa(s+1)
}

func initial(name string) string {
	for _, r := range name {
		return strings.ToUpper(string(r))
	}
	return "?"
}

func isCode(c *vault.CardInfo, code string) bool { return c != nil && c.Code == code }

func dataOr(d json.RawMessage, def string) string {
	if len(d) == 0 {
		return def
	}
	return string(d)
}

func toInt(v any) (int, bool) {
	switch n := v.(type) {
	case int:
		return n, true
	case int64:
		return int(n), true
	case float64:
		return int(n), n == float64(int(n))
	case json.Number:
		i, err := n.Int64()
		return int(i), err == nil
	}
	return 0, false
}

// andList is "a", "a and b", "a, b and c".
func andList(xs []string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}

// kind is the card's family for styling: te, mo, ag or doc.
func kind(c vault.CardInfo) string {
	switch c.Code {
	case "TE":
		return "te"
	case "MO":
		return "mo"
	case "AG":
		return "ag"
	}
	return "doc"
}

// cardName is a card in words: "Terrorist", "Agent", "D30".
func cardName(c *vault.CardInfo) string {
	if c == nil {
		return "card"
	}
	switch c.Code {
	case "TE":
		return "Terrorist"
	case "MO":
		return "Mole"
	case "AG":
		return "Agent"
	}
	return c.Code
}

// cardTitle is the small caption on a card face.
func cardTitle(c vault.CardInfo) string {
	switch c.Code {
	case "TE":
		return "Terrorist"
	case "MO":
		return "Mole"
	case "AG":
		return "Agent"
	}
	return "Document"
}

// cardsText is "D10 + D10".
func cardsText(cs []vault.CardInfo) string {
	ns := make([]string, 0, len(cs))
	for i := range cs {
		ns = append(ns, cardName(&cs[i]))
	}
	return strings.Join(ns, " + ")
}

// commitConfirm is the confirm text of playing card c.
func commitConfirm(c vault.CardInfo) string {
	return "Play " + cardName(&c) + " face-down? Your pick is final."
}

// colourCSS maps an engine colour name to a CSS colour.
func colourCSS(c string) string {
	switch c {
	case "red":
		return "#e4483d"
	case "blue":
		return "#3d7fe4"
	case "green":
		return "#3fb36f"
	case "yellow":
		return "#f1c232"
	case "black":
		return "#5a5a66"
	case "white":
		return "#f2efe6"
	}
	return "#8a8a8a"
}

// seatStyle sets --seat to the colour.
func seatStyle(c string) templ.SafeCSS {
	return templ.SafeCSS("--seat:" + colourCSS(c) + ";")
}

// cardStyle sets the card's cosmetic colour (R3).
func cardStyle(c vault.CardInfo) templ.SafeCSS {
	return templ.SafeCSS("--cc:" + colourCSS(c.Colour) + ";")
}

func itoa(n int) string { return strconv.Itoa(n) }

func i64(n int64) string { return strconv.FormatInt(n, 10) }

// signed is "+40", "−50" or "0".
func signed(n int) string {
	switch {
	case n > 0:
		return "+" + strconv.Itoa(n)
	case n < 0:
		return "−" + strconv.Itoa(-n)
	}
	return "0"
}

// score is n with a proper minus sign.
func score(n int) string {
	if n < 0 {
		return "−" + strconv.Itoa(-n)
	}
	return strconv.Itoa(n)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// eventSeq is a data-seq value unique per board and kind of thing.
func eventSeq(prefix string, seq int) string { return prefix + "-" + strconv.Itoa(seq) }

// seqOf is the seq of a moment pointer, 0 for none.
func revealSeq(r *vault.RevealMoment) int {
	if r == nil {
		return 0
	}
	return r.Seq
}

// bannerTitle is a timeline banner's heading.
func bannerTitle(kind string) string {
	switch kind {
	case "reveal":
		return "Cards flipped"
	case "boom":
		return "Boom!"
	case "missed":
		return "Forgot to shout"
	case "blast":
		return "Blast"
	case "steal":
		return "Mole"
	case "void":
		return "Mole voided"
	case "over":
		return "Deal over"
	case "deal":
		return "New deal"
	}
	return ""
}

// chooseVerb is "is" or "are" for the players still choosing.
func chooseVerb(ps []player) string {
	if len(ps) == 1 && !ps[0].Me {
		return "is"
	}
	return "are"
}

// decideVerb is chooseVerb for the bank-or-keep step.
func decideVerb(ps []player) string { return chooseVerb(ps) }
