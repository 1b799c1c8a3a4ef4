package couriers

import (
	"encoding/json"
	"maps"
	"slices"

	"topsecret/internal/game"
)

// Bot plays a seat from what that seat may see: positions, hands and
// discards (all public), delivered clues, and its own clues — never an
// opponent's clue or face-down card (see brain.known).
//
// Its plan: hide its 5 and 3 along its own route and the bomb as bait near
// an opponent's arrival base; on its turn pick up the most valuable
// suitcase in reach, carry it home by the safest progress, and attack
// enemy carriers it can beat. Unknown opponent suitcases are worth their
// expected secrets minus the bomb's cost, which grows near the end, so it
// avoids them then. In a fight it plays the cheapest card that surely
// wins when the hands allow it (hands are public), else its best card when
// much is at stake and a 0 (going home, R14) when little is.
type Bot struct{}

// Bot returns the game's computer player.
func (Rules) Bot() game.Bot { return Bot{} }

// Act picks seat s's next action at time now, or reports false when it has nothing to do.
func (Bot) Act(st game.State, seat game.Seat, now int64, r *game.Rand) (game.Action, bool) {
	m, s, ok := game.Seated[*match](st, seat)
	if !ok || !m.awaits(s) {
		return game.Action{}, false
	}
	b := &brain{m: m, me: int(seat), r: r, o: m.occupancy()}
	typ, data := b.decide()
	a := game.Action{Seat: seat, Type: typ, At: now}
	if data != nil {
		a.Data = mustJSON(data)
	}
	if m.Check(a) != nil {
		return b.fallback(a)
	}
	return a, true
}

// brain is one decision of one seat.
type brain struct {
	m  *match
	me int
	r  *game.Rand
	o  occupancy

	worths []float64 // cache of worth, per suitcase
}

// decide picks an action type and its data for the running phase.
func (b *brain) decide() (string, any) {
	switch b.m.phase {
	case PhaseHide:
		return ActHide, b.hide()
	case PhaseRoll:
		return ActRoll, nil
	case PhaseMove:
		return b.turn()
	case PhaseOrder:
		return ActDefender, Defender{Agent: b.m.agentID(b.firstDefender())}
	case PhaseCards:
		return ActCard, Card{Value: b.card()}
	case PhaseLoot:
		return ActLoot, Loot{Take: b.takeLoot()}
	case PhaseBomb:
		return ActBombVictims, BombVictims{Agents: b.victims()}
	}
	return "", nil
}

// fallback plays the first legal action when a plan was refused: the end
// of the turn, or the first ready move, or a template filled at random.
func (b *brain) fallback(a game.Action) (game.Action, bool) {
	moves := b.m.Legal(game.Seat(b.me))
	if len(moves) == 0 {
		return game.Action{}, false
	}
	pick := moves[len(moves)-1]
	if b.m.phase != PhaseMove {
		pick = moves[0]
	}
	a.Type, a.Data = pick.Type, pick.Data
	if len(pick.Fields) > 0 {
		data := map[string]any{}
		if len(pick.Data) > 0 {
			_ = json.Unmarshal(pick.Data, &data)
		}
		keys := slices.Sorted(maps.Keys(pick.Fields))
		for _, k := range keys {
			vs := pick.Fields[k]
			data[k] = vs[b.r.IntN(len(vs))]
		}
		a.Data = mustJSON(data)
	}
	return a, b.m.Check(a) == nil
}
