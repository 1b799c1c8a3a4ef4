package embassyboard

import (
	"encoding/json"
	"strconv"

	"github.com/a-h/templ"

	"topsecret/internal/game"
	"topsecret/internal/games/embassy"
	"topsecret/web/kit"
)

// offer is one ready legal move as a button: its type, data and words.
type offer struct {
	Act, Data, Label string
	Seat             int    // the seat a challenge or a swap names
	Set              string // the secret a guess names
}

// mode is one pick form's name, when the board offers more than one (a
// move or, in no-cards mode, walking up to a spy).
type mode struct {
	Index int
	Label string
}

// phone is the model of one player's phone.
type phone struct {
	base
	S   *embassy.SeatView // my own view
	MeP player
	Map *mapModel

	Roll       string  // data of the roll, "" when not legal
	Enter      []offer // moves into an embassy, as named buttons
	Modes      []mode
	Challenges []offer
	Guesses    map[int][]offer // by slot of the target's holder
	Penalties  map[int]string  // by slot of the challenger's holder
	Keep       string
	Decline    string
	Slots      map[int]string // data of putting the card in slot n
	Swaps      map[int]string // data of swapping the card for slot n
	Reject     string
	Places     int // embassies the card may be placed on
	Bodyguards []offer
	Pass       string
}

// drawPhone draws seat v.Me's phone.
func drawPhone(c kit.Context, v *embassy.SeatView) templ.Component {
	if v == nil {
		return templ.NopComponent
	}
	return phoneBoard(newPhone(c, v))
}

func newPhone(c kit.Context, v *embassy.SeatView) *phone {
	m := &phone{base: newBase(c, &v.TableView, v.Me), S: v, Guesses: map[int][]offer{},
		Penalties: map[int]string{}, Slots: map[int]string{}, Swaps: map[int]string{}}
	m.MeP = m.player(v.Me)
	m.Map = m.newMap()
	for _, mv := range c.Legal {
		m.offer(mv)
	}
	if len(m.Map.Layers) > 1 {
		for _, l := range m.Map.Layers {
			m.Modes = append(m.Modes, mode{Index: l.Mode, Label: m.modeLabel(l)})
		}
	}
	return m
}

// offer files one legal move under the control that sends it.
func (m *phone) offer(mv game.Move) {
	data := kit.DataOr(mv.Data, "{}")
	label := m.c.Say(mv.Label)
	switch mv.Type {
	case embassy.ActRoll:
		m.Roll = data
	case embassy.ActMove, embassy.ActChallengeMove:
		m.pickLayer(mv)
	case embassy.ActChallenge, embassy.ActBodyguard:
		var t embassy.Target
		if json.Unmarshal(mv.Data, &t) != nil {
			return
		}
		o := offer{Act: mv.Type, Data: data, Label: label, Seat: t.Target}
		if mv.Type == embassy.ActChallenge {
			m.Challenges = append(m.Challenges, o)
		} else {
			m.Bodyguards = append(m.Bodyguards, o)
		}
	case embassy.ActGuess:
		var g embassy.Guess
		if json.Unmarshal(mv.Data, &g) == nil {
			m.Guesses[g.Slot] = append(m.Guesses[g.Slot], offer{Act: mv.Type, Data: data, Label: label, Set: g.Secret})
		}
	case embassy.ActPenalty, embassy.ActSlot, embassy.ActSwap:
		var s embassy.SlotChoice
		if json.Unmarshal(mv.Data, &s) != nil {
			return
		}
		map[string]map[int]string{embassy.ActPenalty: m.Penalties, embassy.ActSlot: m.Slots, embassy.ActSwap: m.Swaps}[mv.Type][s.Slot] = data
	case embassy.ActKeep:
		m.Keep = data
	case embassy.ActDecline:
		m.Decline = data
	case embassy.ActReject:
		m.Reject = data
	case embassy.ActPlace:
		m.placeTarget(mv, data, label)
	case embassy.ActPass:
		m.Pass = data
	}
}

// pickLayer lays a template move's destinations over the board as a pick
// form; a move's embassies also get named buttons.
func (m *phone) pickLayer(mv game.Move) {
	l := layer{ID: "em-f-" + strconv.Itoa(len(m.Map.Layers)), Mode: len(m.Map.Layers), Type: mv.Type,
		Data: kit.DataOr(mv.Data, "{}"), Field: "to"}
	for _, v := range mv.Fields["to"] {
		id, ok := v.(string)
		if !ok {
			continue
		}
		t, ok := m.targetAt(id)
		if !ok {
			continue
		}
		if t.Embassy {
			t.Label = m.t("embassy.ui.move.enter", game.X("embassy", t.Label))
			if mv.Type == embassy.ActMove {
				m.Enter = append(m.Enter, offer{Act: mv.Type, Data: withField(mv.Data, "to", id), Label: t.Label})
			}
		} else {
			t.Label = m.direction(id)
		}
		l.Targets = append(l.Targets, t)
	}
	m.Map.Layers = append(m.Map.Layers, l)
}

// placeTarget makes a vacant embassy a button on the board.
func (m *phone) placeTarget(mv game.Move, data, label string) {
	var p embassy.Placement
	if json.Unmarshal(mv.Data, &p) != nil {
		return
	}
	t, ok := m.targetAt(p.Embassy)
	if !ok {
		return
	}
	t.Act, t.Data, t.Label = mv.Type, data, label
	m.Map.Buttons = append(m.Map.Buttons, t)
	m.Places++
}

