package room_test

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"topsecret/internal/game"
	"topsecret/internal/room"
	"topsecret/internal/store"
)

var host = room.Identity{Host: true}

// mustPick picks the room's next game as its host.
func mustPick(tb testing.TB, r *room.Room, slug, opts string) {
	tb.Helper()
	if err := r.PickGame(context.Background(), host, slug, json.RawMessage(opts)); err != nil {
		tb.Fatalf("PickGame(%s): %v", slug, err)
	}
}

func mustSnapshot(tb testing.TB, r *room.Room, id room.Identity) *room.Frame {
	tb.Helper()
	f, err := r.Snapshot(context.Background(), id)
	if err != nil {
		tb.Fatal(err)
	}
	return f
}

// Only the host picks the next game, and only between matches; a game
// the server does not offer and options the game refuses are refused.
// A refusal changes nothing, in the room or in the store.
func TestRoom_PickGame(t *testing.T) {
	reg := mustRegistry(t)
	r, ids := mustRoomOf(t, reg, 4, `{}`)
	ctx := context.Background()
	tests := []struct {
		name  string
		id    room.Identity
		slug  string
		opts  string
		start bool // a match is being played
		want  error
	}{
		{"ErrForbiddenSeat", room.Identity{SeatID: ids[1]}, "embassy", `{}`, false, room.ErrForbidden},
		{"ErrForbiddenWatcher", room.Identity{}, "embassy", `{}`, false, room.ErrForbidden},
		{"ErrForbiddenTable", room.Identity{Table: true}, "embassy", `{}`, false, room.ErrForbidden},
		{"RefusedUnknownGame", host, "chess", `{}`, false, &room.Refusal{}},
		{"RefusedOptions", host, "embassy", `{"turnTimeoutMs":-5}`, false, &room.Refusal{}},
		{"RefusedUnreadableOptions", host, "embassy", `{"colour":"red"}`, false, &room.Refusal{}},
		{"RefusedWhilePlaying", host, "embassy", `{}`, true, &room.Refusal{}},
		{"ErrForbiddenSeatWhilePlaying", room.Identity{SeatID: ids[0]}, "embassy", `{}`, true, room.ErrForbidden},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.start {
				if _, err := r.Start(ctx, host); err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { _ = r.EndMatch(ctx, host) })
			}
			before := mustSnapshot(t, r, room.Identity{})
			stored, err := reg.Store.Room(ctx, r.Code())
			if err != nil {
				t.Fatal(err)
			}
			err = r.PickGame(ctx, tt.id, tt.slug, json.RawMessage(tt.opts))
			var rf *room.Refusal
			switch want := tt.want.(type) {
			case *room.Refusal:
				if !errors.As(err, &rf) {
					t.Fatalf("PickGame err=%v, want a refusal", err)
				}
			default:
				if !errors.Is(err, want) {
					t.Fatalf("PickGame err=%v, want %v", err, want)
				}
			}
			after := mustSnapshot(t, r, room.Identity{})
			if after.Info.Slug != "wink" || string(after.Options) != string(before.Options) || after.Status != before.Status {
				t.Fatalf("after a refused pick the room plays %s %s (%s), want wink %s (%s)",
					after.Info.Slug, after.Options, after.Status, before.Options, before.Status)
			}
			now, err := reg.Store.Room(ctx, r.Code())
			if err != nil {
				t.Fatal(err)
			}
			if now.Game != stored.Game || string(now.Options) != string(stored.Options) || now.PickedAfter != stored.PickedAfter {
				t.Fatalf("the store holds %s %s after %d, want %s %s after %d",
					now.Game, now.Options, now.PickedAfter, stored.Game, stored.Options, stored.PickedAfter)
			}
		})
	}
	t.Run("OK", func(t *testing.T) {
		if err := r.PickGame(ctx, host, "embassy", json.RawMessage(`{"turnTimeoutMs":60000}`)); err != nil {
			t.Fatal(err)
		}
		f := mustSnapshot(t, r, room.Identity{SeatID: ids[2]})
		if f.Info.Slug != "embassy" || f.Status != room.StatusLobby || f.Match != nil {
			t.Fatalf("after the pick the room is %s in %s (match %v), want embassy's lobby", f.Info.Slug, f.Status, f.Match)
		}
		var opts struct {
			TurnMs int `json:"turnTimeoutMs"`
		}
		if err := json.Unmarshal(f.Options, &opts); err != nil || opts.TurnMs != 60000 {
			t.Fatalf("options %s, want turnTimeoutMs 60000", f.Options)
		}
		if len(f.Seats) != 4 || f.SeatID != ids[2] {
			t.Fatalf("the room kept %d members and this phone's seat %q, want 4 and %q", len(f.Seats), f.SeatID, ids[2])
		}
		if !slices.ContainsFunc(f.Announcements, func(m game.Msg) bool { return m.ID == "game.night.picked" }) {
			t.Fatalf("no screen is told the game changed: %+v", f.Announcements)
		}
	})
}

