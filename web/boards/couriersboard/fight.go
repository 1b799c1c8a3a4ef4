package couriersboard

import (
	"topsecret/internal/game"
	"topsecret/internal/games/couriers"
)

// fighter is one side of a fight as the face-off draws it.
type fighter struct {
	Agent  string
	Name   string // "red agent 3"
	Owner  string // the player, "You" on my phone
	Colour string
	Role   string // attacker or defender, in words
	Card   *int   // the card shown face up (the reveal, or mine while sealed)
	Sealed bool   // a card lies face down
	Won    bool
	Carry  *caseMark
}

// duel is the running fight or the latest reveal.
type duel struct {
	City    string
	Left    fighter
	Right   []fighter // the defenders; two while their order is open
	Reveal  bool
	Outcome string // the reveal's result in words
	Seq     int
}

// runningDuel is the fight waiting for its order or cards; sealed are the
// face-down cards this viewer may know, by seat (mine on my phone, all in
// the replay, none on the table screen).
func (b *base) runningDuel(sealed []*int) *duel {
	f := b.T.Fight
	if f == nil || len(f.Defenders) == 0 || !b.inFight() {
		return nil
	}
	d := &duel{City: b.placeName(f.City), Left: b.fighter(f.Aggressor, true)}
	if s := b.ownerOf(f.Aggressor); b.player(s).Chosen {
		d.Left.Sealed = true
		d.Left.Card = known(sealed, s)
	}
	for i, id := range f.Defenders {
		if b.T.Phase == couriers.PhaseCards && i > 0 {
			break
		}
		fd := b.fighter(id, false)
		if s := b.ownerOf(id); b.T.Phase == couriers.PhaseCards && b.player(s).Chosen {
			fd.Sealed = true
			fd.Card = known(sealed, s)
		}
		d.Right = append(d.Right, fd)
	}
	return d
}

// revealDuel is the latest fight's two cards face up, while it is news.
func (b *base) revealDuel() *duel {
	r := b.T.LastFight
	if r == nil || b.inFight() || !(b.freshReveal() || b.T.Phase == couriers.PhaseLoot) {
		return nil
	}
	att, def := b.fighter(r.Aggressor, true), b.fighter(r.Defender, false)
	a, dv := r.Cards[0], r.Cards[1]
	att.Card, def.Card = &a, &dv
	att.Won, def.Won = r.Winner == r.Aggressor, r.Winner == r.Defender
	loser := r.Defender
	if att.Won == false {
		loser = r.Aggressor
	}
	out := b.t("couriers.ui.fight.eliminated", game.X("winner", b.agentName(r.Winner)), game.X("loser", b.agentName(loser)))
	if r.LoserHome {
		out = b.t("couriers.ui.fight.home", game.X("winner", b.agentName(r.Winner)), game.X("loser", b.agentName(loser)))
	}
	return &duel{City: b.placeName(r.City), Left: att, Right: []fighter{def}, Reveal: true, Outcome: out, Seq: r.Seq}
}

// fighter describes agent id in a fight.
func (b *base) fighter(id string, attacker bool) fighter {
	s := b.ownerOf(id)
	f := fighter{Agent: id, Name: b.agentName(id), Owner: b.who(s), Colour: colourOf(id)}
	if attacker {
		f.Role = b.t("couriers.ui.fight.attacker")
	} else {
		f.Role = b.t("couriers.ui.fight.defender")
	}
	if a := b.agents[id]; a.Carries != "" {
		if c, ok := b.cases[a.Carries]; ok {
			cm := b.caseMark(c, point{})
			f.Carry = &cm
		}
	}
	return f
}

// handText is seat s's combat cards in hand, in words for a tooltip.
func (b *base) handText(s int) string {
	p := b.player(s)
	parts := make([]string, len(p.Hand))
	for i, v := range p.Hand {
		parts[i] = itoa(v)
	}
	if s == b.Me {
		return b.t("couriers.ui.hand_mine", game.X("cards", b.c.Words.List(parts)))
	}
	return b.t("couriers.ui.hand_of", game.X("who", b.c.Name(s)), game.X("cards", b.c.Words.List(parts)))
}

// known is seat s's face-down card if this viewer may know it, else nil.
func known(sealed []*int, s int) *int {
	if s >= 0 && s < len(sealed) {
		return sealed[s]
	}
	return nil
}
