package words

import (
	"encoding/binary"
	"hash/maphash"
	"sync"

	"topsecret/internal/game"
)

// sayings is a bounded memory of finished words: past maxSayings it
// forgets everything and starts again, which costs one wording each.
type sayings struct {
	mu sync.RWMutex
	m  map[sayKey]string
}

// sayKey names a reader's message by two independent 64-bit hashes of the
// reader's key and the message: building a string key cost as much as
// the wording it saved.
type sayKey [2]uint64

var saySeeds = [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}

func (r Reader) sayKey(m game.Msg) sayKey {
	var k sayKey
	for i, seed := range saySeeds {
		var h maphash.Hash
		h.SetSeed(seed)
		h.WriteString(r.key)
		hashMsg(&h, m)
		k[i] = h.Sum64()
	}
	return k
}

// hashMsg writes every part of m that its wording depends on, each
// length-prefixed so no two messages write the same bytes.
func hashMsg(h *maphash.Hash, m game.Msg) {
	var n [8]byte
	num := func(v int) {
		binary.LittleEndian.PutUint64(n[:], uint64(v))
		h.Write(n[:])
	}
	str := func(s string) { num(len(s)); h.WriteString(s) }
	str(m.ID)
	num(len(m.Args))
	for _, a := range m.Args {
		str(a.Name)
		num(int(a.Kind))
		num(a.Int)
		num(len(a.Seats))
		for _, s := range a.Seats {
			num(int(s))
		}
		num(len(a.Terms))
		for _, t := range a.Terms {
			hashMsg(h, t)
		}
		str(a.Text)
	}
}

const maxSayings = 1 << 15

func (s *sayings) get(k sayKey) (string, bool) {
	s.mu.RLock()
	v, ok := s.m[k]
	s.mu.RUnlock()
	return v, ok
}

func (s *sayings) put(k sayKey, v string) {
	s.mu.Lock()
	if s.m == nil || len(s.m) >= maxSayings {
		s.m = make(map[sayKey]string, 1024)
	}
	s.m[k] = v
	s.mu.Unlock()
}
