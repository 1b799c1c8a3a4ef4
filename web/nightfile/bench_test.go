package nightfile

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"topsecret/cmd/topsecret/shelf"
	"topsecret/internal/game"
	"topsecret/internal/store"
	"topsecret/web/catalogue"
	"topsecret/web/nightfile/nighttest"
)

// table is how many play each game in the measurements: a full table of
// wink, four at the others.
var table = []nighttest.Match{
	{Game: "wink", Players: 6}, {Game: "vault", Players: 4}, {Game: "inkognito", Players: 4},
	{Game: "couriers", Players: 4}, {Game: "embassy", Players: 4},
}

// thought is a person's mean time for an action of each kind of thought:
// the middle of the room's bots' reaction spans at the default 1.2 s
// (internal/room/bot.go).
var thought = map[game.Think]time.Duration{game.Reflex: 1200 * time.Millisecond, game.Decision: 1980 * time.Millisecond, game.Ponder: 5100 * time.Millisecond}

// played is how long m took at the room's bot pace: each seat's action the
// mean reaction time for its thought, each timer's the wait for it. People
// take longer, so the file's size per hour of people's play is smaller
// than measured here.
func played(tb testing.TB, games *catalogue.Shelf, st store.Store, m store.Match) time.Duration {
	tb.Helper()
	g, _ := games.Lookup(m.Setup.Game)
	bot, _ := game.BotFor(g.Rules)
	log, err := st.Actions(context.Background(), m.ID)
	if err != nil {
		tb.Fatal(err)
	}
	state, err := g.Rules.New(m.Setup)
	if err != nil {
		tb.Fatal(err)
	}
	var d time.Duration
	last := m.Setup.Started
	for i, r := range log {
		a := r.Action
		if a.Seat == game.System {
			d += time.Duration(a.At-last) * time.Millisecond
		} else {
			d += thought[game.PaceOf(bot, state, a).Think]
		}
		last = a.At
		if err := game.Step(state, m.Setup.Seed, i, a); err != nil {
			tb.Fatal(err)
		}
	}
	return d
}

// dataSizes are the bytes each match's packed steps take in file.
func dataSizes(tb testing.TB, file []byte) []int {
	tb.Helper()
	var data struct {
		Matches []json.RawMessage `json:"matches"`
	}
	if err := json.Unmarshal(dataRE.FindSubmatch(file)[1], &data); err != nil {
		tb.Fatal(err)
	}
	out := make([]int, len(data.Matches))
	for i, m := range data.Matches {
		out[i] = len(m)
	}
	return out
}

// BenchmarkNightFile_Game measures, for each game, a night of three of
// its bot-played matches: the packed steps' size per match and per hour
// of play at the bots' pace, and the time to build the file.
func BenchmarkNightFile_Game(b *testing.B) {
	games := shelf.New(false)
	for _, g := range table {
		b.Run(g.Game, func(b *testing.B) {
			st := mustStore(b)
			code := "NBQ" + map[string]string{"wink": "4AC", "vault": "4AD", "inkognito": "4AE", "couriers": "4AF", "embassy": "4AG"}[g.Game]
			nighttest.MustRoom(b, st, code, g.Game)
			var ms []nighttest.Match
			for seed := range 3 {
				m := g
				m.Seed = int64(seed + 1)
				ms = append(ms, m)
			}
			stored := nighttest.MustPlay(b, st, games, code, night, ms...)
			var file []byte
			b.ResetTimer()
			for range b.N {
				var err error
				if file, err = Build(context.Background(), games, st, code, "en"); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			var steps int
			var play time.Duration
			for _, m := range stored {
				log, _ := st.Actions(context.Background(), m.ID)
				steps += len(log) + 1
				play += played(b, games, st, m)
			}
			data := 0
			for _, n := range dataSizes(b, file) {
				data += n
			}
			b.ReportMetric(float64(steps)/3, "steps/match")
			b.ReportMetric(float64(data)/3/1024, "KB/match")
			b.ReportMetric(play.Minutes()/3, "min/match")
			b.ReportMetric(float64(data)/1024/play.Hours(), "KB/hour")
			b.ReportMetric(float64(len(file)-data)/1024, "KB-shell")
		})
	}
}

// BenchmarkNightFile_ThreeHours builds one night of every game in turn,
// match after match, until three hours of play at the bots' pace: the
// whole file's size and the time to build it.
func BenchmarkNightFile_ThreeHours(b *testing.B) {
	games := shelf.New(false)
	st := mustStore(b)
	const code = "NBQ4AH"
	nighttest.MustRoom(b, st, code, "embassy")
	var play time.Duration
	matches := 0
	for i := 0; play < 3*time.Hour; i++ {
		m := table[i%len(table)]
		m.Seed = int64(100 + i)
		stored := nighttest.MustPlay(b, st, games, code, night.Add(time.Duration(i)*time.Hour), m)
		play += played(b, games, st, stored[0])
		matches++
	}
	var file []byte
	b.ResetTimer()
	for range b.N {
		var err error
		if file, err = Build(context.Background(), games, st, code, "en"); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(matches), "matches")
	b.ReportMetric(play.Minutes(), "min-played")
	b.ReportMetric(float64(len(file))/(1<<20), "MB")
	if testing.Verbose() {
		fmt.Printf("three hours: %d matches, %.0f min, %d bytes\n", matches, play.Minutes(), len(file))
	}
}
