package selfplay_test

import (
	"context"
	"encoding/json"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/games/inkognito"
	"topsecret/internal/games/vault"
	"topsecret/internal/games/wink"
	"topsecret/internal/selfplay"
)

func TestRun_Wink(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		players int
		options string
	}{
		{"table 4", 4, `{"mode":"table"}`},
		{"table 8", 8, `{"mode":"table","agentCardsRemovedPerPlayer":0}`},
		{"remote 5", 5, `{"mode":"remote"}`},
		{"remote 8", 8, `{"mode":"remote","agentCardsRemovedPerPlayer":4}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			sum := selfplay.Run(context.Background(), selfplay.Config{Rules: wink.Rules{}, Players: tt.players,
				Matches: 4, Seed: 7, Options: json.RawMessage(tt.options)})
			if sum.InvariantFailures != 0 || sum.Finished != 4 {
				t.Fatalf("summary %+v", sum)
			}
			if sum.Actions == 0 || len(sum.Wins) != tt.players {
				t.Fatalf("summary %+v", sum)
			}
		})
	}
}

func TestRun_VaultAndInkognito(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		rules   game.Rules
		players int
	}{
		{"vault 2", vault.Rules{}, 2},
		{"vault 6", vault.Rules{}, 6},
		{"inkognito 3", inkognito.Rules{}, 3},
		{"inkognito 4", inkognito.Rules{}, 4},
		{"inkognito 5", inkognito.Rules{}, 5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			sum := selfplay.Run(context.Background(), selfplay.Config{Rules: tt.rules, Players: tt.players, Matches: 3, Seed: 5})
			if sum.InvariantFailures != 0 || sum.Finished != 3 {
				t.Fatalf("summary %+v", sum)
			}
			if tt.rules.Info().Slug == "inkognito" && (sum.Stats["dials"] == 0 || sum.Stats["correct_dials"] > sum.Stats["dials"]) {
				t.Fatalf("dial stats %v", sum.Stats)
			}
		})
	}
}

// The same seed plays the same matches: selfplay is reproducible.
func TestRun_Deterministic(t *testing.T) {
	t.Parallel()
	cfg := selfplay.Config{Rules: wink.Rules{}, Players: 6, Matches: 3, Seed: 42, Options: json.RawMessage(`{"mode":"remote"}`)}
	a := selfplay.Run(context.Background(), cfg)
	b := selfplay.Run(context.Background(), cfg)
	if a.Actions != b.Actions || a.TimerActions != b.TimerActions || a.Finished != 3 {
		t.Fatalf("two runs differ: %+v vs %+v", a, b)
	}
	for i := range a.Wins {
		if a.Wins[i] != b.Wins[i] {
			t.Fatalf("wins differ: %v vs %v", a.Wins, b.Wins)
		}
	}
}
