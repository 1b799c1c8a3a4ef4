package gametest

import (
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/viewjson"
)

// BenchApply measures what the room does per action: Check, Apply, and the
// view of every viewer the action concerns (its audience and the readers
// of what it told) built and marshalled, over a whole match of setup the
// game's bots play (at most maxSteps actions). It reports ns/action
// besides ns/op (one whole match), and views/action.
func BenchApply(b *testing.B, rules game.Rules, setup game.Setup, maxSteps int) {
	b.Helper()
	log := botLog(b, rules, setup, maxSteps)
	viewers := Viewers(setup.Seats)
	b.ResetTimer()
	steps, views := 0, 0
	var buf []byte
	for b.Loop() {
		st, err := rules.New(setup)
		if err != nil {
			b.Fatal(err)
		}
		for i, a := range log {
			evs, err := game.StepEvents(st, setup.Seed, i, a)
			if err != nil {
				b.Fatal(err)
			}
			aud := game.AudienceOf(st)
			aud.Told(evs)
			for _, v := range viewers {
				if !aud.Includes(v) {
					continue
				}
				views++
				// As the server writes a frame's view, into a buffer it keeps.
				if buf, err = viewjson.Append(buf[:0], st.View(v)); err != nil {
					b.Fatal(err)
				}
			}
			steps++
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(max(steps, 1)), "ns/action")
	b.ReportMetric(float64(views)/float64(max(steps, 1)), "views/action")
}

// BenchReplay measures game.Replay of a whole match of setup the game's
// bots play, as restart recovery and the replay page run it.
func BenchReplay(b *testing.B, rules game.Rules, setup game.Setup, maxSteps int) {
	b.Helper()
	log := botLog(b, rules, setup, maxSteps)
	b.ResetTimer()
	for b.Loop() {
		if _, err := game.Replay(rules, setup, log); err != nil {
			b.Fatal(err)
		}
	}
}

// botLog is the log of setup played by the game's bots.
func botLog(b *testing.B, rules game.Rules, setup game.Setup, maxSteps int) []game.Action {
	b.Helper()
	bot, ok := game.BotFor(rules)
	if !ok {
		b.Fatalf("%s has no bot", setup.Game)
	}
	return RandomPlay(b, rules, setup, maxSteps, BotMoves(bot))
}
