package gametest

import (
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/viewjson"
)

// BenchApply measures what the room does per action: Check, Apply, and every
// viewer's view built and marshalled, over a whole logged match. It reports
// ns/action besides ns/op (one whole match).
func BenchApply(b *testing.B, rules game.Rules, setup game.Setup, log []game.Action) {
	b.Helper()
	viewers := Viewers(setup.Seats)
	b.ResetTimer()
	steps := 0
	var buf []byte
	for b.Loop() {
		st, err := rules.New(setup)
		if err != nil {
			b.Fatal(err)
		}
		for i, a := range log {
			if err := game.Step(st, setup.Seed, i, a); err != nil {
				b.Fatal(err)
			}
			for _, v := range viewers {
				// As the server writes a frame's view, into a buffer it keeps.
				if buf, err = viewjson.Append(buf[:0], st.View(v)); err != nil {
					b.Fatal(err)
				}
			}
			steps++
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(max(steps, 1)), "ns/action")
}

// BenchReplay measures game.Replay of a whole logged match, as restart
// recovery and the replay page run it.
func BenchReplay(b *testing.B, rules game.Rules, setup game.Setup, log []game.Action) {
	b.Helper()
	b.ResetTimer()
	for b.Loop() {
		if _, err := game.Replay(rules, setup, log); err != nil {
			b.Fatal(err)
		}
	}
}
