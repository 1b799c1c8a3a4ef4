package room

import (
	"context"
	"fmt"
	"slices"

	"topsecret/internal/game"
	"topsecret/internal/store"
)

// StandinStrikes is how many timers may run out on a seat whose phone is
// away before a bot plays it until its player comes back.
const StandinStrikes = 2

// Replace lets a bot play a person's seat in the running match at once,
// until the player takes it back; host only.
func (r *Room) Replace(ctx context.Context, id Identity, seatID string) error {
	return r.do(ctx, func() error {
		if !r.isHost(id) {
			return ErrForbidden
		}
		if !r.playing() {
			return refuseSaid("game.refuse.rescue_lobby")
		}
		i := r.seatIndex(seatID)
		if i < 0 {
			return store.ErrNotFound
		}
		if _, ok := r.match.seatOf(seatID); !ok || r.seats[i].Bot {
			return refuseSaid("game.refuse.rescue_seat")
		}
		if r.seats[i].Standin {
			return nil
		}
		return r.setStandin(ctx, i, true)
	})
}

// TakeBack hands a seat a bot plays back to its player: the holder of the
// seat's token. Taking back a seat nobody stands in for does nothing.
func (r *Room) TakeBack(ctx context.Context, seatID string) error {
	return r.do(ctx, func() error {
		return r.takeBack(ctx, seatID)
	})
}

// takeBack is TakeBack inside the room's turn; an act from the seat's own
// phone takes it back too.
func (r *Room) takeBack(ctx context.Context, seatID string) error {
	i := r.seatIndex(seatID)
	if i < 0 || seatID == "" {
		return ErrNotSeated
	}
	delete(r.strikes, seatID)
	if !r.seats[i].Standin {
		return nil
	}
	return r.setStandin(ctx, i, false)
}

// EndMatch ends the running match with no winner and no points, recorded
// as ended by the host; host only. The lobby is open for the next match.
func (r *Room) EndMatch(ctx context.Context, id Identity) error {
	return r.do(ctx, func() error {
		if !r.isHost(id) {
			return ErrForbidden
		}
		if !r.playing() {
			return refuseSaid("game.refuse.no_match")
		}
		m := r.match
		if err := r.storeFinish(ctx, game.EndedByHost(len(m.rec.Seats))); err != nil {
			return err
		}
		r.addEvents(&m.rec, []game.Event{{Msg: game.M("game.event.ended_by_host")}})
		r.changed()
		r.arm()
		return nil
	})
}

// setStandin stores seat i's stand-in flag, then shows it and lets the
// bots look at the match again.
func (r *Room) setStandin(ctx context.Context, i int, on bool) error {
	seats := slices.Clone(r.seats)
	seats[i].Standin = on
	id := "game.event.bot_takes_over"
	if !on {
		id = "game.event.seat_taken_back"
	}
	if err := r.putSeats(ctx, seats); err != nil {
		return err
	}
	if r.match != nil {
		if seat, ok := r.match.seatOf(seats[i].ID); ok {
			r.addEvents(&r.match.rec, []game.Event{{Msg: game.M(id, game.P("who", seat))}})
			r.changed()
		}
	}
	r.arm()
	return nil
}

// standin reports whether a bot plays the room seat seatID for its player.
func (r *Room) standin(seatID string) bool {
	i := r.seatIndex(seatID)
	return i >= 0 && r.seats[i].Standin
}

// botSoon reports whether a timer already ran out on the person's seat
// seatID while its phone was away: unless the phone comes back, a bot
// plays it from the next one.
func (r *Room) botSoon(seatID string) bool {
	return r.strikes[seatID] > 0 && !r.standin(seatID)
}

// botPlays reports whether a bot chooses seat i's moves in the live match.
func (r *Room) botPlays(i int) bool {
	s := r.match.rec.Seats[i]
	return s.Bot || r.standin(s.SeatID)
}

// strike counts a timer that ran out while these seats were to act. A
// person's seat whose phone is away gets a strike; at StandinStrikes a bot
// plays it until its player comes back and takes it back.
func (r *Room) strike(ctx context.Context, waiting []game.Seat) {
	m := r.match
	for _, seat := range waiting {
		if int(seat) < 0 || int(seat) >= len(m.rec.Seats) {
			continue
		}
		id := m.rec.Seats[seat].SeatID
		i := r.seatIndex(id)
		if i < 0 || r.seats[i].Bot || r.seats[i].Standin || r.online[id] > 0 {
			continue
		}
		r.strikes[id]++
		if r.strikes[id] < StandinStrikes {
			// Every screen now says a bot is coming (SeatState.BotSoon).
			r.changed()
			continue
		}
		delete(r.strikes, id)
		if err := r.setStandin(ctx, i, true); err != nil {
			r.log().Error("stand in for an away seat", "seat", id, "err", fmt.Errorf("strike: %w", err))
		}
	}
}
