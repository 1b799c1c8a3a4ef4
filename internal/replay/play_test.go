package replay_test

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
	"topsecret/internal/games/wink"
	"topsecret/internal/store"
)

// mustPlay plays a bot-only wink match to its end and returns it as the
// store holds it.
func mustPlay(tb testing.TB, players int, seed string, options string) (store.Match, []store.ActionRecord) {
	return mustPlayFidgety(tb, players, seed, options, 0)
}

// mustPlayFidgety is mustPlay where, between the bots' own actions, seats
// look around (fidget focus moves per bot action), as people in a remote
// match do: it makes long logs.
func mustPlayFidgety(tb testing.TB, players int, seed string, options string, fidget int) (store.Match, []store.ActionRecord) {
	tb.Helper()
	rules := wink.Rules{}
	opts, err := rules.Options(json.RawMessage(options))
	if err != nil {
		tb.Fatal(err)
	}
	start := time.Date(2026, 11, 22, 20, 0, 0, 0, time.UTC).UnixMilli()
	m := store.Match{ID: "m-" + seed, RoomCode: "ACDEFG", Number: 1, Status: store.StatusPlaying,
		Setup: game.Setup{Game: "wink", Options: opts, Seats: players, Seed: sha256.Sum256([]byte(seed)), Started: start}}
	for i := 0; i < players; i++ {
		m.Seats = append(m.Seats, store.MatchSeat{SeatID: fmt.Sprintf("s%d", i), Name: []string{"Marie", "Julia", "Jan", "Tom", "Ann", "Bo", "Cy", "Di"}[i], Bot: true})
	}
	st, err := rules.New(m.Setup)
	if err != nil {
		tb.Fatal(err)
	}
	bot, _ := game.BotFor(rules)
	var log []store.ActionRecord
	now := start
	for len(log) < 20000 {
		if res, over := st.Result(); over {
			m.Status, m.Result = store.StatusFinished, &res
			return m, log
		}
		a, ok := game.Action{}, false
		if fidget > 0 && len(log)%(fidget+1) != 0 {
			a, ok = lookAround(st, m.Setup.Seed, players, len(log), &now)
		}
		if !ok {
			a, ok = nextAction(st, bot, m.Setup.Seed, players, len(log), &now)
		}
		if !ok {
			tb.Fatalf("stuck after %d actions", len(log))
		}
		if _, err := game.StepEvents(st, m.Setup.Seed, len(log), a); err != nil {
			tb.Fatalf("bot chose an illegal action: %v", err)
		}
		log = append(log, store.ActionRecord{MatchID: m.ID, Index: len(log), Action: a})
	}
	tb.Fatal("match did not finish")
	return m, nil
}

// nextAction asks every seat's bot, then lets simulated time pass until a
// timer fires or a bot wakes up.
func nextAction(st game.State, bot game.Bot, seed game.Seed, n, i int, now *int64) (game.Action, bool) {
	for tick := 0; tick < 2000; tick++ {
		for k := 0; k < n; k++ {
			s := game.Seat((i + k) % n)
			if a, ok := bot.Act(st, s, *now, game.RandFor(seed, 1<<32+i*16+k)); ok {
				a.Seat, a.At = s, *now
				*now += 150
				return a, true
			}
		}
		for _, t := range st.Next().Timers {
			if t.At <= *now {
				a := t.Fires
				a.Seat, a.At = game.System, *now
				return a, true
			}
		}
		*now += 250
	}
	return game.Action{}, false
}

// lookAround moves one seat's eyes to a random legal target.
func lookAround(st game.State, seed game.Seed, n, i int, now *int64) (game.Action, bool) {
	s := game.Seat(i % n)
	r := game.RandFor(seed, 1<<40+i)
	for _, mv := range st.Legal(s) {
		if mv.Type == wink.ActSetFocus {
			a := gametest.Fill(mv, s, *now, r)
			if st.Check(a) == nil {
				*now += 100
				return a, true
			}
		}
	}
	return game.Action{}, false
}
