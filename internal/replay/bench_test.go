package replay_test

import (
	"math/rand/v2"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/games/wink"
	"topsecret/internal/replay"
	"topsecret/internal/store"
)

// longMatch is a bot-played 6-player remote wink match of about 1000
// actions (1127): bots plus a look around between their actions.
func longMatch(b *testing.B) (store.Match, []store.ActionRecord) {
	b.Helper()
	m, l := mustPlayFidgety(b, 6, "bench-0", `{"mode":"remote","agentCardsRemovedPerPlayer":0}`, 1)
	b.Logf("%d actions", len(l))
	return m, l
}

// BenchmarkTimeline_Build folds the whole log once, as loading a replay does.
func BenchmarkTimeline_Build(b *testing.B) {
	m, log := longMatch(b)
	b.ResetTimer()
	for b.Loop() {
		if _, err := replay.New(wink.Rules{}, m, log); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTimeline_Step builds a random step's view from a built timeline:
// a seek anywhere (often backwards) plus the view.
func BenchmarkTimeline_Step(b *testing.B) {
	m, log := longMatch(b)
	tl, err := replay.New(wink.Rules{}, m, log)
	if err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	b.ResetTimer()
	for b.Loop() {
		i := r.IntN(tl.Len()) // half the seeks go backwards
		if _, err := tl.Frame(i, game.SeatViewer(2)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTimeline_StepForward plays the replay: each step is the next one.
func BenchmarkTimeline_StepForward(b *testing.B) {
	m, log := longMatch(b)
	tl, err := replay.New(wink.Rules{}, m, log)
	if err != nil {
		b.Fatal(err)
	}
	i := 0
	b.ResetTimer()
	for b.Loop() {
		i = (i + 1) % tl.Len()
		if _, err := tl.Frame(i, game.OmniscientViewer()); err != nil {
			b.Fatal(err)
		}
	}
}
