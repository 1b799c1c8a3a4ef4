package loadtest

import (
	"maps"
	"sync"
	"sync/atomic"
)

// stats counts what happened in the measured window. Actions count when
// they were due inside it; frames, disconnects and finished matches when
// they happened inside it.
type stats struct {
	measuring atomic.Bool

	sent, idle, acked atomic.Int64
	// again counts actions sent by a seat still awaiting an earlier answer,
	// because no seat was free.
	again atomic.Int64
	// resent counts actions sent again, under their id, on a new socket
	// because the old one died before their answer came.
	resent        atomic.Int64
	frames, bytes atomic.Int64
	matches       atomic.Int64
	// quiet counts answered actions settled at the timeout because some
	// seat got no later frame (its view never changed, or the room fell
	// quiet): their latency is what was shown, not the timeout.
	quiet   atomic.Int64
	latency Histogram
	// answered and busy run from an action's due time to its ok, and to
	// a busy refusal: they split the latency between the server's answer
	// and the frames, and say whether busy comes at once.
	answered, busy Histogram
	// lag is how late the generator sent actions after they were due: a
	// lag near the latency says the tool, not the server, was the limit.
	lag Histogram

	mu     sync.Mutex
	errors map[string]int64 // refused, busy, timeout, disconnect, rate_limited, rematch
	detail map[string]int64 // refusal codes and close statuses, by name
}

func newStats() *stats {
	return &stats{errors: map[string]int64{}, detail: map[string]int64{}}
}

func (s *stats) ack()      { s.acked.Add(1) }
func (s *stats) finished() { s.count(&s.matches) }

func (s *stats) count(n *atomic.Int64) {
	if s.measuring.Load() {
		n.Add(1)
	}
}

func (s *stats) frame(size int) {
	if s.measuring.Load() {
		s.frames.Add(1)
		s.bytes.Add(int64(size))
	}
}

// refuse counts an error reply to a measured action by its kind: busy and
// rate_limited are their own kinds, any other code is a refusal. A refusal
// of an action sent again by a waiting seat says so: its moves may have
// been out of date, as a player's who taps twice.
func (s *stats) refuse(code string, again bool) {
	kind := "refused"
	switch code {
	case "busy", "rate_limited":
		kind = code
	}
	if again {
		code += " " + sentAgain
	}
	s.add(kind, code)
}

// sentAgain marks the refusals of actions sent by a seat still waiting.
const sentAgain = "(sent again)"

func (s *stats) timedOut() { s.add("timeout", "") }

func (s *stats) rematchFailed() {
	if s.measuring.Load() {
		s.add("rematch", "")
	}
}

func (s *stats) disconnect(err error) {
	if s.measuring.Load() {
		s.add("disconnect", closeKind(err))
	}
}

func (s *stats) add(kind, detail string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.errors[kind]++
	if detail != "" {
		s.detail[kind+" "+detail]++
	}
}

// errorCounts copies the counts; every kind the report names is present.
func (s *stats) errorCounts() (kinds, detail map[string]int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	kinds = map[string]int64{"refused": 0, "busy": 0, "timeout": 0, "disconnect": 0}
	maps.Copy(kinds, s.errors)
	return kinds, maps.Clone(s.detail)
}
