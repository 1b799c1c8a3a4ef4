// Package winkboard renders the TOP SECRET ("wink") board: a player's phone
// (wink.SeatView) and the shared table screen (wink.TableView).
//
// The board never re-derives rules: which buttons are live comes from the
// legal moves the server sends along, and the data a button sends is the
// legal move's own data wherever the move carries it.
package winkboard

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"topsecret/internal/game"
	"topsecret/internal/games/wink"
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
	case wink.SeatView:
		return Phone(newPhone(c, &v))
	case *wink.SeatView:
		if v != nil {
			return Phone(newPhone(c, v))
		}
	case wink.TableView:
		return Table(newTable(c, &v))
	case *wink.TableView:
		if v != nil {
			return Table(newTable(c, v))
		}
	}
	return templ.NopComponent
}

// ---- shared pieces ----

// player is one seat as every board draws it.
type player struct {
	Seat     int
	Name     string
	Initial  string
	Colour   string // engine colour name
	Chips    int
	Score    int
	Suitcase bool
	Away     bool
	Me       bool
	HasAgent bool
	Winner   bool
}

// line is one event or notice with names filled in.
type line struct {
	Seq  int
	Kind string
	Text string
}

// base holds what the phone and the table share.
type base struct {
	T       *wink.TableView
	Names   []string
	Now     int64
	Players []player
	Events  []line // newest first
}

func newBase(c Context, t *wink.TableView, me int) base {
	b := base{T: t, Names: c.Names, Now: c.Now}
	winners := map[int]bool{}
	if t.Over != nil {
		for _, w := range t.Over.Winners {
			winners[w] = true
		}
	}
	for _, p := range t.Players {
		b.Players = append(b.Players, player{
			Seat: p.Seat, Name: nameOf(c.Names, p.Seat), Initial: initial(nameOf(c.Names, p.Seat)),
			Colour: p.Colour, Chips: p.Chips, Score: p.Score, Suitcase: p.Suitcase,
			Away: p.Seat < len(c.Away) && c.Away[p.Seat], Me: p.Seat == me, HasAgent: p.HasAgent,
			Winner: winners[p.Seat],
		})
	}
	for i := len(t.Events) - 1; i >= 0; i-- {
		e := t.Events[i]
		b.Events = append(b.Events, line{Seq: e.Seq, Kind: e.Kind, Text: game.Say(e.Text, c.Names)})
	}
	return b
}

// name is seat s's name.
func (b *base) name(s int) string { return nameOf(b.Names, s) }

// player returns seat s, or a blank player.
func (b *base) player(s int) player {
	if s >= 0 && s < len(b.Players) {
		return b.Players[s]
	}
	return player{Seat: s, Name: nameOf(b.Names, s), Initial: "?"}
}

// holder is the suitcase holder's name.
func (b *base) holder() string { return b.name(b.T.Suitcase) }

// placeName is a location code's display name.
func (b *base) placeName(code string) string {
	for _, l := range b.T.Locations {
		if l.Code == code {
			return l.Name
		}
	}
	return code
}

// deadline is the running timer's deadline, 0 for none.
func (b *base) deadline(kind string) int64 {
	if b.T.Timer != nil && (kind == "" || b.T.Timer.Kind == kind) {
		return b.T.Timer.At
	}
	return 0
}

// banner is the newest event worth a banner, if any.
func (b *base) banner() (line, bool) {
	for _, e := range b.Events {
		switch e.Kind {
		case "claim", "reveal", "not_me", "caught", "wrong", "swap", "over", "deal":
			return e, true
		}
	}
	return line{}, false
}

// over reports the end of the game.
func (b *base) over() bool { return b.T.Phase == wink.PhaseOver }

// ranking is the final ranking with names.
func (b *base) ranking() []rankLine {
	if b.T.Over == nil {
		return nil
	}
	var out []rankLine
	for _, s := range b.T.Over.Ranking {
		p := b.player(s.Seat)
		out = append(out, rankLine{Rank: s.Rank, Score: s.Score, P: p})
	}
	return out
}

type rankLine struct {
	Rank  int
	Score int
	P     player
}

// revealLine is one seat's cards at the end.
type revealLine struct {
	P         player
	Agent     string // colour, "" for none
	Location  string // code, "" for none
	Agents    []string
	Locations []string
}

func (b *base) reveal() []revealLine {
	// Live boards get the reveal only at game over; the replay's
	// all-seeing eyes get it at every step, and see the files opened too.
	if b.T.Reveal == nil {
		return nil
	}
	piles := map[int]wink.Pile{}
	for _, p := range b.T.Reveal.Piles {
		piles[p.Seat] = p
	}
	var out []revealLine
	for _, h := range b.T.Reveal.Hands {
		pl := piles[h.Seat]
		out = append(out, revealLine{P: b.player(h.Seat), Agent: h.Agent, Location: h.Location,
			Agents: pl.Agents, Locations: pl.Locations})
	}
	return out
}

