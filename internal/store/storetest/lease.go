package storetest

import (
	"errors"
	"slices"
	"testing"
	"time"

	"topsecret/internal/game"
	"topsecret/internal/store"
)

// LeaseStore is a backend that coordinates several instances.
type LeaseStore interface {
	store.Store
	store.Leases
}

// RunLeases runs the cases of store.Leases, for backends shared by several
// instances. open must return a new, empty store for each call.
func RunLeases(t *testing.T, open func(t *testing.T) LeaseStore) {
	for _, tc := range append(leaseTests, fenceTests...) {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			tc.run(t, open(t))
		})
	}
}

// long outlives any test; short lapses within one; outlast is a lease
// that must not lapse between a test's calls, even on a loaded machine
// (short did: three claims took over 50 ms), yet lies well within long.
const (
	long    = time.Minute
	short   = 50 * time.Millisecond
	outlast = 10 * time.Second
)

var leaseTests = []struct {
	name string
	run  func(t *testing.T, s LeaseStore)
}{
	{"Claim/FreeRoomIsOurs", func(t *testing.T, s LeaseStore) {
		mustRegister(t, s, "a", "http://a:1")
		l := mustClaim(t, s, "ROOM", "a", long)
		if l.Instance != "a" || l.Address != "http://a:1" || l.RoomCode != "ROOM" {
			t.Fatalf("Claim = %+v, want held by a at http://a:1", l)
		}
	}},
	{"Claim/HeldRoomNamesItsHolder", func(t *testing.T, s LeaseStore) {
		mustRegister(t, s, "a", "http://a:1")
		mustRegister(t, s, "b", "http://b:1")
		mustClaim(t, s, "ROOM", "a", long)
		if l := mustClaim(t, s, "ROOM", "b", long); l.Instance != "a" || l.Address != "http://a:1" {
			t.Fatalf("Claim by b = %+v, want still a's", l)
		}
	}},
	{"Claim/ExpiredLeaseMovesAndOldHolderLosesIt", func(t *testing.T, s LeaseStore) {
		mustRegister(t, s, "a", "http://a:1")
		mustRegister(t, s, "b", "http://b:1")
		mustClaim(t, s, "ROOM", "a", short)
		waitExpired(t, s, "ROOM")
		if l := mustClaim(t, s, "ROOM", "b", long); l.Instance != "b" {
			t.Fatalf("Claim after expiry = %+v, want b's", l)
		}
		held, _, err := s.Renew(t.Context(), "a", []string{"ROOM"}, long)
		if err != nil || len(held) != 0 {
			t.Fatalf("Renew(a) = %v, %v; want nothing held", held, err)
		}
	}},
	{"Renew/ExtendsHeldLeasesAndCountsLiveInstances", func(t *testing.T, s LeaseStore) {
		mustRegister(t, s, "a", "http://a:1")
		mustRegister(t, s, "b", "http://b:1")
		claimed := map[string]time.Time{}
		for _, code := range []string{"R1", "R2"} {
			claimed[code] = mustClaim(t, s, code, "a", outlast).Expires
		}
		mustClaim(t, s, "R3", "b", long)
		held, live, err := s.Renew(t.Context(), "a", []string{"R1", "R2"}, long)
		slices.Sort(held)
		if err != nil || !slices.Equal(held, []string{"R1", "R2"}) || live != 2 {
			t.Fatalf("Renew = %v, %d, %v; want [R1 R2], 2 live", held, live, err)
		}
		ls, err := s.Held(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range ls {
			at, ok := claimed[l.RoomCode]
			if !ok {
				continue
			}
			delete(claimed, l.RoomCode)
			if l.Expires.Before(at.Add(long - 2*outlast)) {
				t.Errorf("%s expires at %v after Renew, claimed until %v: not extended by about %v", l.RoomCode, l.Expires, at, long)
			}
		}
		if len(claimed) > 0 {
			t.Errorf("renewed leases %v not held", claimed)
		}
	}},
	{"Renew/LeavesUnlistedLeasesToLapse", func(t *testing.T, s LeaseStore) {
		mustRegister(t, s, "a", "http://a:1")
		mustRegister(t, s, "b", "http://b:1")
		mustClaim(t, s, "KEPT", "a", outlast)
		mustClaim(t, s, "DROPPED", "a", short)
		held, _, err := s.Renew(t.Context(), "a", []string{"KEPT"}, long)
		if err != nil || !slices.Equal(held, []string{"KEPT"}) {
			t.Fatalf("Renew = %v, %v; want [KEPT]", held, err)
		}
		waitExpired(t, s, "DROPPED")
		if l := mustClaim(t, s, "DROPPED", "b", long); l.Instance != "b" {
			t.Fatalf("unlisted lease still a's: %+v", l)
		}
	}},
	{"Renew/ErrNotFoundForUnregistered", func(t *testing.T, s LeaseStore) {
		if _, _, err := s.Renew(t.Context(), "ghost", nil, long); err == nil {
			t.Fatal("Renew of an unregistered instance succeeded")
		}
	}},
	{"Release/FreesOnlyOwnLease", func(t *testing.T, s LeaseStore) {
		mustRegister(t, s, "a", "http://a:1")
		mustRegister(t, s, "b", "http://b:1")
		mustClaim(t, s, "ROOM", "a", long)
		if err := s.Release(t.Context(), "ROOM", "b"); err != nil {
			t.Fatal(err)
		}
		if l := mustClaim(t, s, "ROOM", "b", long); l.Instance != "a" {
			t.Fatalf("b released a's lease: %+v", l)
		}
		if err := s.Release(t.Context(), "ROOM", "a"); err != nil {
			t.Fatal(err)
		}
		if l := mustClaim(t, s, "ROOM", "b", long); l.Instance != "b" {
			t.Fatalf("after release: %+v, want b's", l)
		}
	}},
	{"Retire/FreesEveryLease", func(t *testing.T, s LeaseStore) {
		mustRegister(t, s, "a", "http://a:1")
		mustClaim(t, s, "R1", "a", long)
		mustClaim(t, s, "R2", "a", long)
		if err := s.Retire(t.Context(), "a"); err != nil {
			t.Fatal(err)
		}
		if ls, err := s.Held(t.Context()); err != nil || len(ls) != 0 {
			t.Fatalf("Held after Retire = %v, %v", ls, err)
		}
	}},
	{"Supersede/RetiresThePredecessorAtTheAddressOnly", func(t *testing.T, s LeaseStore) {
		mustRegister(t, s, "old", "http://a:1")
		mustRegister(t, s, "b", "http://b:1")
		mustClaim(t, s, "R1", "old", long)
		mustClaim(t, s, "R2", "b", long)
		mustRegister(t, s, "new", "http://a:1")
		if n, err := s.Supersede(t.Context(), "new", "http://a:1"); err != nil || n != 1 {
			t.Fatalf("Supersede = %d, %v; want the one predecessor", n, err)
		}
		// The predecessor's room is free at once; the other instance's is not.
		if l := mustClaim(t, s, "R1", "new", long); l.Instance != "new" {
			t.Fatalf("Claim of the predecessor's room = %+v, want new's", l)
		}
		if l := mustClaim(t, s, "R2", "new", long); l.Instance != "b" {
			t.Fatalf("Claim of b's room = %+v, want still b's", l)
		}
		if _, _, err := s.Renew(t.Context(), "old", []string{"R1"}, long); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("Renew by the predecessor: %v, want ErrNotFound", err)
		}
		if n, err := s.Supersede(t.Context(), "new", "http://a:1"); err != nil || n != 0 {
			t.Fatalf("Supersede again = %d, %v; want none left", n, err)
		}
	}},
	{"Instances/ListsTheLiveOnes", func(t *testing.T, s LeaseStore) {
		mustRegister(t, s, "b", "http://b:1")
		mustRegister(t, s, "a", "http://a:1")
		mustRegister(t, s, "gone", "http://c:1")
		if err := s.Retire(t.Context(), "gone"); err != nil {
			t.Fatal(err)
		}
		got, err := s.Instances(t.Context(), long)
		want := []store.Instance{{ID: "a", Address: "http://a:1"}, {ID: "b", Address: "http://b:1"}}
		if err != nil || !slices.Equal(got, want) {
			t.Fatalf("Instances = %v, %v; want %v", got, err, want)
		}
		time.Sleep(2 * short)
		if got, err := s.Instances(t.Context(), short); err != nil || len(got) != 0 {
			t.Fatalf("Instances within %v = %v, %v; want none: no heartbeat since", short, got, err)
		}
	}},
	{"Hand/TheLeaseIsTheTakersOnlyFromItsHolder", func(t *testing.T, s LeaseStore) {
		mustRegister(t, s, "a", "http://a:1")
		mustRegister(t, s, "b", "http://b:1")
		mustRegister(t, s, "c", "http://c:1")
		mustClaim(t, s, "ROOM", "a", long)
		for _, tt := range []struct{ from, to string }{{"c", "b"}, {"a", "ghost"}} {
			if ok, err := s.Hand(t.Context(), "ROOM", tt.from, tt.to, long); err != nil || ok {
				t.Fatalf("Hand from %s to %s = %v, %v; want refused", tt.from, tt.to, ok, err)
			}
		}
		if l := mustClaim(t, s, "ROOM", "c", long); l.Instance != "a" {
			t.Fatalf("after refused hands: %+v, want still a's", l)
		}
		if ok, err := s.Hand(t.Context(), "ROOM", "a", "b", long); err != nil || !ok {
			t.Fatalf("Hand from a to b = %v, %v", ok, err)
		}
		// Any other instance is sent to b; b's own claim finds it its own.
		if l := mustClaim(t, s, "ROOM", "c", long); l.Instance != "b" || l.Address != "http://b:1" {
			t.Fatalf("Claim by c after the hand = %+v, want b's", l)
		}
		if l := mustClaim(t, s, "ROOM", "b", long); l.Instance != "b" {
			t.Fatalf("Claim by b after the hand = %+v", l)
		}
		if held, _, err := s.Renew(t.Context(), "a", []string{"ROOM"}, long); err != nil || len(held) != 0 {
			t.Fatalf("Renew by a after the hand = %v, %v; want nothing held", held, err)
		}
	}},
	{"Hand/NotALapsedLease", func(t *testing.T, s LeaseStore) {
		mustRegister(t, s, "a", "http://a:1")
		mustRegister(t, s, "b", "http://b:1")
		mustClaim(t, s, "ROOM", "a", short)
		waitExpired(t, s, "ROOM")
		if ok, err := s.Hand(t.Context(), "ROOM", "a", "b", long); err != nil || ok {
			t.Fatalf("Hand of a lapsed lease = %v, %v; want refused", ok, err)
		}
	}},
	{"Orphans/PlayingRoomsWhoseLeaseLapsed", func(t *testing.T, s LeaseStore) {
		mustRegister(t, s, "a", "http://a:1")
		MustRoomAndMatch(t, s, "HELD")
		MustRoomAndMatch(t, s, "LOST")
		MustRoomAndMatch(t, s, "NONE")
		MustRoomAndMatch(t, s, "IDLE")
		done := MustRoomAndMatch(t, s, "DONE")
		MustFinishMatch(t, s, done.ID, game.Result{}, time.Now())
		mustClaim(t, s, "HELD", "a", long)
		mustClaim(t, s, "LOST", "a", short)
		mustClaim(t, s, "DONE", "a", short)
		// Released when the room went idle: it sleeps until asked for.
		mustClaim(t, s, "IDLE", "a", short)
		if err := s.Release(t.Context(), "IDLE", "a"); err != nil {
			t.Fatal(err)
		}
		waitExpired(t, s, "LOST")
		got, err := s.Orphans(t.Context())
		if err != nil || !slices.Equal(got, []string{"LOST"}) {
			t.Fatalf("Orphans = %v, %v; want [LOST]", got, err)
		}
	}},
}

func mustRegister(tb testing.TB, s LeaseStore, id, addr string) {
	tb.Helper()
	if err := s.Register(tb.Context(), id, addr); err != nil {
		tb.Fatalf("Register: %v", err)
	}
}

func mustClaim(tb testing.TB, s LeaseStore, code, id string, ttl time.Duration) store.Lease {
	tb.Helper()
	l, err := s.Claim(tb.Context(), code, id, ttl)
	if err != nil {
		tb.Fatalf("Claim(%s, %s): %v", code, id, err)
	}
	return l
}

// waitExpired waits until the database's clock has passed code's lease.
func waitExpired(tb testing.TB, s LeaseStore, code string) {
	tb.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		ls, err := s.Held(tb.Context())
		if err != nil {
			tb.Fatal(err)
		}
		if !slices.ContainsFunc(ls, func(l store.Lease) bool { return l.RoomCode == code }) {
			return
		}
	}
	tb.Fatalf("lease of %s did not expire", code)
}
