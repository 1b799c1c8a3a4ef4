package server

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"path/filepath"
	"testing"
	"time"

	"topsecret/internal/game"
	"topsecret/internal/room"
	"topsecret/internal/store/sqlite"
	"topsecret/internal/viewjson"
)

// JSON frames are written by package viewjson; what a client reads must be
// what encoding/json would have written, byte for byte, for every game's
// frames: each seat's and the table's, from the lobby to the result.
func TestJSONFrame_WritesWhatEncodingJSONWrites(t *testing.T) {
	for _, b := range everyGame.All() {
		g := struct{ Info game.Info }{b.Rules.Info()}
		t.Run(g.Info.Slug, func(t *testing.T) {
			t.Parallel()
			st, err := sqlite.Open(filepath.Join(t.TempDir(), "frames.db"))
			if err != nil {
				t.Fatal(err)
			}
			reg := room.NewRegistry(st, everyGame.Rules(), slog.New(slog.NewTextHandler(io.Discard, nil)))
			clock := room.NewManualClock(time.Date(2026, 11, 29, 20, 0, 0, 0, time.UTC))
			reg.Clock, reg.BotDelay = clock, 0
			t.Cleanup(func() { reg.Close(); st.Close() })
			ctx := context.Background()
			c, err := reg.CreateRoom(ctx, g.Info.Slug, json.RawMessage(`{}`))
			if err != nil {
				t.Fatal(err)
			}
			r, err := reg.Get(ctx, c.Code)
			if err != nil {
				t.Fatal(err)
			}
			ids := []room.Identity{{Table: true}}
			for range g.Info.MinPlayers {
				s, err := r.AddBot(ctx, room.Identity{Host: true})
				if err != nil {
					t.Fatal(err)
				}
				ids = append(ids, room.Identity{SeatID: s.ID})
			}
			compare := func(when string) {
				for _, id := range ids {
					f, err := r.Snapshot(ctx, id)
					if err != nil {
						t.Fatal(err)
					}
					rd := everyGame.Words().Reader("en", playerNames(f))
					for _, part := range []any{ownPart(f, rd), sharedPart(f, rd)} {
						want, err := json.Marshal(part)
						if err != nil {
							t.Fatal(err)
						}
						if got, err := viewjson.Marshal(part); err != nil || !bytes.Equal(got, want) {
							t.Fatalf("%s, %+v: viewjson wrote (err %v)\n%s\nencoding/json\n%s", when, id, err, got, want)
						}
					}
				}
			}
			compare("lobby")
			if _, err := r.Start(ctx, room.Identity{Host: true}); err != nil {
				t.Fatal(err)
			}
			for step := 0; step < 400; step++ {
				compare("in play")
				f, err := r.Snapshot(ctx, room.Identity{Table: true})
				if err != nil {
					t.Fatal(err)
				}
				if f.Match != nil && f.Match.Result != nil {
					compare("at the result")
					t.Logf("result after %d steps", step)
					return
				}
				clock.Advance(time.Second) // windows and turn timers run out
				time.Sleep(time.Millisecond)
			}
			t.Fatal("no result after 400 steps")
		})
	}
}
