package room_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"topsecret/internal/room"
)

// Bots play a whole series in one room, match after match, until someone
// reaches the target (vault 1200 points, inkognito 3); the standings then
// name that champion, and the next match opens a new series.
func TestRoom_SeriesToTheTarget(t *testing.T) {
	tests := []struct {
		game   string
		seats  int
		target int
	}{
		{"vault", 4, 1200},
		{"inkognito", 3, 3},
		{"inkognito", 4, 3},
		{"inkognito", 5, 3},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s %d players", tt.game, tt.seats), func(t *testing.T) {
			t.Parallel()
			reg := mustRegistry(t)
			ctx := context.Background()
			c, err := reg.CreateRoom(ctx, tt.game, json.RawMessage(`{}`))
			if err != nil {
				t.Fatal(err)
			}
			r, err := reg.Get(ctx, c.Code)
			if err != nil {
				t.Fatal(err)
			}
			for range tt.seats {
				if _, err := r.AddBot(ctx, room.Identity{Host: true}); err != nil {
					t.Fatal(err)
				}
			}
			var champ *room.Standing
			matches := 0
			for champ == nil {
				if matches++; matches > 40 {
					t.Fatalf("no champion after %d matches", matches-1)
				}
				id, err := r.Start(ctx, room.Identity{Host: true})
				if err != nil {
					t.Fatalf("match %d: %v", matches, err)
				}
				waitFinished(t, reg.Store, id)
				f, err := r.Snapshot(ctx, room.Identity{})
				if err != nil {
					t.Fatal(err)
				}
				for i, s := range f.Standings {
					if s.Champion {
						champ = &f.Standings[i]
					}
				}
			}
			if champ.Points < tt.target || !champ.Leader {
				t.Fatalf("champion %+v below the target %d", champ, tt.target)
			}
			// The series state says so, and that a rematch starts afresh.
			f, err := r.Snapshot(ctx, room.Identity{})
			if err != nil {
				t.Fatal(err)
			}
			if s := f.Series; s.Target != tt.target || !s.Over || !s.NewSeriesNext ||
				!slices.Contains(s.Champions, champ.SeatID) {
				t.Fatalf("series after %s won it: %+v", champ.Name, s)
			}
			// One more match starts the next series from zero.
			id, err := r.Start(ctx, room.Identity{Host: true})
			if err != nil {
				t.Fatal(err)
			}
			waitFinished(t, reg.Store, id)
			f, _ = r.Snapshot(ctx, room.Identity{})
			for _, s := range f.Standings {
				if s.Played != 1 || s.Champion {
					t.Fatalf("after the series, a new one should count one match: %+v", f.Standings)
				}
			}
			if s := f.Series; s.Over || s.NewSeriesNext || len(s.Champions) != 0 || len(s.Leaders) == 0 {
				t.Fatalf("series after one match of the next: %+v", s)
			}
		})
	}
}
