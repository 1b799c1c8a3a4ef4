package room_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"topsecret/internal/room"
)

// A player whose phone comes back in the middle of their own turn gets a
// fair minimum to act (issue 27, F9): 20 seconds, or the whole step when
// it is shorter, instead of the dead phone's last 4. The room holds the
// timer back and every frame says so; the timeout that fires later is
// logged with the time it fired, so the log alone still replays the match.
// A phone that comes and goes again in the same step earns no more.
func TestRoom_SeatBackGetsFairTime(t *testing.T) {
	for _, tt := range []struct {
		name      string
		turnMs    int
		wantGrace time.Duration
	}{
		{"LongStep", 60000, room.FairTime},
		{"ShortStep", 15000, 15 * time.Second},
	} {
		t.Run(tt.name, func(t *testing.T) {
			reg := mustRegistry(t)
			clock := reg.Clock.(*room.ManualClock)
			opts := `{"startPlayer":0,"turnTimeoutMs":` + itoa(tt.turnMs) + `}`
			r, ids := mustRoomOf(t, reg, 4, opts)
			ctx := context.Background()
			if _, err := r.Start(ctx, room.Identity{Host: true}); err != nil {
				t.Fatal(err)
			}
			seatID, deadline, ok := awaited(t, r, ids)
			for i := 0; !ok && i < 30; i++ { // the deal, two seconds a seat
				clock.Advance(time.Second)
				seatID, deadline, ok = awaited(t, r, ids)
			}
			if !ok {
				t.Fatal("no turn timer after the deal")
			}
			phone, err := r.Subscribe(ctx, room.Identity{SeatID: seatID}, jsonFrames)
			if err != nil {
				t.Fatal(err)
			}
			r.Unsubscribe(phone) // the phone dies
			<-phone.Gone()

			left := 4 * time.Second
			clock.Advance(time.UnixMilli(deadline).Sub(clock.Now()) - left)
			actions := mustActions(t, r)
			back, err := r.Subscribe(ctx, room.Identity{SeatID: seatID}, jsonFrames) // a new phone
			if err != nil {
				t.Fatal(err)
			}
			want := clock.Now().Add(tt.wantGrace).UnixMilli()
			f, err := r.Snapshot(ctx, room.Identity{SeatID: seatID})
			if err != nil {
				t.Fatal(err)
			}
			if f.Grace == nil || f.Grace.From != deadline || f.Grace.Until != want {
				t.Fatalf("grace %+v, want from %d until %d", f.Grace, deadline, want)
			}

			// Coming and going again in the same step earns no more time.
			clock.Advance(tt.wantGrace - 2*time.Second)
			r.Unsubscribe(back)
			<-back.Gone()
			again, err := r.Subscribe(ctx, room.Identity{SeatID: seatID}, jsonFrames)
			if err != nil {
				t.Fatal(err)
			}
			defer r.Unsubscribe(again)
			clock.Advance(time.Second) // well past the old deadline
			if n := mustActions(t, r); n != actions {
				t.Fatalf("the timer fired %s after the seat came back (%d actions, want %d)", tt.wantGrace-time.Second, n, actions)
			}
			clock.Advance(time.Second)
			if n := mustActions(t, r); n != actions+1 {
				t.Fatalf("at the end of the fair time %d actions, want %d: the timer did not fire", n, actions+1)
			}
		})
	}
}

// awaited is the seat the match waits on and its turn timer's deadline,
// once a turn timer runs.
func awaited(tb testing.TB, r *room.Room, ids []string) (string, int64, bool) {
	tb.Helper()
	f, err := r.Snapshot(context.Background(), room.Identity{SeatID: ids[0]})
	if err != nil || f.Match == nil {
		tb.Fatalf("snapshot: %v", err)
	}
	if len(f.Match.Waiting) != 1 {
		return "", 0, false
	}
	var v struct {
		Timer struct {
			Kind string `json:"kind"`
			At   int64  `json:"at"`
		} `json:"timer"`
	}
	b, _ := json.Marshal(f.View)
	if err := json.Unmarshal(b, &v); err != nil {
		tb.Fatal(err)
	}
	return ids[f.Match.Waiting[0]], v.Timer.At, v.Timer.Kind == "turn"
}

// mustActions is the length of the running match's log.
func mustActions(tb testing.TB, r *room.Room) int {
	tb.Helper()
	f, err := r.Snapshot(context.Background(), room.Identity{})
	if err != nil || f.Match == nil {
		tb.Fatalf("snapshot: %v", err)
	}
	return f.Match.Actions
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }
