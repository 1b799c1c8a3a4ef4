package room

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/google/uuid"

	"topsecret/internal/game"
	"topsecret/internal/store"
)

// Joined is what a new player gets: their seat and the token that proves it.
type Joined struct {
	Seat  store.Seat
	Token string
}

// Join seats a new player. Once a match is running, newcomers watch instead.
func (r *Room) Join(ctx context.Context, name string) (Joined, error) {
	name, err := CleanName(name)
	if err != nil {
		return Joined{}, err
	}
	var j Joined
	err = r.do(ctx, func() error {
		if err := r.lobbyOpen(); err != nil {
			return err
		}
		for _, s := range r.seats {
			if sameName(s.Name, name) {
				return refuseSaid("game.refuse.name_taken", game.X("name", name))
			}
		}
		token := NewToken()
		s := store.Seat{ID: uuid.NewString(), Name: name, TokenHash: store.Hash(token), JoinedAt: r.now().UTC()}
		if err := r.putSeats(ctx, append(slices.Clone(r.seats), s)); err != nil {
			return err
		}
		// The seat as stored, with the position the table gave it.
		j = Joined{Seat: r.seats[len(r.seats)-1], Token: token}
		return nil
	})
	return j, err
}

// AddBot seats a computer player; host only.
func (r *Room) AddBot(ctx context.Context, id Identity) (store.Seat, error) {
	var s store.Seat
	err := r.do(ctx, func() error {
		if !r.isHost(id) {
			return ErrForbidden
		}
		if err := r.lobbyOpen(); err != nil {
			return err
		}
		s = store.Seat{ID: uuid.NewString(), Name: r.botName(), Bot: true, JoinedAt: r.now().UTC()}
		if err := r.putSeats(ctx, append(slices.Clone(r.seats), s)); err != nil {
			return err
		}
		s = r.seats[len(r.seats)-1]
		return nil
	})
	return s, err
}

// botNames start with different letters, so bots' avatars tell them apart.
var botNames = []string{"Ada", "Bix", "Cleo", "Dex", "Echo", "Fizz", "Gus", "Hex"}

func (r *Room) botName() string {
	for _, n := range botNames {
		if !slices.ContainsFunc(r.seats, func(s store.Seat) bool { return s.Name == n }) {
			return n
		}
	}
	return fmt.Sprintf("Bot %d", len(r.seats)+1)
}

// Kick removes a seat; host only, and not during a match.
func (r *Room) Kick(ctx context.Context, id Identity, seatID string) error {
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
		if seatID == r.rec.Host.Seat {
			return refuseSaid("game.refuse.kick_host")
		}
		return r.putSeats(ctx, slices.Delete(slices.Clone(r.seats), i, i+1))
	})
}

// Move puts a seat at position to, so the seats match the real table's order; host only.
func (r *Room) Move(ctx context.Context, id Identity, seatID string, to int) error {
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
		if to < 0 || to >= len(r.seats) {
			return refuseSaid("game.refuse.no_place")
		}
		seats := slices.Clone(r.seats)
		s := seats[i]
		seats = slices.Insert(slices.Delete(seats, i, i+1), to, s)
		return r.putSeats(ctx, seats)
	})
}

// SetOptions changes the lobby options for the next match; host only.
func (r *Room) SetOptions(ctx context.Context, id Identity, raw json.RawMessage) error {
	return r.do(ctx, func() error {
		if !r.isHost(id) {
			return ErrForbidden
		}
		if r.playing() {
			return refuseSaid("game.refuse.options_between")
		}
		opts, err := r.entry.Rules.Options(raw)
		if err != nil {
			return refuseFor(err)
		}
		if err := r.reg.Store.SetRoomOptions(ctx, r.rec.Code, opts); err != nil {
			return fmt.Errorf("set options: %w", err)
		}
		r.rec.Options = opts
		r.changed()
		return nil
	})
}

func (r *Room) lobbyOpen() error {
	if r.playing() {
		return refuseSaid("game.refuse.started")
	}
	if len(r.players()) >= r.entry.Info.MaxPlayers {
		return refuseSaid("game.refuse.full", game.N("n", r.entry.Info.MaxPlayers))
	}
	return nil
}

func (r *Room) seatIndex(id string) int {
	return slices.IndexFunc(r.seats, func(s store.Seat) bool { return s.ID == id })
}

func (r *Room) putSeats(ctx context.Context, seats []store.Seat) error {
	for i := range seats {
		seats[i].Position = i
	}
	if err := r.reg.Store.PutSeats(ctx, r.rec.Code, seats); err != nil {
		return fmt.Errorf("put seats: %w", err)
	}
	r.seats = seats
	r.changed()
	return nil
}

// SeatByToken returns the seat a token proves, or false. Seats keep only
// their token's hash, compared in constant time.
func (r *Room) SeatByToken(ctx context.Context, token string) (store.Seat, bool) {
	var s store.Seat
	var ok bool
	if token == "" {
		return s, false
	}
	hash := store.Hash(token)
	_ = r.do(ctx, func() error {
		for _, x := range r.seats {
			if x.TokenHash != "" && subtleEqual(x.TokenHash, hash) {
				s, ok = x, true
			}
		}
		return nil
	})
	return s, ok
}
