package cup

import (
	"encoding/json"
	"flag"
	"path/filepath"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
)

var update = flag.Bool("update", false, "rewrite testdata/golden from freshly recorded bot matches")

// goldenSetup is the pinned match: bots play it when -update is set.
var goldenSetup = game.Setup{Game: Slug, Seats: 2, Seed: game.Seed{4, 2}, Options: json.RawMessage(`{"rounds":4,"turnMs":30000}`), Started: gametest.Start}

func TestGolden(t *testing.T) {
	dir := filepath.Join("testdata", "golden")
	if *update {
		log := gametest.RandomPlay(t, Rules{}, goldenSetup, 500, gametest.BotMoves(bot{}))
		gametest.WriteGolden(t, filepath.Join(dir, "four-rounds.json"), Rules{}, goldenSetup, log)
	}
	gametest.Golden(t, Rules{}, dir, *update)
}

func BenchmarkApply(b *testing.B) {
	gametest.BenchApply(b, Rules{}, goldenSetup, 500)
}

func BenchmarkReplay(b *testing.B) {
	gametest.BenchReplay(b, Rules{}, goldenSetup, 500)
}
