package gametest

import (
	"sync"

	"topsecret/internal/game"
)

// heard keeps what each match driven through Scenario said, from its deal
// on: the room keeps a match's events, not the match, so a test that
// checks what a match said reads it here (Said).
var heard sync.Map // game.State → *hearing

// hearing is what one match has said so far.
type hearing struct {
	mu   sync.Mutex
	said []game.Event
}

// hear is st's hearing, begun with its deal's events the first time st is
// heard: they are read before the first action so a check made after a
// refused first step finds them too.
func hear(st game.State) *hearing {
	if h, ok := heard.Load(st); ok {
		return h.(*hearing)
	}
	h, loaded := heard.LoadOrStore(st, &hearing{})
	if !loaded {
		h.(*hearing).add(game.Opening(st))
	}
	return h.(*hearing)
}

func (h *hearing) add(evs []game.Event) {
	h.mu.Lock()
	h.said = append(h.said, evs...)
	h.mu.Unlock()
}

// Said is everything st has said in Scenario so far, its deal's events
// first; nil for a match Scenario never drove.
func Said(st game.State) []game.Event {
	h, ok := heard.Load(st)
	if !ok {
		return nil
	}
	hh := h.(*hearing)
	hh.mu.Lock()
	defer hh.mu.Unlock()
	return append([]game.Event(nil), hh.said...)
}
