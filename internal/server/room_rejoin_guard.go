package server

import (
	"net/http"
	"sync"

	"golang.org/x/time/rate"
)

// Rejoin tries: a rejoin code has six letters of 23, some 148 million
// codes, so a few tries a minute for each address and a few dozen for a
// whole room leave guessing hopeless. The room's own limit holds even for
// a guesser who forges X-Forwarded-For to look like many addresses.
const (
	triesPerAddress = 5  // a minute, per room and address
	triesPerRoom    = 30 // a minute, per room
	triesTracked    = 4096
)

// tries limits rejoin attempts (typed codes, requests to the host) per room
// and per room and address. The least recently seen keys are forgotten
// past triesTracked, which bounds memory.
type tries struct {
	mu       sync.Mutex
	limiters *lru[string, *rate.Limiter]
}

func newTries() *tries { return &tries{limiters: newLRU[string, *rate.Limiter](triesTracked)} }

// allow reports whether one more try in room code from r's address may go
// ahead, and counts it.
func (t *tries) allow(r *http.Request, what, code string) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	addr := clientAddr(r)
	room := t.limiter(what+"|"+code, triesPerRoom)
	own := t.limiter(what+"|"+code+"|"+addr, triesPerAddress)
	// The address is asked first, so its refused tries do not use up the room's.
	return own.Allow() && room.Allow()
}

func (t *tries) limiter(key string, perMinute int) *rate.Limiter {
	l, ok := t.limiters.get(key)
	if !ok {
		l = rate.NewLimiter(rate.Limit(float64(perMinute)/60), perMinute)
		t.limiters.put(key, l)
	}
	return l
}
