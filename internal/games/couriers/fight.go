package couriers

import (
	"slices"

	"topsecret/internal/game"
)

// fight is the running combat in one city (§7): the aggressor against its
// remaining defenders, the one fighting now first.
type fight struct {
	city      node
	aggressor int
	defenders []int
}

// loot is a suitcase the loser dropped, waiting for the winner's decision (R15).
type loot struct {
	suitcase     int
	winner       int
	aggressorWon bool
}

// fightRecord is the latest fight's reveal, kept for the board.
type fightRecord struct {
	seq          int
	city         node
	aggressor    int
	defender     int
	cards        [2]int // aggressor's, defender's
	aggressorWon bool
	loserHome    bool // the loser played 0 and went home (R14)
}

// fullHand is a colour's seven combat cards (R1).
func fullHand() []int { return []int{0, 0, 1, 2, 3, 4, 5} }

// startFight opens combat when agent a's move ends on enemy-held city d (R11):
// two defenders first need an order (R13).
func (m *match) startFight(a int, d node) {
	var defenders []int
	for i, ag := range m.agents {
		if ag.at == d && agentSeat(i) != agentSeat(a) {
			defenders = append(defenders, i)
		}
	}
	m.fight = &fight{city: d, aggressor: a, defenders: defenders}
	m.say(kindFight, "couriers.event.attack", m.agentArg(a), placeArg(d), game.P("whom", game.Seat(agentSeat(defenders[0]))),
		game.N("n", len(defenders)))
	if len(defenders) == 2 {
		m.phase = PhaseOrder
		return
	}
	m.phase = PhaseCards
}

// combatant reports whether seat s plays a card in the running fight.
func (m *match) combatant(s int) bool {
	return m.fight != nil && (s == agentSeat(m.fight.aggressor) || s == agentSeat(m.fight.defenders[0]))
}

// defenderCmd is ActDefender (R13).
type defenderCmd struct{ agent int }

func (m *match) decodeDefender(a game.Action) (command, error) {
	d, err := decodeAs(a, Defender{})
	if err != nil {
		return nil, err
	}
	ag, ok := m.agentByID(d.Agent)
	if !ok {
		return nil, game.Malformed("defender: no agent %q", d.Agent)
	}
	return defenderCmd{agent: ag}, nil
}

func (c defenderCmd) check(m *match, s int) error {
	if err := m.expect(PhaseOrder, s); err != nil {
		return err
	}
	if !slices.Contains(m.fight.defenders, c.agent) {
		return game.Illegal("R13", "couriers.refuse.not_a_defender")
	}
	return nil
}

func (c defenderCmd) apply(m *match, _ int, _ *game.Rand) { m.chooseDefender(c.agent) }

// chooseDefender puts agent d first among the defenders.
func (m *match) chooseDefender(d int) {
	f := m.fight
	i := slices.Index(f.defenders, d)
	f.defenders[0], f.defenders[i] = f.defenders[i], f.defenders[0]
	m.say(kindFight, "couriers.event.defender", m.agentArg(d))
	m.phase = PhaseCards
}

// cardCmd is ActCard: a combat card face down (R12).
type cardCmd struct{ value int }

func (c cardCmd) check(m *match, s int) error {
	if m.phase != PhaseCards {
		return wrongPhase()
	}
	p := &m.players[s]
	switch {
	case !m.combatant(s):
		return game.NotYourTurn("R12", "couriers.refuse.not_in_fight")
	case p.sealed >= 0:
		return game.Illegal("R12", "couriers.refuse.already_chosen")
	case !slices.Contains(p.hand, c.value):
		return game.Illegal("R12", "couriers.refuse.not_in_hand", game.N("n", c.value))
	}
	return nil
}

func (c cardCmd) apply(m *match, s int, _ *game.Rand) {
	m.players[s].sealed = c.value
	m.say(kindFight, "couriers.event.card_chosen", who(s))
	m.tell(s, "couriers.event.you_chose", game.N("n", c.value))
	if m.players[m.active].sealed >= 0 && m.players[agentSeat(m.fight.defenders[0])].sealed >= 0 {
		m.resolveFight()
	}
}

// playLowest plays the lowest card in hand for each combatant who has not chosen (§10).
func (m *match) playLowest() {
	for _, s := range []int{m.active, agentSeat(m.fight.defenders[0])} {
		if m.phase == PhaseCards && m.players[s].sealed < 0 {
			cardCmd{value: m.players[s].hand[0]}.apply(m, s, nil)
		}
	}
}