// A room holds more members than the next game takes: the lobby cannot
// start until the host picks who plays; the others sit the game out,
// watching the table with their own phone, and play the next game. Every
// seat's place in a match comes from that match, not from the room.
func TestRoom_SitOut(t *testing.T) {
	reg := mustRegistry(t)
	r, ids := mustRoomOf(t, reg, 6, `{}`) // wink takes 4–8
	ctx := context.Background()
	mustPick(t, r, "couriers", `{}`) // 2–4
	if _, err := r.Start(ctx, host); !isRefusal(err) {
		t.Fatalf("Start with 6 members for a 4-player game: err=%v, want a refusal", err)
	}
	for _, tt := range []struct {
		name string
		id   room.Identity
		seat string
		out  bool
		want error
	}{
		{"ErrForbiddenSeat", room.Identity{SeatID: ids[0]}, ids[0], true, room.ErrForbidden},
		{"ErrForbiddenOtherSeat", room.Identity{SeatID: ids[3]}, ids[1], true, room.ErrForbidden},
		{"ErrForbiddenWatcher", room.Identity{}, ids[1], true, room.ErrForbidden},
		{"ErrNotFound", host, "no-such-seat", true, store.ErrNotFound},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if err := r.SitOut(ctx, tt.id, tt.seat, tt.out); !errors.Is(err, tt.want) {
				t.Fatalf("SitOut err=%v, want %v", err, tt.want)
			}
			for _, s := range mustSnapshot(t, r, room.Identity{}).Seats {
				if s.SitsOut {
					t.Fatalf("%s sits out after a refused call", s.Name)
				}
			}
		})
	}
	// Ann (first at the table) and Dnn sit out: the four others play,
	// in table order.
	for _, i := range []int{0, 3} {
		if err := r.SitOut(ctx, host, ids[i], true); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.SitOut(ctx, host, ids[3], false); !isRefusal(err) {
		t.Fatalf("a fifth player for a 4-player game: err=%v, want a refusal", err)
	}
	id, err := r.Start(ctx, host)
	if err != nil {
		t.Fatal(err)
	}
	m, err := reg.Store.Match(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	var played []string
	for _, s := range m.Seats {
		played = append(played, s.SeatID)
	}
	if want := []string{ids[1], ids[2], ids[4], ids[5]}; !slices.Equal(played, want) {
		t.Fatalf("match seats %v, want %v", played, want)
	}
	for seat, sid := range played {
		f := mustSnapshot(t, r, room.Identity{SeatID: sid})
		if int(f.You) != seat {
			t.Fatalf("%s plays seat %d, its frame says %d", sid, seat, f.You)
		}
	}
	ann := mustSnapshot(t, r, room.Identity{SeatID: ids[0]})
	table := mustSnapshot(t, r, room.Identity{Table: true})
	if ann.You != -1 || len(ann.Legal) != 0 || ann.SeatID != ids[0] {
		t.Fatalf("Ann, sitting out, plays seat %d with %d moves (seat id %q)", ann.You, len(ann.Legal), ann.SeatID)
	}
	a, _ := json.Marshal(ann.View)
	b, _ := json.Marshal(table.View)
	if string(a) != string(b) {
		t.Fatalf("Ann, sitting out, sees\n%s\nnot the table's\n%s", a, b)
	}
	if _, err := r.Act(ctx, ids[0], "sitting-out", game.Action{Type: "roll"}); !errors.Is(err, room.ErrNotSeated) {
		t.Fatalf("Ann acts while sitting out: err=%v, want ErrNotSeated", err)
	}
	if err := r.SitOut(ctx, host, ids[0], false); !isRefusal(err) {
		t.Fatalf("SitOut while playing: err=%v, want a refusal", err)
	}
	if err := r.Replace(ctx, host, ids[0]); !isRefusal(err) {
		t.Fatalf("a bot for a member who sits out: err=%v, want a refusal", err)
	}
	if err := r.EndMatch(ctx, host); err != nil {
		t.Fatal(err)
	}
	// Wink takes all six: picking it lets everyone play again.
	mustPick(t, r, "wink", `{}`)
	for _, s := range mustSnapshot(t, r, room.Identity{}).Seats {
		if s.SitsOut {
			t.Fatalf("%s still sits out of a game everyone fits in", s.Name)
		}
	}
}

func isRefusal(err error) bool {
	var rf *room.Refusal
	return errors.As(err, &rf)
}

// Each game keeps its own series inside the night: a frame's standings
// and series count the matches of the room's current game only, and
// coming back to a game goes on with its series.
func TestRoom_SeriesPerGame(t *testing.T) {
	reg := mustRegistry(t)
	ctx := context.Background()
	c, err := reg.CreateRoom(ctx, "inkognito", json.RawMessage(`{}`))
	if err != nil {
		t.Fatal(err)
	}
	r, err := reg.Get(ctx, c.Code)
	if err != nil {
		t.Fatal(err)
	}
	for range 4 {
		if _, err := r.AddBot(ctx, host); err != nil {
			t.Fatal(err)
		}
	}
	play := func() {
		t.Helper()
		id, err := r.Start(ctx, host)
		if err != nil {
			t.Fatal(err)
		}
		waitFinished(t, reg.Store, id)
	}
	played := func() (int, room.SeriesState) {
		t.Helper()
		f := mustSnapshot(t, r, room.Identity{})
		n := 0
		for _, s := range f.Standings {
			n = max(n, s.Played)
		}
		return n, f.Series
	}
	play()
	if n, s := played(); n != 1 || s.Target != 3 {
		t.Fatalf("after an inkognito match: played %d, target %d; want 1 and 3", n, s.Target)
	}
	mustPick(t, r, "vault", `{}`)
	if n, s := played(); n != 0 || s.Target != 1200 {
		t.Fatalf("in vault's lobby: played %d, target %d; want 0 and 1200", n, s.Target)
	}
	play()
	play()
	if n, _ := played(); n != 2 {
		t.Fatalf("after two vault deals: played %d, want 2", n)
	}
	mustPick(t, r, "inkognito", `{}`)
	if n, s := played(); n != 1 || s.Target != 3 {
		t.Fatalf("back at inkognito: played %d, target %d; want its 1 match and 3", n, s.Target)
	}
	ms, err := reg.Store.Matches(ctx, c.Code)
	if err != nil {
		t.Fatal(err)
	}
	var games []string
	for _, m := range ms {
		games = append(games, m.Setup.Game)
	}
	if want := []string{"vault", "vault", "inkognito"}; !slices.Equal(games, want) {
		t.Fatalf("the night's matches, newest first: %v, want %v", games, want)
	}
}

// A restart between two games of a night loses nothing: the room comes
// back in the lobby of the game picked, with its options, its members and
// who sits out; after a match of that game it shows that match's end.
func TestRoom_NightSurvivesARestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "rooms.db")
	clock := room.NewManualClock(time.Date(2026, 11, 22, 20, 0, 0, 0, time.UTC))
	reg := openRegistry(t, path, clock)
	ctx := context.Background()
	r, ids := mustRoomOf(t, reg, 5, `{}`)
	code := r.Code()
	if _, err := r.Start(ctx, host); err != nil {
		t.Fatal(err)
	}
	playToEnd(t, r, ids, clock)
	mustPick(t, r, "couriers", `{"colourShift":2}`)
	if err := r.SitOut(ctx, host, ids[4], true); err != nil {
		t.Fatal(err)
	}
	restart := func() *room.Room {
		t.Helper()
		reg.Close()
		reg = openRegistry(t, path, clock)
		r, err := reg.Get(ctx, code)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	r = restart()
	f := mustSnapshot(t, r, room.Identity{SeatID: ids[1]})
	var opts struct {
		ColourShift int `json:"colourShift"`
	}
	_ = json.Unmarshal(f.Options, &opts)
	if f.Info.Slug != "couriers" || f.Status != room.StatusLobby || f.Match != nil || opts.ColourShift != 2 {
		t.Fatalf("after a restart the room is %s %s in %s (match %v), want couriers' lobby with its options", f.Info.Slug, f.Options, f.Status, f.Match)
	}
	var out []string
	for _, s := range f.Seats {
		if s.SitsOut {
			out = append(out, s.ID)
		}
	}
	if len(f.Seats) != 5 || !slices.Equal(out, []string{ids[4]}) {
		t.Fatalf("after a restart: %d members, %v sit out; want 5, %v", len(f.Seats), out, ids[4:])
	}
	if _, err := r.Start(ctx, host); err != nil {
		t.Fatal(err)
	}
	if err := r.EndMatch(ctx, host); err != nil {
		t.Fatal(err)
	}
	r = restart()
	f = mustSnapshot(t, r, room.Identity{SeatID: ids[0]})
	if f.Status != room.StatusFinished || f.Match == nil || f.Match.Number != 2 || f.You != 0 {
		t.Fatalf("after couriers and a restart: %s, match %+v, you %d; want couriers' finished match 2 with you at seat 0", f.Status, f.Match, f.You)
	}
	if n := f.Standings[0].Played; n != 1 {
		t.Fatalf("couriers' standings count %d matches, want its one", n)
	}
	// Picked again after its own match, the same game opens its lobby.
	mustPick(t, r, "couriers", `{}`)
	r = restart()
	if f := mustSnapshot(t, r, room.Identity{}); f.Status != room.StatusLobby || f.Match != nil {
		t.Fatalf("couriers picked again, after a restart: %s with match %+v, want its lobby", f.Status, f.Match)
	}
}

