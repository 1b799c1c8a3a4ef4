package server

import (
	"net/http"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Rejoin tries: a rejoin code has six letters of 23, some 148 million
// codes, so a few tries a minute for each address and a few dozen for a
// whole room leave guessing hopeless. The room's own limit holds even for
// a guesser who has many addresses to try from.
const (
	triesPerAddress = 5  // a minute, per room and address
	triesPerRoom    = 30 // a minute, per room
	triesTracked    = 4096
)

// tries limits rejoin attempts (typed codes, requests to the host) per room
// and per room and address, in rooms that exist: made-up room codes never
// reach it, so they cannot push a room's count out. The per-address
// limiters past triesTracked are forgotten least recently used first,
// which bounds memory; the rooms' limiters are kept until they are full
// again, when forgetting one loses nothing.
type tries struct {
	mu    sync.Mutex
	rooms map[string]*rate.Limiter // by what|code
	swept time.Time                // when rooms was last cleared of full limiters
	own   *lru[string, *rate.Limiter]
}

func newTries() *tries {
	return &tries{rooms: map[string]*rate.Limiter{}, own: newLRU[string, *rate.Limiter](triesTracked)}
}

// allow reports whether one more try of what in room code, which exists,
// from r's address may go ahead at now (the rooms' clock), and counts it.
func (t *tries) allow(r *http.Request, what, code string, now time.Time) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.sweep(now)
	room, ok := t.rooms[what+"|"+code]
	if !ok {
		room = newTryLimiter(triesPerRoom)
		t.rooms[what+"|"+code] = room
	}
	key := what + "|" + code + "|" + clientAddr(r)
	own, ok := t.own.get(key)
	if !ok {
		own = newTryLimiter(triesPerAddress)
		t.own.put(key, own)
	}
	// The address is asked first, so its refused tries do not use up the room's.
	return own.AllowN(now, 1) && room.AllowN(now, 1)
}

// sweep forgets, at most once a minute, the rooms' limiters that have
// filled up again: such a limiter is what a new one would be.
func (t *tries) sweep(now time.Time) {
	if now.Sub(t.swept) < time.Minute {
		return
	}
	t.swept = now
	for k, l := range t.rooms {
		if l.TokensAt(now) >= float64(l.Burst()) {
			delete(t.rooms, k)
		}
	}
}

func newTryLimiter(perMinute int) *rate.Limiter {
	return rate.NewLimiter(rate.Limit(float64(perMinute)/60), perMinute)
}
