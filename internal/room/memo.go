package room

import "sync"

// Memo keeps what encoders made of a match's events, by what they made
// (a reader's words, a JSON object) and event: an event never changes, yet
// every frame carries the last forty a viewer may read, so wording them
// afresh for every frame was an eighth of a loaded server's CPU. A Memo
// lives with its match, whose players' names the words hold, and forgets
// the events that left the room's list.
//
// It also keeps what they made of the part of a frame every viewer of one
// change gets alike (Frame.Alike), for the latest such part alone.
type Memo struct {
	mu   sync.Mutex
	made map[uint64]map[string]string // event seq → key → what was made
	// sum is the digest of the shared part alike holds, by key.
	sum   uint64
	alike map[string]string
}

// Alike returns what make made of the part of a frame every viewer gets
// alike, whose digest is sum, under key, making it the first time.
func (m *Memo) Alike(sum uint64, key string, make func() string) string {
	m.mu.Lock()
	if m.sum != sum {
		m.sum, m.alike = sum, map[string]string{}
	}
	s, ok := m.alike[key]
	m.mu.Unlock()
	if ok {
		return s
	}
	s = make()
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.sum == sum && s != "" {
		m.alike[key] = s
	}
	return s
}

// Event returns what make made of event seq under key, making it the
// first time.
func (m *Memo) Event(seq uint64, key string, make func() string) string {
	m.mu.Lock()
	s, ok := m.made[seq][key]
	m.mu.Unlock()
	if ok {
		return s
	}
	s = make()
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.made == nil {
		m.made = map[uint64]map[string]string{}
	}
	if m.made[seq] == nil {
		m.made[seq] = map[string]string{}
	}
	m.made[seq][key] = s
	return s
}

// forget drops what was made of the events before seq.
func (m *Memo) forget(before uint64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for seq := range m.made {
		if seq < before {
			delete(m.made, seq)
		}
	}
}
