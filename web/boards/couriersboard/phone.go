package couriersboard

import (
	"encoding/json"
	"slices"

	"github.com/a-h/templ"

	"topsecret/internal/game"
	"topsecret/internal/games/couriers"
	"topsecret/web/kit"
)

// option is one button: a legal move's type and data, and its words.
type option struct {
	Act, Data, Label string
	Key              string // what it is about (a suitcase or agent id), for test ids
	Case             string // the suitcase it shows, "" for none
	Agent            string // the agent it is about, "" for none
}

// phone is the model of one player's phone.
type phone struct {
	base
	V   *couriers.SeatView
	MeP player
	Map *mapModel

	Hide      *hideForm
	Roll      string // the roll's data, "" when not legal
	Move      *moveForm
	Handles   []option // suitcase handling where moved agents stand
	EndTurn   string
	Defenders []option
	Cards     []cardOpt
	Loot      []option
	Bomb      *bombForm
}

// drawPhone draws seat v.Me's phone.
func drawPhone(c kit.Context, v *couriers.SeatView) templ.Component {
	if v == nil {
		return templ.NopComponent
	}
	return phoneBoard(newPhone(c, v))
}

func newPhone(c kit.Context, v *couriers.SeatView) *phone {
	// My own suitcases show their clues (§9), on a copy: the view is the engine's.
	t := v.TableView
	t.Suitcases = slices.Clone(t.Suitcases)
	for i, s := range t.Suitcases {
		if s.Clue == "" && colourOf(s.ID) == v.Colour {
			t.Suitcases[i].Clue = v.Clues[s.Letter]
		}
	}
	m := &phone{base: newBase(c, &t, v.Me), V: v}
	m.MeP = m.player(v.Me)
	m.Map = m.newMap()
	// While hiding, my suitcases show where they will start.
	for _, l := range []string{"A", "B", "C", "D"} {
		if p, ok := places[v.Placement[l]]; ok {
			m.Map.Cases = append(m.Map.Cases, caseMark{At: point{p.At.X - 26, p.At.Y - 2}, ID: v.Colour + "-" + l,
				Colour: v.Colour, Letter: l, Clue: v.Clues[l], Ghost: true, Title: m.caseName(v.Colour + "-" + l)})
		}
	}
	var moves []game.Move
	for _, mv := range c.Legal {
		switch mv.Type {
		case couriers.ActHide:
			m.Hide = m.newHideForm(mv)
		case couriers.ActRoll:
			m.Roll = kit.DataOr(mv.Data, "{}")
		case couriers.ActMove:
			moves = append(moves, mv)
		case couriers.ActSuitcase:
			m.Handles = append(m.Handles, m.handle(mv))
		case couriers.ActEndTurn:
			m.EndTurn = kit.DataOr(mv.Data, "{}")
		case couriers.ActDefender:
			m.Defenders = append(m.Defenders, m.defender(mv))
		case couriers.ActCard:
			m.offerCard(mv)
		case couriers.ActLoot:
			m.Loot = append(m.Loot, m.loot(mv))
		case couriers.ActBombVictims:
			m.Bomb = m.newBombForm(mv)
		}
	}
	if len(moves) > 0 {
		m.Move = m.newMoveForm(moves)
		m.Map.Targets, m.Map.Picks, m.Map.Route = m.Move.Targets, m.Move.Picks, true
	}
	m.focus()
	return m
}

// fightFirst reports whether a fight is the moment: its face-off and my
// cards come before the map.
func (m *phone) fightFirst() bool {
	return m.inFight() || m.T.Phase == couriers.PhaseLoot
}

// mine reports whether the moment waits for me.
func (m *phone) mine() bool { return len(m.c.Legal) > 0 }

// ownTurn says I roll or move now on my own turn, the moment the first-turn
// hint ("roll the dice, then move") is about; the secret setup and a fight
// I am drawn into are not it.
func (m *phone) ownTurn() bool {
	return m.mine() && m.T.Active == m.Me && (m.T.Phase == couriers.PhaseRoll || m.T.Phase == couriers.PhaseMove)
}

