package server

import (
	"sync"

	"golang.org/x/time/rate"
)

// Doorman keeps count of what each network address asks for: rooms
// created, seats taken, room codes tried that lead nowhere, replays read,
// host calls made, sockets held.
// A café's phones share one address behind its router, so the limits are
// generous per address and only stop a script, never a table.
type Doorman struct {
	// Rooms, Joins and Misses are token buckets per address; so are
	// Replays (replay pages, steps and match records, each a replay of a
	// log when not cached) and HostCalls (a host's settings, moves, kicks
	// and such, each of which redraws every phone of the room).
	Rooms, Joins, Misses, Replays, HostCalls Allowance
	// Sockets caps the websockets one address holds open at once; a seat's
	// and the host token's first heldAlways connections in a room are let
	// in past it, so a player whose café address someone else filled
	// still gets in.
	Sockets int
	// WatchersPerRoom caps one room's websockets that hold neither a seat
	// nor the host token (spectators, table screens opened without
	// either), and SocketsPerHolder each seat's and the host token's own
	// in one room. The two are counted apart: watchers never take the
	// room a seat or the host needs, and no player opens hundreds.
	WatchersPerRoom, SocketsPerHolder int

	buckets  *lru[bucketKey, *rate.Limiter]
	mu       sync.Mutex
	open     map[string]int    // by address
	watchers map[string]int    // by room code
	held     map[holderKey]int // by room code and holder
}

// holderKey names a seat's or the host token's connections in one room.
type holderKey struct{ code, holder string }

// heldAlways is how many connections of a seat or the host token in a
// room the per-address cap never refuses: the phone, and the same phone
// again before the server noticed its last connection drop.
const heldAlways = 2

// Allowance is a token bucket: Burst at once, refilled at PerMinute.
type Allowance struct {
	PerMinute float64
	Burst     int
}

type bucketKey struct {
	kind string
	addr string
}

// NewDoorman returns the default limits: 60 rooms at once then 10 a
// minute, 200 seats then 120 a minute, 60 unknown room codes then 20 a
// minute, 600 replay requests then 300 a minute (a table stepping through
// replays on several phones at once), 600 host calls then 300 a minute
// (a host tapping through settings as fast as fingers go), 300 sockets per
// address, 48 watchers per room (tables and onlookers with room to spare)
// and 6 sockets per seat or host token in a room (a phone, a tablet, a
// table screen, and reloads).
func NewDoorman() *Doorman {
	return &Doorman{
		Rooms:            Allowance{PerMinute: 10, Burst: 60},
		Joins:            Allowance{PerMinute: 120, Burst: 200},
		Misses:           Allowance{PerMinute: 20, Burst: 60},
		Replays:          Allowance{PerMinute: 300, Burst: 600},
		HostCalls:        Allowance{PerMinute: 300, Burst: 600},
		Sockets:          300,
		WatchersPerRoom:  48,
		SocketsPerHolder: 6,
		buckets:          newLRU[bucketKey, *rate.Limiter](8192),
		open:             map[string]int{},
		watchers:         map[string]int{},
		held:             map[holderKey]int{},
	}
}

// allow takes one token from addr's bucket of kind.
func (d *Doorman) allow(kind string, a Allowance, addr string) bool {
	if a.Burst <= 0 {
		return true
	}
	k := bucketKey{kind, addr}
	d.mu.Lock()
	l, ok := d.buckets.get(k)
	if !ok {
		l = rate.NewLimiter(rate.Limit(a.PerMinute/60), a.Burst)
		d.buckets.put(k, l)
	}
	d.mu.Unlock()
	return l.Allow()
}

// AllowRoom, AllowJoin, AllowMiss, AllowReplay and AllowHostCall take one
// room creation, one seat, one unknown room code, one replay request, one
// host call from addr's allowance.
func (d *Doorman) AllowRoom(addr string) bool     { return d.allow("room", d.Rooms, addr) }
func (d *Doorman) AllowJoin(addr string) bool     { return d.allow("join", d.Joins, addr) }
func (d *Doorman) AllowMiss(addr string) bool     { return d.allow("miss", d.Misses, addr) }
func (d *Doorman) AllowReplay(addr string) bool   { return d.allow("replay", d.Replays, addr) }
func (d *Doorman) AllowHostCall(addr string) bool { return d.allow("host", d.HostCalls, addr) }

// MayMiss reports whether addr has unknown-code guesses left, without
// spending one: a guesser out of them is refused before the lookup.
func (d *Doorman) MayMiss(addr string) bool {
	if d.Misses.Burst <= 0 {
		return true
	}
	d.mu.Lock()
	l, ok := d.buckets.get(bucketKey{"miss", addr})
	d.mu.Unlock()
	return !ok || l.Tokens() >= 1
}

// OpenSocket counts a websocket of addr in room code held by holder (a
// seat or the host token; "" for a watcher); false, and nothing counted,
// when a cap is reached. Each true must be matched by a CloseSocket with
// the same arguments.
func (d *Doorman) OpenSocket(addr, code, holder string) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	full := func(limit, n int) bool { return limit > 0 && n >= limit }
	if holder == "" {
		if full(d.Sockets, d.open[addr]) || full(d.WatchersPerRoom, d.watchers[code]) {
			return false
		}
		d.watchers[code]++
	} else {
		k := holderKey{code, holder}
		n := d.held[k]
		if full(d.SocketsPerHolder, n) || (n >= heldAlways && full(d.Sockets, d.open[addr])) {
			return false
		}
		d.held[k]++
	}
	d.open[addr]++
	return true
}

// CloseSocket forgets a socket OpenSocket counted.
func (d *Doorman) CloseSocket(addr, code, holder string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.open[addr]--; d.open[addr] <= 0 {
		delete(d.open, addr)
	}
	if holder == "" {
		if d.watchers[code]--; d.watchers[code] <= 0 {
			delete(d.watchers, code)
		}
		return
	}
	k := holderKey{code, holder}
	if d.held[k]--; d.held[k] <= 0 {
		delete(d.held, k)
	}
}

// slowDown is a request refused because its address used up an allowance;
// id is the catalogue message that says which.
type slowDown struct{ id string }

func (e *slowDown) Error() string { return e.id }

// NoDoorman lets everything in: for load tests from one machine.
func NoDoorman() *Doorman {
	d := NewDoorman()
	d.Rooms, d.Joins, d.Misses, d.Replays, d.HostCalls = Allowance{}, Allowance{}, Allowance{}, Allowance{}, Allowance{}
	d.Sockets, d.WatchersPerRoom, d.SocketsPerHolder = 0, 0, 0
	return d
}
