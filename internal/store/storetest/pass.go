package storetest

import (
	"testing"
	"time"

	"topsecret/internal/store"
)

// NewSeatPass returns a seat pass fixture for seat of room code: unused,
// expiring a quarter of an hour after T0.
func NewSeatPass(code, seatID string) store.SeatPass {
	return store.SeatPass{RoomCode: code, SeatID: seatID, Hash: "hash-" + code + "-" + seatID,
		ExpiresAt: T0.Add(15 * time.Minute)}
}

// MustPutSeatPass stores p.
func MustPutSeatPass(tb testing.TB, s store.Store, p store.SeatPass) {
	tb.Helper()
	if err := s.PutSeatPass(tb.Context(), p); err != nil {
		tb.Fatalf("PutSeatPass: %v", err)
	}
}

// mustSeatPass reads the pass of room code with hash.
func mustSeatPass(tb testing.TB, s store.Store, code, hash string) store.SeatPass {
	tb.Helper()
	p, err := s.SeatPass(tb.Context(), code, hash)
	if err != nil {
		tb.Fatalf("SeatPass: %v", err)
	}
	return p
}

var putSeatPassTests = []test{
	{"OK", func(t *testing.T, s store.Store) {
		MustCreateRoom(t, s, "ABCD")
		want := NewSeatPass("ABCD", "seat-a")
		MustPutSeatPass(t, s, want)
		got := mustSeatPass(t, s, "ABCD", want.Hash)
		diff(t, "SeatPass", got, want)
		assertUTC(t, "ExpiresAt", got.ExpiresAt)
	}},
	{"ReplacesTheSeatsEarlierPass", func(t *testing.T, s store.Store) {
		MustCreateRoom(t, s, "ABCD")
		old := NewSeatPass("ABCD", "seat-a")
		MustPutSeatPass(t, s, old)
		if err := s.EndSeatPass(t.Context(), "ABCD", "seat-a", T0); err != nil {
			t.Fatal(err)
		}
		fresh := old
		fresh.Hash, fresh.ExpiresAt = "hash-new", T0.Add(time.Hour)
		MustPutSeatPass(t, s, fresh)
		_, err := s.SeatPass(t.Context(), "ABCD", old.Hash)
		assertErr(t, "SeatPass of the replaced link", err, store.ErrNotFound)
		diff(t, "SeatPass", mustSeatPass(t, s, "ABCD", fresh.Hash), fresh)
	}},
	{"OnePerSeat", func(t *testing.T, s store.Store) {
		MustCreateRoom(t, s, "ABCD")
		a, b := NewSeatPass("ABCD", "seat-a"), NewSeatPass("ABCD", "seat-b")
		MustPutSeatPass(t, s, a)
		MustPutSeatPass(t, s, b)
		diff(t, "seat a's pass", mustSeatPass(t, s, "ABCD", a.Hash), a)
		diff(t, "seat b's pass", mustSeatPass(t, s, "ABCD", b.Hash), b)
	}},
	{"ErrNotFound", func(t *testing.T, s store.Store) {
		assertErr(t, "PutSeatPass", s.PutSeatPass(t.Context(), NewSeatPass("ZZZZ", "seat-a")), store.ErrNotFound)
	}},
	{"ErrConflict", func(t *testing.T, s store.Store) {
		MustCreateRoom(t, s, "ABCD")
		a := NewSeatPass("ABCD", "seat-a")
		MustPutSeatPass(t, s, a)
		b := NewSeatPass("ABCD", "seat-b")
		b.Hash = a.Hash
		assertErr(t, "PutSeatPass", s.PutSeatPass(t.Context(), b), store.ErrConflict)
		diff(t, "seat a's pass", mustSeatPass(t, s, "ABCD", a.Hash), a)
	}},
}

var seatPassTests = []test{
	{"ErrNotFound", func(t *testing.T, s store.Store) {
		MustCreateRoom(t, s, "ABCD")
		MustCreateRoom(t, s, "EFGH")
		p := NewSeatPass("ABCD", "seat-a")
		MustPutSeatPass(t, s, p)
		for name, q := range map[string][2]string{"hash": {"ABCD", "other"}, "room": {"EFGH", p.Hash}} {
			_, err := s.SeatPass(t.Context(), q[0], q[1])
			assertErr(t, "SeatPass with another "+name, err, store.ErrNotFound)
		}
	}},
}

var endSeatPassTests = []test{
	{"OK", func(t *testing.T, s store.Store) {
		MustCreateRoom(t, s, "ABCD")
		p, other := NewSeatPass("ABCD", "seat-a"), NewSeatPass("ABCD", "seat-b")
		MustPutSeatPass(t, s, p)
		MustPutSeatPass(t, s, other)
		at := T0.Add(time.Minute)
		if err := s.EndSeatPass(t.Context(), "ABCD", "seat-a", at); err != nil {
			t.Fatalf("EndSeatPass: %v", err)
		}
		got := mustSeatPass(t, s, "ABCD", p.Hash)
		if got.UsedAt == nil {
			t.Fatal("UsedAt=nil after EndSeatPass")
		}
		assertUTC(t, "UsedAt", *got.UsedAt)
		p.UsedAt = &at
		diff(t, "SeatPass", got, p)
		diff(t, "another seat's pass", mustSeatPass(t, s, "ABCD", other.Hash), other)
	}},
	{"KeepsTheFirstUse", func(t *testing.T, s store.Store) {
		MustCreateRoom(t, s, "ABCD")
		p := NewSeatPass("ABCD", "seat-a")
		MustPutSeatPass(t, s, p)
		first := T0.Add(time.Minute)
		for _, at := range []time.Time{first, first.Add(time.Minute)} {
			if err := s.EndSeatPass(t.Context(), "ABCD", "seat-a", at); err != nil {
				t.Fatalf("EndSeatPass: %v", err)
			}
		}
		p.UsedAt = &first
		diff(t, "SeatPass", mustSeatPass(t, s, "ABCD", p.Hash), p)
	}},
	{"NoPass", func(t *testing.T, s store.Store) {
		MustCreateRoom(t, s, "ABCD")
		if err := s.EndSeatPass(t.Context(), "ABCD", "seat-a", T0); err != nil {
			t.Fatalf("EndSeatPass of a seat without a link: %v", err)
		}
	}},
}