// focus marks the pawn a zoomed map centres on: the agent I am moving, a
// fight, else my first agent on a city.
func (m *phone) focus() {
	want := ""
	if m.Move != nil {
		for _, mv := range m.Move.Movers {
			if mv.Checked {
				want = m.agents[mv.Agent].At
			}
		}
	}
	if f := m.T.Fight; f != nil {
		want = f.City
	}
	for _, first := range []bool{true, false} {
		for i := range m.Map.Pawns {
			p := &m.Map.Pawns[i]
			if (first && p.Place == want) || (!first && p.Mine && places[p.Place].City) {
				p.Focus = true
				return
			}
		}
	}
}

// handle is a suitcase handling's button: the engine's label words it.
func (m *phone) handle(mv game.Move) option {
	var h couriers.Handle
	_ = json.Unmarshal(mv.Data, &h)
	o := option{Act: mv.Type, Data: kit.DataOr(mv.Data, "{}"), Label: m.say(mv.Label), Key: h.Pickup, Case: h.Pickup, Agent: h.Agent}
	if o.Case == "" {
		o.Case = m.agents[h.Agent].Carries
	}
	return o
}

// defender is the button that picks who fights first, with what it carries.
func (m *phone) defender(mv game.Move) option {
	var d couriers.Defender
	_ = json.Unmarshal(mv.Data, &d)
	label := m.say(mv.Label)
	if a := m.agents[d.Agent]; a.Carries != "" {
		label = m.t("couriers.ui.order.carrying", game.X("label", label), game.X("suitcase", m.caseName(a.Carries)))
	}
	return option{Act: mv.Type, Data: kit.DataOr(mv.Data, "{}"), Label: label, Key: d.Agent}
}

// cardOpt is one combat card of my hand: a button when I may play it.
type cardOpt struct {
	Value int
	Data  string // "" when it cannot be played now
}

// offerCard makes every card of that value in my hand playable.
func (m *phone) offerCard(mv game.Move) {
	var c couriers.Card
	if json.Unmarshal(mv.Data, &c) != nil {
		return
	}
	if m.Cards == nil {
		for _, v := range m.MeP.Hand {
			m.Cards = append(m.Cards, cardOpt{Value: v})
		}
	}
	for i := range m.Cards {
		if m.Cards[i].Value == c.Value {
			m.Cards[i].Data = kit.DataOr(mv.Data, "{}")
		}
	}
}

// bombForm picks the bomb's other victims: exactly N of my agents (R20).
type bombForm struct {
	N      int
	Agents []agentBox
}

// agentBox is one agent the bomb may take, as a checkbox.
type agentBox struct {
	ID, Label string
}

func (m *phone) newBombForm(mv game.Move) *bombForm {
	f := &bombForm{N: m.T.BombVictims}
	seen := map[string]bool{}
	for _, set := range mv.Fields["agents"] {
		for _, id := range stringsOf(set) {
			if !seen[id] {
				seen[id] = true
				f.Agents = append(f.Agents, agentBox{ID: id, Label: m.agentWhere(id)})
			}
		}
	}
	return f
}

// agentWhere is "red agent 3, Chicago" (carrying: ", with blue suitcase C").
func (m *phone) agentWhere(id string) string {
	a := m.agents[id]
	if a.Carries != "" {
		return m.t("couriers.ui.agent_carrying", game.X("agent", m.agentName(id)), game.X("place", m.placeName(a.At)),
			game.X("suitcase", m.caseName(a.Carries)))
	}
	return m.t("couriers.ui.agent_at", game.X("agent", m.agentName(id)), game.X("place", m.placeName(a.At)))
}

// stringsOf reads a template's listed value that is a list of strings.
func stringsOf(v any) []string {
	switch x := v.(type) {
	case []string:
		return x
	case []any:
		out := make([]string, 0, len(x))
		for _, e := range x {
			if s, ok := e.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

// sealed is my face-down card by seat, for the face-off.
func (m *phone) sealed() []*int {
	out := make([]*int, len(m.Players))
	if m.Me >= 0 && m.Me < len(out) {
		out[m.Me] = m.V.Sealed
	}
	return out
}

// loot is the take or leave button of a fight's dropped suitcase (R15).
func (m *phone) loot(mv game.Move) option {
	var l couriers.Loot
	_ = json.Unmarshal(mv.Data, &l)
	key := "leave"
	if l.Take {
		key = "take"
	}
	return option{Act: mv.Type, Data: kit.DataOr(mv.Data, "{}"), Label: m.say(mv.Label), Key: key}
}
