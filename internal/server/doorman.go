package server

import (
	"sync"

	"golang.org/x/time/rate"
)

// Doorman keeps count of what each network address asks for: rooms
// created, seats taken, room codes tried that lead nowhere, sockets held.
// A café's phones share one address behind its router, so the limits are
// generous per address and only stop a script, never a table.
type Doorman struct {
	// Rooms, Joins and Misses are token buckets per address.
	Rooms, Joins, Misses Allowance
	// Sockets caps the websockets one address holds open at once, and
	// SocketsPerRoom the websockets of one room from anywhere.
	Sockets, SocketsPerRoom int

	buckets *lru[bucketKey, *rate.Limiter]
	mu      sync.Mutex
	open    map[string]int // by address
	inRoom  map[string]int // by room code
}

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
// minute, 300 sockets per address and 64 per room (eight players, tables
// and onlookers with room to spare).
func NewDoorman() *Doorman {
	return &Doorman{
		Rooms:          Allowance{PerMinute: 10, Burst: 60},
		Joins:          Allowance{PerMinute: 120, Burst: 200},
		Misses:         Allowance{PerMinute: 20, Burst: 60},
		Sockets:        300,
		SocketsPerRoom: 64,
		buckets:        newLRU[bucketKey, *rate.Limiter](8192),
		open:           map[string]int{},
		inRoom:         map[string]int{},
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

// AllowRoom, AllowJoin and AllowMiss take one room creation, one seat, one
// unknown room code from addr's allowance.
func (d *Doorman) AllowRoom(addr string) bool { return d.allow("room", d.Rooms, addr) }
func (d *Doorman) AllowJoin(addr string) bool { return d.allow("join", d.Joins, addr) }
func (d *Doorman) AllowMiss(addr string) bool { return d.allow("miss", d.Misses, addr) }

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

// OpenSocket counts a websocket of addr in room code; false (and nothing
// counted) when either cap is reached. Each true must be matched by a
// CloseSocket.
func (d *Doorman) OpenSocket(addr, code string) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	if (d.Sockets > 0 && d.open[addr] >= d.Sockets) || (d.SocketsPerRoom > 0 && d.inRoom[code] >= d.SocketsPerRoom) {
		return false
	}
	d.open[addr]++
	d.inRoom[code]++
	return true
}

// CloseSocket forgets a socket OpenSocket counted.
func (d *Doorman) CloseSocket(addr, code string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.open[addr]--; d.open[addr] <= 0 {
		delete(d.open, addr)
	}
	if d.inRoom[code]--; d.inRoom[code] <= 0 {
		delete(d.inRoom, code)
	}
}

// slowDown is a request refused because its address used up an allowance;
// id is the catalogue message that says which.
type slowDown struct{ id string }

func (e *slowDown) Error() string { return e.id }

// NoDoorman lets everything in: for load tests from one machine.
func NoDoorman() *Doorman {
	d := NewDoorman()
	d.Rooms, d.Joins, d.Misses = Allowance{}, Allowance{}, Allowance{}
	d.Sockets, d.SocketsPerRoom = 0, 0
	return d
}
