package vaultboard_test

import (
	"testing"

	"topsecret/web/boards/vaultboard"
	"topsecret/web/kit/boardtest"
)

// TestPreview writes every fixture, and boards of a real bot-played deal,
// as stand-alone pages into $BOARD_PREVIEW (skipped when unset).
func TestPreview(t *testing.T) {
	var all []boardtest.Fixture
	for _, f := range fixtures() {
		all = append(all, boardtest.Fixture{Name: f.name, Ctx: worded(t, f.ctx)})
	}
	boardtest.Preview(t, vaultboard.Game, "../../../static", append(all, engineFixtures(t)...))
}
