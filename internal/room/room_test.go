package room_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"path/filepath"
	"testing"
	"time"

	"topsecret/internal/room"
	"topsecret/internal/store/sqlite"
)

func mustRegistry(tb testing.TB) *room.Registry {
	tb.Helper()
	st, err := sqlite.Open(filepath.Join(tb.TempDir(), "rooms.db"))
	if err != nil {
		tb.Fatal(err)
	}
	reg := room.NewRegistry(st, everyGame, slog.New(slog.NewTextHandler(io.Discard, nil)))
	reg.Clock = room.NewManualClock(time.Date(2026, 11, 22, 20, 0, 0, 0, time.UTC))
	reg.BotDelay = 0
	tb.Cleanup(func() { reg.Close(); st.Close() })
	return reg
}

// mustRoomOf creates a wink room with n seated players and returns it and their seat ids.
func mustRoomOf(tb testing.TB, reg *room.Registry, n int, opts string) (*room.Room, []string) {
	tb.Helper()
	r, joins := mustJoinedRoom(tb, reg, n, opts)
	var ids []string
	for _, j := range joins {
		ids = append(ids, j.Seat.ID)
	}
	return r, ids
}

// mustJoinedRoom is mustRoomOf with what each person got on joining, their
// token included: the store keeps only its hash.
func mustJoinedRoom(tb testing.TB, reg *room.Registry, n int, opts string) (*room.Room, []room.Joined) {
	tb.Helper()
	ctx := context.Background()
	c, err := reg.CreateRoom(ctx, "wink", json.RawMessage(opts))
	if err != nil {
		tb.Fatal(err)
	}
	r, err := reg.Get(ctx, c.Code)
	if err != nil {
		tb.Fatal(err)
	}
	var joins []room.Joined
	for i := 0; i < n; i++ {
		j, err := r.Join(ctx, string(rune('A'+i))+"nn")
		if err != nil {
			tb.Fatal(err)
		}
		joins = append(joins, j)
	}
	return r, joins
}

var jsonFrames = room.Encoder{Format: "json", Encode: func(f *room.Frame) ([]byte, error) {
	content := *f
	content.Version, content.Now = 0, 0
	return json.Marshal(content)
}}

// A subscriber that stops reading is neither dropped nor allowed to stall
// the room: it skips frames, everyone else keeps receiving, and once it
// has read what waited it gets the frame of that moment.
func TestRoom_SlowSubscriberSkipsToTheCurrentFrame(t *testing.T) {
	reg := mustRegistry(t)
	reg.Buffer = 4
	r, _ := mustRoomOf(t, reg, 0, `{}`)
	ctx := context.Background()
	slow, err := r.Subscribe(ctx, room.Identity{}, jsonFrames)
	if err != nil {
		t.Fatal(err)
	}
	fast, err := r.Subscribe(ctx, room.Identity{}, jsonFrames)
	if err != nil {
		t.Fatal(err)
	}
	// The fast subscriber reads each frame before the next join, as a
	// phone keeping up does: read from a goroutine of its own, a machine
	// busy with other tests could leave it behind, skipping frames too.
	got := 0
	next := func() {
		t.Helper()
		select {
		case <-fast.Messages():
			got++
		case <-time.After(5 * time.Second):
			t.Fatalf("fast subscriber got %d frames, want 7", got)
		}
	}
	next() // the first frame, then one per join
	names := []string{"Ann", "Bob", "Cid", "Dee", "Eve", "Fay"}
	for _, name := range names {
		if _, err := r.Join(ctx, name); err != nil {
			t.Fatal(err)
		}
		next()
	}
	select {
	case <-slow.Gone():
		t.Fatalf("slow subscriber dropped: %s", slow.Cause())
	default:
	}
	// Half the queue holds frames: the first two, the others skipped.
	if n := len(slow.Messages()); n != 2 {
		t.Fatalf("slow subscriber holds %d frames, want 2", n)
	}
	for range 2 {
		<-slow.Messages()
	}
	slow.Drained()
	select {
	case msg := <-slow.Messages():
		var f room.Frame
		if err := json.Unmarshal(msg, &f); err != nil {
			t.Fatalf("frame %s: %v", msg, err)
		}
		if len(f.Seats) != len(names) {
			t.Fatalf("caught-up frame has %d seats, want %d", len(f.Seats), len(names))
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no frame after catching up")
	}
	// Caught up, it skips nothing more: one join, one frame.
	if _, err := r.Join(ctx, "Gus"); err != nil {
		t.Fatal(err)
	}
	select {
	case <-slow.Messages():
	case <-time.After(5 * time.Second):
		t.Fatal("no frame for the next join")
	}
}

// BenchmarkFanout measures one change pushed to a full wink table: eight
// seats and a table screen, each encoded as JSON.
func BenchmarkFanout(b *testing.B) {
	reg := mustRegistry(b)
	reg.Buffer = 1 << 16
	r, ids := mustRoomOf(b, reg, 8, `{"startPlayer":0}`)
	ctx := context.Background()
	if _, err := r.Start(ctx, room.Identity{Host: true}); err != nil {
		b.Fatal(err)
	}
	for _, id := range append(ids, "") {
		s, err := r.Subscribe(ctx, room.Identity{SeatID: id, Table: id == ""}, jsonFrames)
		if err != nil {
			b.Fatal(err)
		}
		go func() {
			for range s.Messages() {
			}
		}()
	}
	b.ResetTimer()
	for b.Loop() {
		r.Poke(ctx)
	}
}