// modeLabel names a pick form for the switch between them.
func (m *phone) modeLabel(l layer) string {
	if l.Type == embassy.ActMove {
		return m.t("embassy.ui.mode.move", game.N("n", m.total()))
	}
	var a embassy.Approach
	_ = json.Unmarshal([]byte(l.Data), &a)
	return m.t("embassy.ui.mode.approach", game.P("target", game.Seat(a.Target)))
}

// direction says where a square lies from my spy, as I see the board
// ("3 squares up and 2 to the right").
func (m *phone) direction(id string) string {
	to, ok := m.V.at(id)
	from, ok2 := m.V.at(m.MeP.Spy)
	if !ok || !ok2 {
		return m.t("embassy.ui.move.square")
	}
	dx, dy := int((to.X-from.X)/unit), int((to.Y-from.Y)/unit)
	var parts []string
	switch {
	case dy < 0:
		parts = append(parts, m.t("embassy.ui.dir.up", game.N("n", -dy)))
	case dy > 0:
		parts = append(parts, m.t("embassy.ui.dir.down", game.N("n", dy)))
	}
	switch {
	case dx < 0:
		parts = append(parts, m.t("embassy.ui.dir.left", game.N("n", -dx)))
	case dx > 0:
		parts = append(parts, m.t("embassy.ui.dir.right", game.N("n", dx)))
	}
	if len(parts) == 0 {
		return m.t("embassy.ui.move.square")
	}
	return m.c.Words.List(parts)
}

// mine says the phone waits for me.
func (m *phone) mine() bool { return m.T.Awaiting == m.Me && !m.over() && !m.c.Ended }

// myCells are my holder's slots with my faces to peek at, and the slot
// buttons of an acquisition.
func (m *phone) myCells() []cell {
	cs := mine(m.cells(m.MeP), m.S)
	for i := range cs {
		n, _ := strconv.Atoi(cs[i].N)
		if d, ok := m.Slots[n]; ok {
			cs[i].Act, cs[i].Data, cs[i].Label = embassy.ActSlot, d, m.t("embassy.ui.slot.put", game.N("slot", n))
		}
		if d, ok := m.Swaps[n]; ok {
			cs[i].Act, cs[i].Data, cs[i].Label = embassy.ActSwap, d, m.t("embassy.ui.slot.swap", game.N("slot", n))
		}
	}
	return cs
}

// targetCells are the challenged holder's slots as picks for my guess.
func (m *phone) targetCells(p player) []cell {
	cs := m.cells(p)
	for i := range cs {
		n, _ := strconv.Atoi(cs[i].N)
		if len(m.Guesses[n]) > 0 {
			cs[i].Radio, cs[i].Label = "em-g"+cs[i].N, m.t("embassy.ui.guess.slot", game.N("slot", n))
		}
	}
	return cs
}

// penaltyCells are the challenger's slots as buttons for my unseen pick.
func (m *phone) penaltyCells(p player) []cell {
	cs := m.cells(p)
	for i := range cs {
		n, _ := strconv.Atoi(cs[i].N)
		if d, ok := m.Penalties[n]; ok {
			cs[i].Act, cs[i].Data, cs[i].Label = embassy.ActPenalty, d, m.t("embassy.ui.penalty.take", game.N("slot", n))
		}
	}
	return cs
}

// guessSlots are the target's slots I may point at, in order.
func (m *phone) guessSlots() []int {
	var out []int
	for n := 1; n <= embassy.Slots; n++ {
		if len(m.Guesses[n]) > 0 {
			out = append(out, n)
		}
	}
	return out
}

// others are every seat but mine, in turn order after me.
func (m *phone) others() []player {
	out := make([]player, 0, len(m.Players))
	for i := 1; i < len(m.Players); i++ {
		out = append(out, m.Players[(m.Me+i)%len(m.Players)])
	}
	return out
}

// target is the challenged seat, -1 outside a challenge.
func (m *phone) target() int {
	if m.T.Challenge == nil {
		return -1
	}
	return m.T.Challenge.Target
}

// ask is what the moment asks of me, in one sentence.
func (m *phone) ask() string {
	switch m.T.Phase {
	case embassy.PhaseRoll:
		return m.t("embassy.ui.ask.roll")
	case embassy.PhaseMove:
		return m.t("embassy.ui.ask.move", game.N("n", m.total()))
	case embassy.PhaseChallenge:
		return m.t("embassy.ui.ask.challenge")
	case embassy.PhaseGuess:
		return m.t("embassy.ui.ask.guess", game.P("target", game.Seat(m.target())))
	case embassy.PhasePenalty:
		return m.t("embassy.ui.ask.penalty", game.P("who", game.Seat(m.T.Active)))
	case embassy.PhaseKeep:
		return m.t("embassy.ui.ask.keep")
	case embassy.PhaseSlot:
		return m.t("embassy.ui.ask.slot")
	case embassy.PhaseFifth:
		return m.t("embassy.ui.ask.fifth")
	case embassy.PhasePlace:
		return m.t("embassy.ui.ask.place")
	case embassy.PhaseImmobile:
		return m.t("embassy.ui.ask.immobile")
	case embassy.PhaseBlocked:
		return m.t("embassy.ui.ask.blocked", game.N("n", m.total()))
	}
	return ""
}
