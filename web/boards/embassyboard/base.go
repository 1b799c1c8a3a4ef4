package embassyboard

import (
	"topsecret/internal/game"
	"topsecret/internal/games/embassy"
	"topsecret/web/kit"
)

// player is one seat as every surface draws it.
type player struct {
	embassy.PlayerView
	Name    string
	Initial string
	Away    bool
	Me      bool
	Winner  bool
}

// base holds what every surface shares: the public view, the seats, the
// orientation of the board and the words.
type base struct {
	c       kit.Context
	T       *embassy.TableView
	Me      int // -1 on the table screen and in the replay
	V       view
	Players []player
}

func newBase(c kit.Context, t *embassy.TableView, me int) base {
	b := base{c: c, T: t, Me: me, V: viewFor(me, t.Seats)}
	winner := -1
	if t.Over != nil {
		winner = t.Over.Winner
	}
	for _, p := range t.Players {
		name := c.Name(p.Seat)
		b.Players = append(b.Players, player{PlayerView: p, Name: name, Initial: kit.Initial(name),
			Away: c.IsAway(p.Seat), Me: p.Seat == me, Winner: p.Seat == winner})
	}
	return b
}

// logLook is the phone's log: the latest four lines, as the board's
// events carry no secret and no seat is told anything alone.
var logLook = kit.LogLook{Prefix: "em", ID: "embassy-events", Lines: 4}

// t words one of the board's own catalogue entries.
func (b *base) t(id string, args ...game.Arg) string { return b.c.T(id, args...) }

// player returns seat s, or a blank player.
func (b *base) player(s int) player {
	if s >= 0 && s < len(b.Players) {
		return b.Players[s]
	}
	return player{PlayerView: embassy.PlayerView{Seat: s}, Name: b.c.Name(s)}
}

// who is seat s's name, or "You" on my own phone.
func (b *base) who(s int) string {
	if s == b.Me && s >= 0 {
		return b.t("embassy.ui.you")
	}
	return b.c.Name(s)
}

// embassyName is an embassy's name ("Canada", "the USA").
func (b *base) embassyName(letter string) string {
	e, ok := embassies[letter]
	if !ok {
		return ""
	}
	return b.c.Say(game.M(e.Term))
}

// secretName is a set's name ("Rocket").
func (b *base) secretName(set string) string {
	if set == "" {
		return ""
	}
	return b.t("embassy.secret." + set)
}

// colour is the CSS colour of seat s.
func (b *base) colour(s int) string { return palette.CSS(b.player(s).Colour) }

// seatStyle sets --seat to seat s's colour.
func (b *base) seatStyle(s int) string { return "--seat:" + b.colour(s) }

func (b *base) over() bool { return b.T.Phase == embassy.PhaseOver }

// total is the latest roll's number of steps, 0 before any roll.
func (b *base) total() int {
	if b.T.Roll == nil {
		return 0
	}
	return b.T.Roll.A + b.T.Roll.B
}

// rolledNow says the dice on the table belong to the running turn.
func (b *base) rolledNow() bool { return b.T.Roll != nil && b.T.Roll.Seat == b.T.Active }

// deadline is the running time limit's deadline, 0 for none.
func (b *base) deadline() int64 {
	if b.T.Timer == nil {
		return 0
	}
	return b.T.Timer.At
}

// cards counts the cards in seat p's numbered slots.
func cards(p embassy.PlayerView) int {
	n := 0
	for _, s := range p.Slots {
		if s {
			n++
		}
	}
	return n
}

// status is the running moment in one sentence, for whoever watches: the
// table screen and the phones of the players who wait.
func (b *base) status() string {
	if b.c.Ended {
		return b.t("game.page.result.ended")
	}
	t := b.T
	// The phone of the awaited player asks instead (phone.go), so the
	// sentence always names someone else.
	active, awaiting := game.P("who", game.Seat(t.Active)), game.P("who", game.Seat(t.Awaiting))
	target := -1
	if t.Challenge != nil {
		target = t.Challenge.Target
	}
	switch t.Phase {
	case embassy.PhaseRoll:
		return b.t("embassy.ui.status.roll", active)
	case embassy.PhaseMove:
		return b.t("embassy.ui.status.move", active, game.N("n", b.total()))
	case embassy.PhaseChallenge:
		return b.t("embassy.ui.status.challenge", active)
	case embassy.PhaseGuess:
		return b.t("embassy.ui.status.guess", active, game.X("target", b.whose(target)))
	case embassy.PhasePenalty:
		return b.t("embassy.ui.status.penalty", awaiting, game.X("from", b.whose(t.Active)))
	case embassy.PhaseKeep:
		return b.t("embassy.ui.status.keep", awaiting)
	case embassy.PhaseSlot:
		return b.t("embassy.ui.status.slot", awaiting)
	case embassy.PhaseFifth:
		return b.t("embassy.ui.status.fifth", awaiting)
	case embassy.PhasePlace:
		return b.t("embassy.ui.status.place", awaiting)
	case embassy.PhaseImmobile:
		return b.t("embassy.ui.status.immobile", active)
	case embassy.PhaseBlocked:
		return b.t("embassy.ui.status.blocked", active, game.N("n", b.total()))
	case embassy.PhaseOver:
		if t.Over != nil {
			return b.c.Say(t.Over.Summary)
		}
	}
	return ""
}

// whose is "Anna’s", or "your" on my own phone.
func (b *base) whose(s int) string {
	if s == b.Me && s >= 0 {
		return b.t("embassy.ui.your")
	}
	return b.t("embassy.ui.whose", game.P("who", game.Seat(s)))
}

// eventSeq is a data-seq value unique per board and kind of moment.
func eventSeq(prefix string, seq int) string { return prefix + "-" + kit.Itoa(seq) }
