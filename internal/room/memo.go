package room

import (
	"maps"
	"sync"
)

// Memo keeps what encoders made of a match's events, by what they made
// (a reader's words, a JSON object) and event: an event never changes, yet
// every frame carries the last ten a viewer may read (forty when this was
// measured), so wording them afresh for every frame was an eighth of a
// loaded server's CPU. A Memo lives with its match, whose players' names
// the words hold, and forgets the events that left the room's list.
//
// It also keeps what they made of the part of a frame every viewer of one
// change gets alike (Frame.Alike), for the latest such part alone.
type Memo struct {
	mu   sync.Mutex
	made map[madeOf]string
	// sum is the digest of the shared part whose makings are kept.
	sum uint64
}

// madeOf names one making: of event seq, or of the shared part whose
// digest is alike, under key.
type madeOf struct {
	seq, alike uint64
	key        string
}

// Event returns what make made of event seq under key, making it the
// first time.
func (m *Memo) Event(seq uint64, key string, make func() string) string {
	return m.get(madeOf{seq: seq, key: key}, make)
}

// Alike returns what make made of the part of a frame every viewer gets
// alike, whose digest is sum, under key, making it the first time.
func (m *Memo) Alike(sum uint64, key string, make func() string) string {
	m.mu.Lock()
	if m.sum != sum {
		m.sum = sum
		maps.DeleteFunc(m.made, func(k madeOf, _ string) bool { return k.alike != 0 })
	}
	m.mu.Unlock()
	return m.get(madeOf{alike: sum, key: key}, make)
}

func (m *Memo) get(k madeOf, make func() string) string {
	m.mu.Lock()
	s, ok := m.made[k]
	m.mu.Unlock()
	if ok {
		return s
	}
	s = make()
	m.mu.Lock()
	defer m.mu.Unlock()
	// A shared part replaced meanwhile is not kept.
	if s != "" && (k.alike == 0 || k.alike == m.sum) {
		if m.made == nil {
			m.made = map[madeOf]string{}
		}
		m.made[k] = s
	}
	return s
}

// forget drops what was made of the events before seq.
func (m *Memo) forget(before uint64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	maps.DeleteFunc(m.made, func(k madeOf, _ string) bool { return k.alike == 0 && k.seq < before })
}
