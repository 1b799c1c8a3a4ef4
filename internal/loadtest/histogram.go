package loadtest

import (
	"math"
	"math/bits"
	"sync"
	"time"
)

// subBits sets the histogram's precision: every power of two is cut into
// 2^subBits buckets, so a reported value is within 1/128 (0.8%) of the
// true one, as an HDR histogram with two significant digits would be.
const subBits = 7

// Histogram counts latencies in log-spaced buckets of microseconds: its
// size grows with the logarithm of the largest value, never with the
// number of samples, so a run of millions of actions keeps every one.
// It is safe for concurrent use.
type Histogram struct {
	mu     sync.Mutex
	counts []uint64
	n      uint64
	sum    float64 // µs, for the mean
	min    uint64
	max    uint64
}

// bucketOf maps a value to its bucket. Values below 2^subBits have a bucket
// each; above, a bucket spans 2^shift values where shift grows by one with
// every power of two.
func bucketOf(v uint64) int {
	if v < 1<<subBits {
		return int(v)
	}
	shift := bits.Len64(v) - subBits - 1
	return (shift+1)<<subBits + int(v>>shift) - 1<<subBits
}

// bucketTop is the highest value that falls in bucket i.
func bucketTop(i int) uint64 {
	if i < 1<<subBits {
		return uint64(i)
	}
	shift := i>>subBits - 1
	m := uint64(i&(1<<subBits-1)) + 1<<subBits
	return (m+1)<<shift - 1
}

// Record adds one latency; negative ones count as zero.
func (h *Histogram) Record(d time.Duration) {
	v := uint64(max(d.Microseconds(), 0))
	i := bucketOf(v)
	h.mu.Lock()
	defer h.mu.Unlock()
	if i >= len(h.counts) {
		grown := make([]uint64, i+1+1<<subBits)
		copy(grown, h.counts)
		h.counts = grown
	}
	h.counts[i]++
	if h.n == 0 || v < h.min {
		h.min = v
	}
	h.max = max(h.max, v)
	h.n++
	h.sum += float64(v)
}

// Count is the number of latencies recorded.
func (h *Histogram) Count() uint64 {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.n
}

// Quantile is the latency at or below which a fraction q of the samples
// lie (nearest rank: the ceil(q·n)-th smallest), reported as the top of
// its bucket and never above the largest sample. Zero when empty.
func (h *Histogram) Quantile(q float64) time.Duration {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.n == 0 {
		return 0
	}
	rank := uint64(math.Ceil(q * float64(h.n)))
	rank = min(max(rank, 1), h.n)
	var seen uint64
	for i, c := range h.counts {
		seen += c
		if seen >= rank {
			return time.Duration(min(max(bucketTop(i), h.min), h.max)) * time.Microsecond
		}
	}
	return time.Duration(h.max) * time.Microsecond
}

// Max is the largest latency recorded, exactly.
func (h *Histogram) Max() time.Duration {
	h.mu.Lock()
	defer h.mu.Unlock()
	return time.Duration(h.max) * time.Microsecond
}

// Mean is the average latency.
func (h *Histogram) Mean() time.Duration {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.n == 0 {
		return 0
	}
	return time.Duration(h.sum/float64(h.n)) * time.Microsecond
}
