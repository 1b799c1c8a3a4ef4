package room

import (
	"context"
	"errors"
	"fmt"
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
// (it is not ours); any append the room still tried would hit the log's
// unique (match, index) key and fail.
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