// ---- phone ----

// phone is the model of one player's phone.
type phone struct {
	base
	V       *wink.SeatView
	Me      player
	Notices []line // newest first

	Contact  player // my agent card's owner, when I hold one
	HasCards bool

	Take   bool
	Claim  string // the claim move's data, "" if no claim is legal
	SwapA  string // data of the three swaps, "" if not legal
	SwapL  string
	SwapB  string
	Pass   bool
	Answer string // label of the contact's single button, "" if none
	// AnswerLive says the server accepts the contact's button now.
	AnswerLive bool
	Accusers   []accuseOpt
	CanFocus   map[int]bool
	Wink       bool
	Signal     bool
	// WinkAt and SignalAt are when a cooling-down wink or glance becomes
	// possible: the legal list is as of the last action, so the phone
	// enables the button itself when the time comes (data-enable-at).
	WinkAt   int64
	SignalAt int64
}

// accuseOpt is one winker the picker offers, with the epoch to quote.
type accuseOpt struct {
	P       player
	Epoch   int
	Targets map[int]bool
}

func newPhone(c Context, v *wink.SeatView) *phone {
	m := &phone{base: newBase(c, &v.TableView, v.Me), V: v}
	m.Me = m.player(v.Me)
	for i := len(v.Notices) - 1; i >= 0; i-- {
		e := v.Notices[i]
		m.Notices = append(m.Notices, line{Seq: e.Seq, Kind: e.Kind, Text: game.Say(e.Text, c.Names)})
	}
	if v.Agent != nil {
		m.Contact = m.player(v.Agent.Contact)
	}
	m.HasCards = v.Agent != nil || v.Location != nil
	for _, mv := range c.Legal {
		switch mv.Type {
		case wink.ActTakeCards:
			m.Take = true
		case wink.ActClaim:
			m.Claim = dataOr(mv.Data, "{}")
		case wink.ActSwap:
			var s wink.Swap
			_ = json.Unmarshal(mv.Data, &s)
			d := dataOr(mv.Data, "{}")
			switch {
			case s.Agent && s.Location:
				m.SwapB = d
			case s.Agent:
				m.SwapA = d
			case s.Location:
				m.SwapL = d
			}
		case wink.ActPass:
			m.Pass = true
		case wink.ActConfirmClaim:
			m.AnswerLive = true
			m.Answer = mv.Label
			if m.Answer == "" {
				m.Answer = "Confirm"
			}
		case wink.ActAccuse:
			var a struct {
				Winker int `json:"winker"`
				Epoch  int `json:"epoch"`
			}
			if json.Unmarshal(mv.Data, &a) != nil {
				continue
			}
			opt := accuseOpt{P: m.player(a.Winker), Epoch: a.Epoch, Targets: map[int]bool{}}
			for _, t := range mv.Fields["target"] {
				if n, ok := toInt(t); ok {
					opt.Targets[n] = true
				}
			}
			m.Accusers = append(m.Accusers, opt)
		case wink.ActSetFocus:
			m.CanFocus = map[int]bool{}
			for _, t := range mv.Fields["seat"] {
				if n, ok := toInt(t); ok {
					m.CanFocus[n] = true
				}
			}
		case wink.ActWink:
			m.Wink = true
		case wink.ActSignal:
			m.Signal = true
		}
	}
	if e := v.Eyes; e != nil && v.Phase != wink.PhaseOver {
		if !m.Wink && v.Agent != nil && e.Focus == v.Agent.Contact && !e.Moving && e.WinkReadyAt > m.Now {
			m.WinkAt = e.WinkReadyAt
		}
		if !m.Signal && v.Location != nil && e.SignalReadyAt > m.Now {
			m.SignalAt = e.SignalReadyAt
		}
	}
	if m.Answer == "" && v.Answer != "" && v.Phase == wink.PhaseClaim && v.Claim != nil && v.Claim.Contact == v.Me {
		// The view says I must answer but the legal list is missing it
		// (e.g. a stale frame): still show the truthful caption, disabled.
		m.Answer = answerLabel(v)
	}
	return m
}

// answerLabel is the contact's caption from SeatView.Answer.
func answerLabel(v *wink.SeatView) string {
	if v.Answer == "reveal" && v.Claim != nil {
		return "Reveal " + v.Claim.Location.Code
	}
	return "Not me"
}

// canAccuse says CAUGHT! is live: chips left and at least one winker to name.
func (m *phone) canAccuse() bool { return m.Me.Chips >= 1 && len(m.Accusers) > 0 && !m.over() }

// remote reports the Remote Eyes screen.
func (m *phone) remote() bool { return m.V.Mode == wink.ModeRemote && m.V.Eyes != nil }

