package embassy

import (
	"topsecret/internal/game"
)

// Bot plays a seat from that seat's view and its memory of what the view
// showed (memory.go), never from hidden state. It collects the set it holds
// most of, walks toward the embassies most likely to hold it (cards it saw
// placed, cards it followed from a reveal), challenges where it remembers
// a card or the odds are best, swaps a fifth card in when it completes more
// of its set, and puts unwanted cards back far from the other spies. Its
// memory fades: an old fact is recalled less surely than a fresh one.
type Bot struct{}

// Bot returns the game's computer player.
func (Rules) Bot() game.Bot { return Bot{} }

// Act picks seat s's next action at time now, or reports false when the
// match does not wait for s. Should its choice ever be refused, it plays
// a random legal move rather than stall the table.
func (Bot) Act(st game.State, seat game.Seat, now int64, r *game.Rand) (game.Action, bool) {
	m, s, ok := game.Seated[*match](st, seat)
	if !ok || m.awaited() != s {
		return game.Action{}, false
	}
	b := newBrain(m.seatView(int(seat)), &m.recall[int(seat)], m.Legal(seat), r)
	a := b.action(b.decide())
	if st.Check(a) != nil {
		a = b.action(b.anyMove(""))
	}
	a.Seat, a.At = seat, now
	return a, st.Check(a) == nil
}

// action is a decision as an action of my seat.
func (b *brain) action(typ string, data any) game.Action {
	a := game.Action{Seat: game.Seat(b.me), Type: typ}
	if data != nil {
		a.Data = mustJSON(data)
	}
	return a
}
