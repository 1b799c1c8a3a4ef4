package server

import (
	"testing"
	"time"

	"topsecret/internal/room"
)

// The host's prompt says how long before asking the asking phone first
// came into the room: never, under a minute, in minutes, then in hours.
func TestCameSaid(t *testing.T) {
	t.Parallel()
	rd := everyGame.Words().Reader("en", nil)
	at := time.Date(2026, 11, 22, 21, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		before time.Duration // -1: no arrival stamp
		want   string
		fresh  bool
	}{
		{-1, "The asking phone has never been in this room before.", true},
		{30 * time.Second, "The asking phone first opened this room less than a minute before asking.", true},
		{time.Minute, "The asking phone first opened this room 1 minute before asking.", false},
		{119*time.Minute + 59*time.Second, "The asking phone first opened this room 119 minutes before asking.", false},
		{2 * time.Hour, "The asking phone first opened this room 2 hours before asking.", false},
		{5*time.Hour + 59*time.Minute, "The asking phone first opened this room 5 hours before asking.", false},
	} {
		a := room.AskState{At: at}
		if tc.before >= 0 {
			a.Came = at.Add(-tc.before)
		}
		said, fresh := cameSaid(a)
		if got := rd.Say(said); got != tc.want || fresh != tc.fresh {
			t.Errorf("%v before: %q, fresh %v; want %q, %v", tc.before, got, fresh, tc.want, tc.fresh)
		}
	}
}