// claimer is the pending claim's claimant.
func (m *phone) claimer() player { return m.player(m.V.Claim.Claimant) }

// contactOf is the pending claim's contact.
func (m *phone) contactOf() player {
	return m.player(m.V.Claim.Contact)
}

// claimConfirm is the confirm text for claiming at place code.
func (m *phone) claimConfirm(code string) string {
	who := "my contact"
	if m.V.Agent != nil {
		who = m.Contact.Name
	}
	return fmt.Sprintf("I meet %s at the %s!", who, m.placeName(code))
}

// claimData is the claim move's data with the place filled in.
func (m *phone) claimData(code string) string {
	var d map[string]any
	if json.Unmarshal([]byte(m.Claim), &d) != nil || d == nil {
		d = map[string]any{}
	}
	d["location"] = code
	b, _ := json.Marshal(d)
	return string(b)
}

// chipDots is ●●○ for the chips left of 3.
func chipDots(n int) string {
	total := max(3, n)
	return strings.Repeat("●", max(n, 0)) + strings.Repeat("○", total-max(n, 0))
}

// focusData is set_focus's data for seat q.
func focusData(q int) string { return `{"seat":` + strconv.Itoa(q) + `}` }

// ---- remote eyes ----

// spot is a point on the virtual table, in percent of its box.
type spot struct{ X, Y float64 }

// ringSpot places seat s around an ellipse with seat bottom at the bottom
// and the others clockwise (the next seat on my left, as at a real table).
func ringSpot(s, bottom, n int, rx, ry float64) spot {
	if n <= 0 {
		return spot{50, 50}
	}
	r := ((s-bottom)%n + n) % n
	a := math.Pi/2 + float64(r)*2*math.Pi/float64(n)
	return spot{X: 50 + rx*math.Cos(a), Y: 50 + ry*math.Sin(a)}
}

// eyeSpot is seat s on the remote table.
func (m *phone) eyeSpot(s int) spot { return ringSpot(s, m.V.Me, m.V.Seats, 38, 37) }

// tileSpot is location tile i (of 4) in the centre of the remote table.
func tileSpot(i int) spot {
	xs := [4]float64{38, 62, 38, 62}
	ys := [4]float64{40, 40, 60, 60}
	if i < 0 || i > 3 {
		return spot{50, 50}
	}
	return spot{xs[i], ys[i]}
}

func (m *phone) tileIndex(code string) int {
	for i, l := range m.V.Locations {
		if l.Code == code {
			return i
		}
	}
	return -1
}

// watching is the seat whose eyes I see, or -1.
func (m *phone) watching() int {
	if m.V.Eyes == nil || m.V.Eyes.Watching == nil {
		return -1
	}
	return m.V.Eyes.Watching.Seat
}

// looking is where the watched player looks, or -1.
func (m *phone) looking() int {
	if m.V.Eyes == nil || m.V.Eyes.Watching == nil {
		return -1
	}
	return m.V.Eyes.Watching.Looking
}

// lastGlance is the watched player's latest glance still on screen.
func (m *phone) lastGlance() (wink.Sighting, bool) {
	if m.V.Eyes == nil {
		return wink.Sighting{}, false
	}
	w := m.watching()
	ss := m.V.Eyes.Sightings
	for i := len(ss) - 1; i >= 0; i-- {
		s := ss[i]
		if s.Kind == wink.SightSignal && s.From == w && m.Now-s.At < 4000 {
			return s, true
		}
	}
	return wink.Sighting{}, false
}

// gazeTarget is the point the watched player's eye-line runs to, if any.
func (m *phone) gazeTarget() (spot, bool) {
	if g, ok := m.lastGlance(); ok {
		if i := m.tileIndex(g.Location); i >= 0 {
			return tileSpot(i), true
		}
	}
	if l := m.looking(); l >= 0 {
		return m.eyeSpot(l), true
	}
	return spot{}, false
}

// pupil is the pupil offset (in px of a 24px eye box) toward where the
// watched player looks.
func (m *phone) pupil() (float64, float64) {
	w := m.watching()
	to, ok := m.gazeTarget()
	if w < 0 || !ok {
		return 0, 0
	}
	from := m.eyeSpot(w)
	dx, dy := to.X-from.X, to.Y-from.Y
	d := math.Hypot(dx, dy)
	if d < 0.01 {
		return 0, 0
	}
	return 3.2 * dx / d, 3.2 * dy / d
}

// ready says a cooldown (Unix ms) has passed.
func (m *phone) ready(at int64) bool { return at <= m.Now }

// enableAt is the data-enable-at attribute value, empty when unused.
func enableAt(at int64) string {
	if at == 0 {
		return ""
	}
	return i64(at)
}

// sightings are my latest sightings, newest first, with names.
type sightLine struct {
	Seq  int
	Kind string
	Text string
	From int
}

func (m *phone) sightings() []sightLine {
	if m.V.Eyes == nil {
		return nil
	}
	var out []sightLine
	ss := m.V.Eyes.Sightings
	for i := len(ss) - 1; i >= 0 && len(out) < 3; i-- {
		s := ss[i]
		var text string
		switch s.Kind {
		case wink.SightWink:
			to := m.name(s.To)
			if s.To == m.V.Me {
				to = "you"
			}
			text = m.name(s.From) + " winked at " + to + "!"
		case wink.SightSignal:
			text = m.name(s.From) + " glanced at the " + m.placeName(s.Location)
		case wink.SightWinkedAtYou:
			text = m.name(s.From) + " winked at you"
		default:
			continue
		}
		out = append(out, sightLine{Seq: s.Seq, Kind: s.Kind, Text: text, From: s.From})
	}
	return out
}

// freshWink is the seq of the watched player's latest wink if it is still
// playing, else 0: the big avatar blinks once.
func (m *phone) freshWink() int {
	if m.V.Eyes == nil {
		return 0
	}
	w := m.watching()
	ss := m.V.Eyes.Sightings
	for i := len(ss) - 1; i >= 0; i-- {
		s := ss[i]
		if s.From == w && s.Kind == wink.SightWink && m.Now-s.At < 3000 {
			return s.Seq
		}
	}
	return 0
}

// ---- table ----

// table is the model of the table screen.
type table struct {
	base
}

func newTable(c Context, v *wink.TableView) *table {
	return &table{base: newBase(c, v, -1)}
}

// top is the far side of the table: the first half of the seats, left to
// right; bottom continues clockwise, so it runs right to left.
func (t *table) top() []player {
	return t.Players[:(len(t.Players)+1)/2]
}

func (t *table) bottom() []player {
	rest := t.Players[(len(t.Players)+1)/2:]
	out := make([]player, 0, len(rest))
	for i := len(rest) - 1; i >= 0; i-- {
		out = append(out, rest[i])
	}
	return out
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
	if len(d) == 0 {
		return or
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
		return int(n), n == math.Trunc(n)
	case json.Number:
		i, err := n.Int64()
		return int(i), err == nil
	}
	return 0, false
}

// colourCSS maps an engine colour name to a CSS colour.
func colourCSS(c string) string {
	switch c {
	case "green":
		return "#3fbf74"
	case "blue":
		return "#3f83f0"
	case "purple":
		return "#a366e8"
	case "red":
		return "#e4483d"
	case "yellow":
		return "#f1c232"
	case "orange":
		return "#f08c2a"
	case "white":
		return "#f2efe6"
	case "black":
		return "#34343b"
	}
	return "#8a8a8a"
}

// seatStyle sets --seat to the colour.
func seatStyle(c string) templ.SafeCSS {
	return templ.SafeCSS("--seat:" + colourCSS(c) + ";")
}

// posStyle places an element at a spot (percent).
func posStyle(p spot) templ.SafeCSS {
	return templ.SafeCSS(fmt.Sprintf("left:%.2f%%;top:%.2f%%;", p.X, p.Y))
}

// posSeatStyle places a seat and sets its colour.
func posSeatStyle(p spot, colour string) templ.SafeCSS {
	return posStyle(p) + seatStyle(colour)
}

func f2(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) }

func itoa(n int) string { return strconv.Itoa(n) }

func i64(n int64) string { return strconv.FormatInt(n, 10) }

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// bannerVerdict is ✔ or ✘ for accusations and results.
func bannerIcon(kind string) string {
	switch kind {
	case "caught", "reveal":
		return "✔"
	case "wrong", "not_me":
		return "✘"
	case "claim":
		return "?"
	}
	return ""
}

func bannerTitle(kind string) string {
	switch kind {
	case "claim":
		return "Mission claimed"
	case "reveal":
		return "Mission accomplished"
	case "not_me":
		return "Not me"
	case "caught":
		return "Caught!"
	case "wrong":
		return "Wrong accusation"
	case "swap":
		return "New cards"
	case "over":
		return "Game over"
	case "deal":
		return "The suitcase opens"
	}
	return ""
}

// bannerAnim picks the one-shot animation of a banner.
func bannerAnim(kind string) string {
	switch kind {
	case "caught", "reveal":
		return "blast"
	case "wrong", "not_me":
		return "shake"
	}
	return "pop"
}

// eventSeq is a data-seq value unique per board and kind of thing.
func eventSeq(prefix string, seq int) string { return prefix + "-" + strconv.Itoa(seq) }

// sayText fills the {pN} placeholders of a summary line.
func sayText(b *base, s string) string { return game.Say(s, b.Names) }
