package boards_test

import (
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/games/inkognito"
	"topsecret/internal/games/vault"
	"topsecret/internal/games/wink"
	"topsecret/web/boards"
)

// The page's seat list takes each seat's colour from the game's public view,
// in the board's own palette.
func TestSeatColours(t *testing.T) {
	tests := []struct {
		slug  string
		rules game.Rules
		seats int
	}{
		{"wink", wink.Rules{}, 4},
		{"vault", vault.Rules{}, 3},
		{"inkognito", inkognito.Rules{}, 4},
	}
	for _, tt := range tests {
		t.Run(tt.slug, func(t *testing.T) {
			st, err := tt.rules.New(game.Setup{Game: tt.slug, Seats: tt.seats})
			if err != nil {
				t.Fatal(err)
			}
			got := boards.SeatColours(tt.slug, st.View(game.TableViewer()))
			if len(got) < tt.seats {
				t.Fatalf("colours for %d seats: %v", len(got), got)
			}
			seen := map[string]bool{}
			for s := 0; s < tt.seats; s++ {
				c := got[s]
				if len(c) < 4 || c[0] != '#' || seen[c] {
					t.Fatalf("seat %d colour %q (all %v)", s, c, got)
				}
				seen[c] = true
			}
		})
	}
	if boards.SeatColours("chess", map[string]any{}) != nil {
		t.Fatal("an unknown game has colours")
	}
}
