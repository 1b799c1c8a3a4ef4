package inkognito

import (
	"encoding/json"
	"testing"

	"topsecret/internal/game"
)

func TestSequel_RotatesAcrossGames(t *testing.T) {
	tests := []struct {
		name  string
		seats int
		opts  string
		want  string
	}{
		{"R14 4p start seat moves left", 4, `{"startSeat":2}`, `{"startSeat":3}`},
		{"R14 4p wraps", 4, `{"startSeat":3}`, `{"startSeat":0}`},
		{"R14 3p counts the fictitious agent", 3, `{"startSeat":3}`, `{"startSeat":0}`},
		{"R21 5p Ambassador passes clockwise", 5, `{"ambassador":4}`, `{"ambassador":0}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, err := Rules{}.New(game.Setup{Game: "inkognito", Seats: tt.seats, Options: json.RawMessage(tt.opts)})
			if err != nil {
				t.Fatal(err)
			}
			got := string(st.(game.Sequel).Sequel())
			if got != tt.want {
				t.Fatalf("Sequel() = %s, want %s", got, tt.want)
			}
			// The sequel is valid lobby input for the next game.
			if _, err := (Rules{}).New(game.Setup{Game: "inkognito", Seats: tt.seats, Options: json.RawMessage(got)}); err != nil {
				t.Fatalf("next game refuses the sequel: %v", err)
			}
		})
	}
}