// resolveFight reveals both cards: the higher wins, a tie goes to the
// aggressor (§7.2). The loser goes home after a 0 (R14), else is
// eliminated, dropping its suitcase for the winner (R15); a winning
// aggressor earns a bonus step (R16).
func (m *match) resolveFight() {
	f := m.fight
	att, def := f.aggressor, f.defenders[0]
	f.defenders = f.defenders[1:]
	av, dv := m.discardSealed(agentSeat(att)), m.discardSealed(agentSeat(def))
	won := av >= dv
	winner, loser, lost := att, def, dv
	if !won {
		winner, loser, lost = def, att, av
	}
	m.say(kindFight, "couriers.event.reveal", term("attacker", m.agentTerm(att)), game.N("a", av),
		term("defender", m.agentTerm(def)), game.N("d", dv), term("winner", m.agentTerm(winner)))
	dropped := m.agents[loser].carries
	m.dropCase(loser)
	m.tally.fights++
	if won {
		m.tally.aggressorWins++
	}
	if lost == 0 {
		m.tally.zeroes++
		m.sendHome(loser)
	} else {
		m.eliminate(loser)
	}
	m.lastFight = &fightRecord{seq: m.eventSeq, city: f.city, aggressor: att, defender: def, cards: [2]int{av, dv},
		aggressorWon: won, loserHome: lost == 0}
	m.refill(agentSeat(att))
	m.refill(agentSeat(def))
	if won {
		m.bonus[att]++
		m.say(kindFight, "couriers.event.bonus", m.agentArg(att), game.N("n", m.bonus[att]))
	}
	if m.ended() {
		return
	}
	if dropped >= 0 {
		m.loot = &loot{suitcase: dropped, winner: winner, aggressorWon: won}
		m.phase = PhaseLoot
		return
	}
	m.afterFight(won)
}

// discardSealed moves seat s's sealed card from hand to discard and returns it.
func (m *match) discardSealed(s int) int {
	p := &m.players[s]
	v := p.sealed
	i := slices.Index(p.hand, v)
	p.hand = slices.Delete(p.hand, i, i+1)
	p.discard = append(p.discard, v)
	p.sealed = -1
	return v
}

// refill gives seat s all seven cards back once the hand is empty (§7.3).
func (m *match) refill(s int) {
	p := &m.players[s]
	if len(p.hand) > 0 {
		return
	}
	p.hand, p.discard = fullHand(), []int{}
	m.say(kindFight, "couriers.event.refill", who(s))
}

// afterFight goes on after a fight and its loot: the next defender, the
// rest of the turn (§7.6), or the end of the turn after a lost attack (R17).
func (m *match) afterFight(aggressorWon bool) {
	switch {
	case !aggressorWon:
		m.fight = nil
		m.say(kindTurn, "couriers.event.attack_lost", who(m.active))
		m.endTurn()
	case len(m.fight.defenders) > 0:
		m.say(kindFight, "couriers.event.next_defender", m.agentArg(m.fight.defenders[0]))
		m.phase = PhaseCards
	default:
		m.fight = nil
		m.phase = PhaseMove
	}
}

// lootCmd is ActLoot (R15).
type lootCmd struct{ take bool }

func (c lootCmd) check(m *match, s int) error {
	if m.phase != PhaseLoot {
		return wrongPhase()
	}
	if s != agentSeat(m.loot.winner) {
		return game.NotYourTurn("R15", "couriers.refuse.not_the_winner")
	}
	return nil
}

func (c lootCmd) apply(m *match, _ int, _ *game.Rand) { m.decideLoot(c.take) }

// decideLoot takes the dropped suitcase, the winner putting its own down
// first (R15), or leaves it lying, then goes on.
func (m *match) decideLoot(take bool) {
	l := m.loot
	m.loot = nil
	if take {
		m.dropCase(l.winner)
		m.pickCase(l.winner, l.suitcase)
	} else {
		m.say(kindSuitcase, "couriers.event.leave", m.agentArg(l.winner), m.caseArg(l.suitcase))
	}
	m.afterFight(l.aggressorWon)
}

// sendHome returns agent a to its start base (R14).
func (m *match) sendHome(a int) {
	m.agents[a].at = world.start[m.colours[agentSeat(a)]]
	m.say(kindFight, "couriers.event.sent_home", m.agentArg(a), placeArg(m.agents[a].at))
}

// eliminate removes agent a for the rest of the game, dropping its suitcase.
func (m *match) eliminate(a int) {
	m.dropCase(a)
	m.agents[a].at = noNode
	m.say(kindFight, "couriers.event.eliminated", m.agentArg(a))
	if s := agentSeat(a); m.inPlay(s) == 0 {
		m.say(kindTurn, "couriers.event.out", who(s))
	}
}

// inPlay counts seat s's agents on cities or in the start base.
func (m *match) inPlay(s int) int {
	n := 0
	for _, ag := range m.agents[s*AgentsPerColour : (s+1)*AgentsPerColour] {
		if ag.at != noNode {
			n++
		}
	}
	return n
}
