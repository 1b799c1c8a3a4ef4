package room

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"topsecret/internal/game"
	"topsecret/internal/store"
)

// Owners decides which server instance runs each room when several share
// one database. A nil Owners (one instance, the SQLite default) means this
// instance runs every room.
type Owners interface {
	// Claim makes this instance the room's owner unless another live
	// instance owns it, whose address it then returns; "" means ours.
	Claim(ctx context.Context, code string) (elsewhere string, err error)
	// Release gives the room up; the registry calls it only after the
	// room's goroutine stopped, so its last commit is stored.
	Release(code string)
}

// Elsewhere is the error Get returns for a room another instance runs: the
// caller forwards the request to Address.
type Elsewhere struct {
	Code    string
	Address string
}

func (e *Elsewhere) Error() string { return fmt.Sprintf("room %s runs at %s", e.Code, e.Address) }

// IsElsewhere reports whether err says the room runs on another instance,
// and where.
func IsElsewhere(err error) (*Elsewhere, bool) {
	var e *Elsewhere
	ok := errors.As(err, &e)
	return e, ok
}

// claim asks Owners, if any, for the room before it is loaded here.
func (g *Registry) claim(ctx context.Context, code string) error {
	if g.Owners == nil {
		return nil
	}
	addr, err := g.Owners.Claim(ctx, code)
	if err != nil {
		return fmt.Errorf("claim room %s: %w", code, err)
	}
	if addr != "" {
		return &Elsewhere{Code: code, Address: addr}
	}
	return nil
}

func (g *Registry) release(code string) {
	if g.Owners != nil {
		g.Owners.Release(code)
	}
}

// Drop stops a room at once because this instance lost its lease: another
// instance may be running it already. Its subscribers are told to
// reconnect, which brings them to the new owner. The lease is not released
// (it is not ours); any write the room still tried would be refused by the
// store's lease fence (see Fence), or by the log's unique (match, index)
// key.
func (g *Registry) Drop(code string) {
	g.mu.Lock()
	r := g.rooms[code]
	delete(g.rooms, code)
	g.mu.Unlock()
	if r != nil {
		stopRoom(r)
		g.Log.Warn("dropped a room whose lease was lost", "room", code)
	}
}

// Live lists the codes of the rooms running here, for the lease keeper
// and tests.
func (g *Registry) Live() []string {
	g.mu.Lock()
	defer g.mu.Unlock()
	codes := make([]string, 0, len(g.rooms))
	for code, r := range g.rooms {
		if !r.stopped() {
			codes = append(codes, code)
		}
	}
	return codes
}

// Running reports whether the room with code runs here now, without
// loading it: Live for one room.
func (g *Registry) Running(code string) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	r, ok := g.rooms[code]
	return ok && !r.stopped()
}

// Fence makes the registry write through s, a store whose room writes need
// this instance's lease (store.Leases.FencedBy). A write it refuses with
// store.ErrLeaseLost drops the room at once, without waiting for the lease
// keeper's next beat to notice: another instance runs it now, and its
// clients reconnect to that one.
func (g *Registry) Fence(s store.Store) { g.Store = lostDrops{Store: s, g: g} }

// lostDrops passes every call to its store and drops a room whose write
// was refused for a lost lease.
type lostDrops struct {
	store.Store
	g *Registry
}

func (l lostDrops) check(code string, err error) error {
	if errors.Is(err, store.ErrLeaseLost) {
		// Off the caller's goroutine: the caller is the room itself,
		// which Drop stops and waits for.
		go l.g.Drop(code)
	}
	return err
}

func (l lostDrops) PutSeats(ctx context.Context, code string, seats []store.Seat) error {
	return l.check(code, l.Store.PutSeats(ctx, code, seats))
}

func (l lostDrops) SetRoomHost(ctx context.Context, code string, h store.Host) error {
	return l.check(code, l.Store.SetRoomHost(ctx, code, h))
}

func (l lostDrops) SetRoomOptions(ctx context.Context, code string, options json.RawMessage) error {
	return l.check(code, l.Store.SetRoomOptions(ctx, code, options))
}

func (l lostDrops) SetRoomGame(ctx context.Context, code string, p store.GamePick) error {
	return l.check(code, l.Store.SetRoomGame(ctx, code, p))
}

func (l lostDrops) PutSeatPass(ctx context.Context, p store.SeatPass) error {
	return l.check(p.RoomCode, l.Store.PutSeatPass(ctx, p))
}

func (l lostDrops) EndSeatPass(ctx context.Context, code, seatID string, at time.Time) error {
	return l.check(code, l.Store.EndSeatPass(ctx, code, seatID, at))
}

func (l lostDrops) PutNote(ctx context.Context, matchID string, seat game.Seat, note json.RawMessage) error {
	return l.checkMatch(ctx, matchID, l.Store.PutNote(ctx, matchID, seat, note))
}

func (l lostDrops) SetRoomBotStrength(ctx context.Context, code string, s game.Strength) error {
	return l.check(code, l.Store.SetRoomBotStrength(ctx, code, s))
}

func (l lostDrops) SetRoomNightClosed(ctx context.Context, code string, closed bool) error {
	return l.check(code, l.Store.SetRoomNightClosed(ctx, code, closed))
}

func (l lostDrops) CreateMatch(ctx context.Context, m store.Match) error {
	return l.check(m.RoomCode, l.Store.CreateMatch(ctx, m))
}

func (l lostDrops) AppendAction(ctx context.Context, rec store.ActionRecord) error {
	return l.checkMatch(ctx, rec.MatchID, l.Store.AppendAction(ctx, rec))
}

func (l lostDrops) FinishMatch(ctx context.Context, id string, result game.Result, at time.Time) error {
	return l.checkMatch(ctx, id, l.Store.FinishMatch(ctx, id, result, at))
}

// checkMatch finds the room of a write refused by match: a rare path,
// worth a read to drop the room at once.
func (l lostDrops) checkMatch(ctx context.Context, matchID string, err error) error {
	if errors.Is(err, store.ErrLeaseLost) {
		if m, merr := l.Store.Match(context.WithoutCancel(ctx), matchID); merr == nil {
			l.check(m.RoomCode, err)
		}
	}
	return err
}