// A JSON client that knows one game per room keeps the game's description
// from its connection's first frame. When the room's game changes, the
// next frame carries the new description, as a first frame does.
func TestRoom_FramesCarryTheNewGame(t *testing.T) {
	reg := mustRegistry(t)
	r, ids := mustRoomOf(t, reg, 4, `{}`)
	ctx := context.Background()
	var firsts []string
	seen := make(chan string, 16)
	enc := room.Encoder{Format: "first", Encode: func(f *room.Frame) ([]byte, error) {
		if f.First {
			return json.Marshal(map[string]string{"game": f.Info.Slug})
		}
		return []byte(`{}`), nil
	}}
	s, err := r.Subscribe(ctx, room.Identity{SeatID: ids[0]}, enc)
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		for msg := range s.Messages() {
			var m struct{ Game string }
			_ = json.Unmarshal(msg, &m)
			seen <- m.Game
		}
	}()
	next := func() string {
		t.Helper()
		select {
		case g := <-seen:
			return g
		case <-time.After(5 * time.Second):
			t.Fatal("no frame")
			return ""
		}
	}
	firsts = append(firsts, next())
	if err := r.SetOptions(ctx, host, json.RawMessage(`{"mode":"remote"}`)); err != nil {
		t.Fatal(err)
	}
	firsts = append(firsts, next())
	mustPick(t, r, "embassy", `{}`)
	firsts = append(firsts, next())
	if _, err := r.AddBot(ctx, host); err == nil {
		firsts = append(firsts, next())
	}
	if want := []string{"wink", "", "embassy"}; !slices.Equal(firsts[:3], want) || (len(firsts) > 3 && firsts[3] != "") {
		t.Fatalf("games carried by the frames: %q, want %q and then none", firsts, want)
	}
}
