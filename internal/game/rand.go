package game

import (
	"crypto/sha256"
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
)

// Rand is a deterministic random stream for one step of a match. Its IntN and
// Shuffle are written here, not taken from math/rand, because Go does not
// promise that seeded math/rand output stays the same across releases;
// ChaCha8 itself is a specified algorithm.
type Rand struct {
	src *rand.ChaCha8
}

// RandFor derives the stream for log position index of a match: stream 0 is
// the initial deal, stream i+1 belongs to action i. A change in one action's
// draws never shifts another's.
func RandFor(seed Seed, index int) *Rand {
	var buf [40]byte
	copy(buf[:32], seed[:])
	binary.BigEndian.PutUint64(buf[32:], uint64(index))
	return &Rand{src: rand.NewChaCha8(sha256.Sum256(buf[:]))}
}

// Uint64 returns 64 random bits.
func (r *Rand) Uint64() uint64 { return r.src.Uint64() }

// IntN returns a uniform integer in [0, n) by rejection sampling. n must be > 0.
func (r *Rand) IntN(n int) int {
	if n <= 0 {
		panic("game: IntN of non-positive n")
	}
	bound := uint64(n)
	for {
		hi, lo := bits.Mul64(r.src.Uint64(), bound)
		if lo >= bound || lo >= -bound%bound {
			return int(hi)
		}
	}
}

// Shuffle permutes n items with Fisher–Yates, calling swap(i, j).
func (r *Rand) Shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		swap(i, r.IntN(i+1))
	}
}

// Die rolls a die with the given number of sides, 1..sides.
func (r *Rand) Die(sides int) int { return r.IntN(sides) + 1 }
