package server

import (
	"net/http/httptest"
	"testing"
)

// firstTurnHint reads a board's own mark where it sets one (couriers'
// secret setup waits on the player, but is not the turn the hint speaks
// of), else whether the match waits on the player.
func TestFirstTurnHint(t *testing.T) {
	for _, tt := range []struct {
		name, cookie, main string
		yourMove, want     bool
	}{
		{"YourMove", "", `<div id="board" data-your-move>`, true, true},
		{"NotYourMove", "", `<div id="board">`, false, false},
		{"BoardSaysNow", "", `<div data-howto-now="true">`, false, true},
		{"BoardSaysNotYet", "", `<div data-howto-now="false">`, true, false},
		{"HadIt", "ts_hint_ABCDEF=1", `<div data-howto-now="true">`, true, false},
		{"HadItElsewhere", "ts_hint_GHIJKL=1", `<div id="board" data-your-move>`, true, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest("GET", "/r/ABCDEF", nil)
			if tt.cookie != "" {
				r.Header.Set("Cookie", tt.cookie)
			}
			if got := firstTurnHint(r, "ABCDEF", []byte(tt.main), tt.yourMove); got != tt.want {
				t.Fatalf("got %v, want %v", got, tt.want)
			}
		})
	}
}
