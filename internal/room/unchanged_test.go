package room_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"topsecret/internal/room"
)

// A viewer whose content did not change gets no frame: no wasted work, and
// no timing signal that another player did something it cannot see.
func TestRoom_UnchangedViewGetsNoFrame(t *testing.T) {
	reg := mustRegistry(t)
	r, ids := mustRoomOf(t, reg, 4, `{"startPlayer":0}`)
	ctx := context.Background()
	if _, err := r.Start(ctx, room.Identity{Host: true}); err != nil {
		t.Fatal(err)
	}
	subs := map[string]*room.Subscriber{}
	for _, id := range []string{ids[0], ids[1], ""} {
		s, err := r.Subscribe(ctx, room.Identity{SeatID: id, Table: id == ""}, jsonFrames)
		if err != nil {
			t.Fatal(err)
		}
		first := frameOf(t, s)
		if first["version"] == nil || first["now"] == nil || first["status"] != "playing" {
			t.Fatalf("first frame lacks version, now or status: %v", first)
		}
		subs[id] = s
	}
	// Seats 2 and 3 are not connected yet; forget the frames that told the
	// first subscribers of the later ones.
	for _, s := range subs {
		for gotFrame(s) {
		}
	}
	steps := []struct {
		name string
		do   func() error
		want map[string]bool // who gets a frame
	}{
		{"a change nobody can see", func() error { return r.Poke(ctx) },
			map[string]bool{}},
		{"a private note", func() error { return r.PutNote(ctx, ids[0], json.RawMessage(`{"x":1}`)) },
			map[string]bool{ids[0]: true}},
		{"the same note again", func() error { return r.PutNote(ctx, ids[0], json.RawMessage(`{"x":1}`)) },
			map[string]bool{}},
		{"a seat comes online", func() error {
			_, err := r.Subscribe(ctx, room.Identity{SeatID: ids[2]}, jsonFrames)
			return err
		}, map[string]bool{ids[0]: true, ids[1]: true, "": true}},
	}
	for _, st := range steps {
		if err := st.do(); err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		for id, s := range subs {
			got := gotFrame(s)
			if got != st.want[id] {
				t.Errorf("%s: viewer %q got a frame = %v, want %v", st.name, id, got, st.want[id])
			}
		}
	}
}

func frameOf(t *testing.T, s *room.Subscriber) map[string]any {
	t.Helper()
	select {
	case msg := <-s.Messages():
		var f map[string]any
		if err := json.Unmarshal(msg, &f); err != nil {
			t.Fatalf("frame is not JSON: %v: %s", err, msg)
		}
		return f
	case <-time.After(5 * time.Second):
		t.Fatal("no frame")
		return nil
	}
}

// gotFrame reports whether a frame waits for s. Each step's call returns
// after the room has fanned out, so a frame is queued by then or never.
func gotFrame(s *room.Subscriber) bool {
	select {
	case <-s.Messages():
		return true
	default:
		return false
	}
}

// Encoding (rendering a page region, for HTML) is the costly part of a
// change: the room encodes a viewer's frame only when its content changed,
// once per distinct viewer and Format however many connections share
// them, and separately for each Format (a reader of another language).
func TestRoom_EncodesOnlyChangedViewsOncePerViewerAndFormat(t *testing.T) {
	reg := mustRegistry(t)
	r, ids := mustRoomOf(t, reg, 4, `{"startPlayer":0}`)
	ctx := context.Background()
	if _, err := r.Start(ctx, room.Identity{Host: true}); err != nil {
		t.Fatal(err)
	}
	type key struct{ seat, format string }
	encoded := map[key]int{} // read after each step's fan-out
	counting := func(id, format string) room.Encoder {
		return room.Encoder{Format: format, Encode: func(f *room.Frame) ([]byte, error) {
			encoded[key{id, format}]++
			return jsonFrames.Encode(f)
		}}
	}
	var subs []*room.Subscriber
	for _, id := range ids {
		for _, format := range []string{"json en", "json en", "json fr"} { // two phones alike, one in French
			s, err := r.Subscribe(ctx, room.Identity{SeatID: id}, counting(id, format))
			if err != nil {
				t.Fatal(err)
			}
			subs = append(subs, s)
		}
	}
	drain := func() {
		for _, s := range subs {
			for gotFrame(s) {
			}
		}
		clear(encoded)
	}
	drain()
	if err := r.Poke(ctx); err != nil {
		t.Fatal(err)
	}
	if len(encoded) != 0 {
		t.Fatalf("a change nobody can see encoded %v, want nothing", encoded)
	}
	drain()
	if err := r.PutNote(ctx, ids[1], json.RawMessage(`{"x":2}`)); err != nil {
		t.Fatal(err)
	}
	want := map[key]int{{ids[1], "json en"}: 1, {ids[1], "json fr"}: 1}
	if len(encoded) != len(want) || encoded[key{ids[1], "json en"}] != 1 || encoded[key{ids[1], "json fr"}] != 1 {
		t.Fatalf("a note encoded %v, want %v", encoded, want)
	}
}
