package room_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"topsecret/internal/game"
	"topsecret/internal/room"
)

// A frame carries the last ten events its viewer may read, oldest first:
// as many as the table screen lists. Watched after every step of a match
// of bots, each viewer's frame holds the newest ten of all the events it
// was ever shown, and a player's frame holds its own private ones too,
// numbered in its own count (numbered): in wink a seat drawing its own
// colour, in inkognito what a seat was shown or peeked at, which no other
// viewer's numbers may betray.
func TestFrame_CarriesTheViewersLastTenEvents(t *testing.T) {
	t.Parallel()
	for _, g := range []struct{ slug, options string }{{"wink", `{"mode":"table"}`}, {"inkognito", `{}`}} {
		t.Run(g.slug, func(t *testing.T) {
			t.Parallel()
			framesCarryTheLastTen(t, g.slug, g.options)
		})
	}
}

func framesCarryTheLastTen(t *testing.T, slug, options string) {
	reg := mustRegistry(t)
	r, _ := mustBotRoom(t, reg, slug, options, 4, game.Regular)
	ctx := context.Background()
	f, err := r.Snapshot(ctx, room.Identity{Table: true})
	if err != nil {
		t.Fatal(err)
	}
	viewers := []room.Identity{{Table: true}, {SeatID: f.Seats[0].ID}, {SeatID: f.Seats[2].ID}}
	shown := make([][]uint64, len(viewers))
	seqs := make([]map[uint64]uint64, len(viewers))
	for i := range seqs {
		seqs[i] = map[uint64]uint64{}
	}
	full := make([]bool, len(viewers))
	drive(t, reg, r, 500*time.Millisecond, time.Hour, func(now *room.Frame) bool {
		for i, id := range viewers {
			f, err := r.Snapshot(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if len(f.Events) != len(f.EventSeqs) || !slices.IsSorted(f.EventSeqs) {
				t.Fatalf("%+v: events %v with numbers %v, want one number each, oldest first", id, f.Events, f.EventSeqs)
			}
			for _, s := range f.EventSeqs {
				if !slices.Contains(shown[i], s) {
					shown[i] = append(shown[i], s)
				}
			}
			slices.Sort(shown[i])
			want := shown[i][max(len(shown[i])-10, 0):]
			if !slices.Equal(f.EventSeqs, want) {
				t.Fatalf("%+v: a frame with events %v, want the newest ten of those shown so far, %v", id, f.EventSeqs, want)
			}
			full[i] = full[i] || len(f.Events) == 10
			numbered(t, id, f, seqs[i])
		}
		return now.Match != nil && now.Match.Result != nil
	})
	for i, id := range viewers {
		if !full[i] {
			t.Errorf("%+v was never shown ten events in a whole match: %v", id, shown[i])
		}
	}
	t.Logf("events shown: table %d, seats %d and %d", len(shown[0]), len(shown[1]), len(shown[2]))
	// Private events (a player drawing their own colour) make the players'
	// stories differ from the table's.
	if slices.Equal(shown[0], shown[1]) && slices.Equal(shown[0], shown[2]) {
		t.Errorf("every viewer was shown the same events %v: no private ones?", shown[0])
	}
}

// numbered checks that a viewer's lines are numbered by its own count: one
// apart, with no gap where another seat was told something, the newest the
// number of all the lines the viewer may have read, and each event keeping
// its number from frame to frame (seen maps the room's number of an event
// to the viewer's).
func numbered(t *testing.T, id room.Identity, f *room.Frame, seen map[uint64]uint64) {
	t.Helper()
	for i, l := range f.Events {
		if i > 0 && l.Seq != f.Events[i-1].Seq+1 {
			t.Fatalf("%+v: lines numbered %d then %d, want one apart", id, f.Events[i-1].Seq, l.Seq)
		}
		if n, ok := seen[f.EventSeqs[i]]; ok && n != l.Seq {
			t.Fatalf("%+v: event %d was line %d and is now %d", id, f.EventSeqs[i], n, l.Seq)
		}
		seen[f.EventSeqs[i]] = l.Seq
		if l.Private && id.Table {
			t.Fatalf("%+v: the table was sent a private line %+v", id, l)
		}
	}
	if n := len(f.Events); n > 0 && n < 10 && f.Events[n-1].Seq != uint64(n) {
		t.Fatalf("%+v: %d lines, the newest numbered %d: the numbers count something else", id, n, f.Events[n-1].Seq)
	}
}
