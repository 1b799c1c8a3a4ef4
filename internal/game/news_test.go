package game_test

import (
	"testing"

	"topsecret/internal/game"
)

// News hands back what was said since the last Take, in order, each with
// its kind and audience, and forgets it: Apply returns one action's news.
func TestNews_TakeHandsBackWhatWasSaidOnce(t *testing.T) {
	var n game.News
	n.Say("deal", game.M("a"))
	n.Tell(2, "peek", game.M("b"))
	got := n.Take()
	if len(got) != 2 || got[0].Kind != "deal" || !got[0].Public() || got[1].Kind != "peek" || got[1].Public() ||
		!got[1].For(game.SeatViewer(2)) || got[1].For(game.SeatViewer(1)) || got[1].For(game.TableViewer()) {
		t.Fatalf("took %+v", got)
	}
	if again := n.Take(); again != nil {
		t.Fatalf("took %+v a second time", again)
	}
}
