package server_test

import (
	"fmt"
	"net/http"
	"testing"
)

// A rejoin-code guesser cannot reset its count by asking for thousands of
// made-up rooms: their codes used to take the limiter's places and push
// the real room's counts out, some 70 guesses a minute instead of 5.
func TestRejoinTries_SurviveMadeUpRooms(t *testing.T) {
	t.Parallel()
	claim := func(e *env, code, from string) int {
		st, _ := e.post("/api/rooms/"+code+"/claim", `{"code":"AAAAAA"}`,
			map[string]string{"Content-Type": "application/json", "X-Forwarded-For": from})
		return st
	}
	flush := func(e *env) {
		for i := range 4200 {
			claim(e, madeUp(i), "198.51.100.99")
		}
	}
	t.Run("per address", func(t *testing.T) {
		e := mustStart(t)
		// The flush comes from a second address, whose unknown codes run
		// out, not the guesser's.
		e.Srv.TrustProxy = true
		c, _ := e.mustRoom(map[string]any{}, "Ann")
		for i := range 5 {
			if st := claim(e, c.Code, "203.0.113.7"); st != http.StatusConflict {
				t.Fatalf("wrong code %d: status %d, want 409", i+1, st)
			}
		}
		flush(e)
		if st := claim(e, c.Code, "203.0.113.7"); st != http.StatusTooManyRequests {
			t.Fatalf("sixth try after 4,200 made-up rooms: status %d, want 429", st)
		}
	})
	t.Run("per room", func(t *testing.T) {
		e := mustStart(t)
		e.Srv.TrustProxy = true // each guess from an address of its own
		c, _ := e.mustRoom(map[string]any{}, "Ann")
		for i := range 30 {
			if st := claim(e, c.Code, fmt.Sprintf("203.0.113.%d", i)); st != http.StatusConflict {
				t.Fatalf("wrong code %d: status %d, want 409", i+1, st)
			}
		}
		if st := claim(e, c.Code, "203.0.113.100"); st != http.StatusTooManyRequests {
			t.Fatalf("31st try in the room: status %d, want 429", st)
		}
		flush(e)
		if st := claim(e, c.Code, "203.0.113.101"); st != http.StatusTooManyRequests {
			t.Fatalf("a try after 4,200 made-up rooms: status %d, want 429", st)
		}
	})
}
