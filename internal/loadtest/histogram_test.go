package loadtest

import (
	"testing"
	"time"
)

// within reports whether got is want or above it by at most the
// histogram's relative precision (a bucket's top is never below its values).
func within(got, want time.Duration) bool {
	return got >= want && float64(got-want) <= float64(want)/(1<<subBits)+float64(time.Microsecond)
}

func TestHistogram_Quantile(t *testing.T) {
	t.Parallel()
	ms := time.Millisecond
	series := func(n int, unit time.Duration) []time.Duration {
		out := make([]time.Duration, n)
		for i := range out {
			out[i] = time.Duration(i+1) * unit
		}
		return out
	}
	tests := []struct {
		name    string
		samples []time.Duration
		q       float64
		want    time.Duration
	}{
		{"empty is zero", nil, 0.99, 0},
		{"one sample is every quantile", []time.Duration{7 * ms}, 0.5, 7 * ms},
		{"p50 of 1..100 ms", series(100, ms), 0.50, 50 * ms},
		{"p99 of 1..100 ms", series(100, ms), 0.99, 99 * ms},
		{"p99.9 of 1..100 ms is the largest", series(100, ms), 0.999, 100 * ms},
		{"p99.9 of 1..10000 µs", series(10000, time.Microsecond), 0.999, 9990 * time.Microsecond},
		{"small values are exact", series(100, time.Microsecond), 0.5, 50 * time.Microsecond},
		{"an outlier sets p99.9 not p99", append(series(999, ms)[:999:999], 30*time.Second), 0.99, 990 * ms},
		{"an outlier is p100", append(series(999, ms)[:999:999], 30*time.Second), 1, 30 * time.Second},
		{"negative counts as zero", []time.Duration{-time.Second}, 0.5, 0},
		{"minutes stay precise", []time.Duration{3 * time.Minute, 4 * time.Minute}, 0.5, 3 * time.Minute},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var h Histogram
			for _, s := range tt.samples {
				h.Record(s)
			}
			if got := h.Quantile(tt.q); !within(got, tt.want) {
				t.Fatalf("Quantile(%v)=%v, want %v (within 1/%d)", tt.q, got, tt.want, 1<<subBits)
			}
		})
	}
}

func TestHistogram_MaxMeanCount(t *testing.T) {
	t.Parallel()
	var h Histogram
	for _, d := range []time.Duration{time.Millisecond, 3 * time.Millisecond, 1234567 * time.Microsecond} {
		h.Record(d)
	}
	if got, want := h.Max(), 1234567*time.Microsecond; got != want {
		t.Fatalf("Max=%v, want %v (exact)", got, want)
	}
	if got, want := h.Mean(), (1000+3000+1234567)/3*time.Microsecond; got != want {
		t.Fatalf("Mean=%v, want %v", got, want)
	}
	if got := h.Count(); got != 3 {
		t.Fatalf("Count=%d, want 3", got)
	}
}

// Every value lands in a bucket whose top is at or above it and within the
// precision, and buckets are contiguous: the top of one is just below the
// bottom of the next.
func TestBucketOf_CoversEveryValue(t *testing.T) {
	t.Parallel()
	for _, v := range []uint64{0, 1, 127, 128, 129, 255, 256, 257, 1000, 65535, 65536, 1 << 40, 1<<40 + 12345} {
		i := bucketOf(v)
		top := bucketTop(i)
		if top < v || float64(top-v) > float64(v)/(1<<subBits) {
			t.Fatalf("value %d: bucket %d tops at %d", v, i, top)
		}
		if bucketOf(top) != i || bucketOf(top+1) != i+1 {
			t.Fatalf("value %d: bucket %d (top %d) is not contiguous with the next", v, i, top)
		}
	}
}
