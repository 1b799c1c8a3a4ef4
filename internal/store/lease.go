package store

import (
	"context"
	"errors"
	"time"
)

// ErrLeaseLost means a room write came from an instance that does not hold
// the room's lease (any more): another instance may run the room now, so
// the write was refused and nothing changed. The caller drops the room;
// its clients reconnect to the owner and may retry.
var ErrLeaseLost = errors.New("room lease lost")

// Lease says which server instance runs a room, until when.
type Lease struct {
	RoomCode string
	Instance string // the holder's id
	Address  string // where the holder takes forwarded requests
	Expires  time.Time
}

// Instance is a server instance sharing the database.
type Instance struct {
	ID      string
	Address string // where the others forward its rooms' requests
}

// Leases coordinates several server instances sharing one database: each
// registers itself, and each room runs on the one instance holding its
// lease. Only a shared database implements it (PostgreSQL); every expiry is
// the database's own clock, so no two machines' clocks are compared.
type Leases interface {
	// Register records (or refreshes) an instance and the address other
	// instances reach it at.
	Register(ctx context.Context, instance, address string) error
	// Renew marks instance alive and extends its leases of the rooms in
	// codes to ttl from now, returning the codes it still holds. A room
	// missing from the answer was taken by another instance after its
	// lease expired; a lease of instance's not in codes is left to lapse
	// (a room it stopped without releasing). It also returns how many
	// instances beat within ttl. ErrNotFound if instance is not registered.
	Renew(ctx context.Context, instance string, codes []string, ttl time.Duration) (held []string, live int, err error)
	// Claim gives instance the room's lease for ttl, unless another
	// instance holds an unexpired one; either way it returns the lease now
	// in force.
	Claim(ctx context.Context, code, instance string, ttl time.Duration) (Lease, error)
	// Release gives up instance's lease of a room (nothing if it holds none).
	Release(ctx context.Context, code, instance string) error
	// Retire releases every lease of instance and removes its record: a
	// graceful stop.
	Retire(ctx context.Context, instance string) error
	// Supersede retires every instance other than instance registered at
	// address, and returns how many there were: a process that now listens
	// at an instance's address is that instance's successor, and the
	// predecessor, killed without retiring, is gone. Its rooms are then
	// claimed at once instead of after their leases lapse.
	Supersede(ctx context.Context, instance, address string) (int, error)
	// Orphans lists the rooms with a match in play whose lease expired
	// unreleased: their instance died running them, and their bots and
	// timers wait for someone to adopt them. A room whose lease was
	// released (it went idle, or its instance drained) or never taken is
	// no orphan: it waits in the store for a phone to ask for it.
	Orphans(ctx context.Context) ([]string, error)
	// Held lists every unexpired lease, for operators and tests.
	Held(ctx context.Context) ([]Lease, error)
	// Instances lists the instances whose heartbeat is younger than
	// within, ordered by id: the fleet a room may be handed to.
	Instances(ctx context.Context, within time.Duration) ([]Instance, error)
	// Hand gives from's unexpired lease of a room to instance to for ttl,
	// as if to had claimed it: every instance then forwards the room's
	// requests to to, which loads the room on the first (its own Claim
	// finds the lease its own). False, and nothing changed, if from holds
	// no unexpired lease of the room or to is not registered.
	Hand(ctx context.Context, code, from, to string, ttl time.Duration) (bool, error)
	// DeleteUnplayedRoom, on such a store, also refuses (ErrConflict) a
	// room under an unexpired lease: its lobby is live on some instance.

	// FencedBy is the store as instance writes to it: every write a room
	// makes (its seats, host, options, game, bot strength, night, a seat's
	// one-time link, a seat's notes, a new or finished match, an append to
	// its log) succeeds only while instance holds the room's unexpired
	// lease, checked in the same transaction, which also keeps the lease
	// from moving until it commits; otherwise ErrLeaseLost and nothing
	// changes.
	// It shares the store's connections: closing either closes both.
	FencedBy(instance string) Store
}
