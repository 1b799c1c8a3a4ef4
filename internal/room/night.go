package room

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"topsecret/internal/game"
	"topsecret/internal/store"
)

// A night in one room: the phones join once and the host picks game after
// game. A match's game seats are the room's members who play it, in table
// order (match.Seats maps each game seat to its room seat); the members a
// game has no seat for sit it out and watch, and are back for the next.

// PickGame makes slug, with options, the game the room plays next; host
// only, and not while a match is played. Every screen follows into its
// lobby; the room keeps its members, their names and bots, and its
// finished matches of every game. Members sitting out stay out when the
// room still holds more than the game takes, and are all in when it fits.
func (r *Room) PickGame(ctx context.Context, id Identity, slug string, options json.RawMessage) error {
	return r.do(ctx, func() error {
		if !r.isHost(id) {
			return ErrForbidden
		}
		if r.playing() {
			return refuseSaid("game.refuse.game_between")
		}
		e, ok := r.reg.game(slug)
		if !ok {
			return refuseSaid("game.refuse.no_game", game.X("game", slug))
		}
		opts, err := e.Rules.Options(options)
		if err != nil {
			return refuseFor(err)
		}
		pick := store.GamePick{Game: slug, Options: opts, After: r.lastNumber()}
		if err := r.reg.Store.SetRoomGame(ctx, r.rec.Code, pick); err != nil {
			return fmt.Errorf("pick game: %w", err)
		}
		r.rec.Game, r.rec.Options, r.rec.PickedAfter, r.entry = slug, opts, pick.After, e
		r.toLobby()
		if len(r.seats) <= e.Info.MaxPlayers {
			if err := r.allPlay(ctx); err != nil {
				return err
			}
		}
		r.announce(game.M("game.night.picked", game.T("game", e.Info.Name)))
		r.changed()
		return nil
	})
}

// SitOut leaves a member out of the current game's matches (out) or lets
// them play it again; host only, and only between matches. A member who
// sits out watches the table with their own phone and is still in the
// room for the next game.
func (r *Room) SitOut(ctx context.Context, id Identity, seatID string, out bool) error {
	return r.do(ctx, func() error {
		if !r.isHost(id) {
			return ErrForbidden
		}
		if r.playing() {
			return refuseSaid("game.refuse.seats_between")
		}
		i := r.seatIndex(seatID)
		if i < 0 {
			return store.ErrNotFound
		}
		if r.seats[i].SitsOut == out {
			return nil
		}
		if !out && len(r.players()) >= r.entry.Info.MaxPlayers {
			return refuseSaid("game.refuse.full", game.N("n", r.entry.Info.MaxPlayers))
		}
		seats := slices.Clone(r.seats)
		seats[i].SitsOut = out
		return r.putSeats(ctx, seats)
	})
}

// players are the members who play the current game, in table order: the
// game seats of its next match.
func (r *Room) players() []store.Seat {
	out := make([]store.Seat, 0, len(r.seats))
	for _, s := range r.seats {
		if !s.SitsOut {
			out = append(out, s)
		}
	}
	return out
}

// allPlay lets every member play again.
func (r *Room) allPlay(ctx context.Context) error {
	if !slices.ContainsFunc(r.seats, func(s store.Seat) bool { return s.SitsOut }) {
		return nil
	}
	seats := slices.Clone(r.seats)
	for i := range seats {
		seats[i].SitsOut = false
	}
	return r.putSeats(ctx, seats)
}

// lastNumber is the number of the room's newest match, 0 before any.
func (r *Room) lastNumber() int {
	switch {
	case r.match != nil:
		return r.match.rec.Number
	case len(r.finished) > 0:
		return r.finished[0].Number
	}
	return 0
}

// toLobby puts the last match, finished, among the room's history: the
// room waits in its game's lobby. The events of that match go with it;
// they name its game seats, which the next game seats differently.
func (r *Room) toLobby() {
	if r.match != nil {
		r.finished = append([]store.Match{r.match.rec}, r.finished...)
		r.match = nil
	}
	r.events = nil
}

// sameTable reports whether match m seats the same members at the same
// game seats as seats would.
func sameTable(m store.Match, seats []store.MatchSeat) bool {
	return slices.EqualFunc(m.Seats, seats, func(a, b store.MatchSeat) bool { return a.SeatID == b.SeatID })
}

// ofGame keeps the matches of game slug, in their order.
func ofGame(ms []store.Match, slug string) []store.Match {
	var out []store.Match
	for _, m := range ms {
		if m.Setup.Game == slug {
			out = append(out, m)
		}
	}
	return out
}
