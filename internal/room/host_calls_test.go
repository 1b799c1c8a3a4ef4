package room_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"topsecret/internal/room"
)

// hostCall is one host-only call of the room, made by who.
type hostCall func(ctx context.Context, r *room.Room, who room.Identity) error

// Every host-only call asks the room who the host is on the room's own
// goroutine, from who calls: once the role has passed, the previous host,
// a player's seat, a stranger and the table screen are refused and change
// nothing, while the new host may. Before, the server asked first and told
// the room "host=true", which a role passing in between made stale.
func TestRoom_HostCallsAreDecidedInTheRoom(t *testing.T) {
	t.Parallel()
	reg := mustRegistry(t)
	r, ids := mustGameRoom(t, reg, "wink", 4, `{"startPlayer":0}`)
	ctx := context.Background()
	creator, host := room.Identity{Host: true}, room.Identity{SeatID: ids[0]}
	if err := r.PassHost(ctx, creator, ids[0]); err != nil {
		t.Fatal(err)
	}
	others := []struct {
		name string
		id   room.Identity
	}{
		{"the previous host", creator},
		{"a seat", room.Identity{SeatID: ids[1]}},
		{"a stranger", room.Identity{}},
		{"the table", room.Identity{Table: true}},
	}
	var matchID string
	watch := func(step int) hostCall {
		return func(ctx context.Context, r *room.Room, who room.Identity) error {
			return r.Watch(ctx, who, room.WatchState{MatchID: matchID, Step: step})
		}
	}
	// Each phase's calls are refused to the others; then the host's call
	// moves the room to the next phase.
	phases := []struct {
		name  string
		calls map[string]hostCall
		host  hostCall
	}{
		{"lobby", map[string]hostCall{
			"AddBot": func(ctx context.Context, r *room.Room, who room.Identity) error {
				_, err := r.AddBot(ctx, who)
				return err
			},
			"Kick": func(ctx context.Context, r *room.Room, who room.Identity) error { return r.Kick(ctx, who, ids[2]) },
			"Move": func(ctx context.Context, r *room.Room, who room.Identity) error { return r.Move(ctx, who, ids[2], 0) },
			"SetOptions": func(ctx context.Context, r *room.Room, who room.Identity) error {
				return r.SetOptions(ctx, who, json.RawMessage(`{"startPlayer":1}`))
			},
			"SetBotStrength": func(ctx context.Context, r *room.Room, who room.Identity) error {
				return r.SetBotStrength(ctx, who, "sharp")
			},
			"Start": func(ctx context.Context, r *room.Room, who room.Identity) error {
				_, err := r.Start(ctx, who)
				return err
			},
		}, func(ctx context.Context, r *room.Room, who room.Identity) (err error) {
			matchID, err = r.Start(ctx, who)
			return err
		}},
		{"playing", map[string]hostCall{
			"Replace":  func(ctx context.Context, r *room.Room, who room.Identity) error { return r.Replace(ctx, who, ids[1]) },
			"EndMatch": func(ctx context.Context, r *room.Room, who room.Identity) error { return r.EndMatch(ctx, who) },
		}, func(ctx context.Context, r *room.Room, who room.Identity) error { return r.EndMatch(ctx, who) }},
		{"finished", map[string]hostCall{
			"Watch": watch(1),
			"CloseNight": func(ctx context.Context, r *room.Room, who room.Identity) error {
				return r.CloseNight(ctx, who, true)
			},
		}, watch(0)},
		{"watching", map[string]hostCall{
			"Watch":     watch(1),
			"StopWatch": func(ctx context.Context, r *room.Room, who room.Identity) error { return r.StopWatch(ctx, who) },
		}, func(ctx context.Context, r *room.Room, who room.Identity) error { return r.StopWatch(ctx, who) }},
	}
	for _, p := range phases {
		for method, call := range p.calls {
			for _, o := range others {
				t.Run(p.name+"/"+method+"/"+o.name, func(t *testing.T) {
					before := publicFrame(t, r)
					if err := call(ctx, r, o.id); !errors.Is(err, room.ErrForbidden) {
						t.Fatalf("%s by %s: err=%v, want ErrForbidden", method, o.name, err)
					}
					if after := publicFrame(t, r); after != before {
						t.Fatalf("a refused %s changed the room:\n%s\nwant\n%s", method, after, before)
					}
				})
			}
		}
		if err := p.host(ctx, r, host); err != nil {
			t.Fatalf("the new host, %s: %v", p.name, err)
		}
	}
}

// publicFrame is what the table screen is shown, without the times that
// change while nothing else does.
func publicFrame(tb testing.TB, r *room.Room) string {
	tb.Helper()
	f, err := r.Snapshot(context.Background(), room.Identity{Table: true})
	if err != nil {
		tb.Fatal(err)
	}
	f.Version, f.Now = 0, 0
	b, err := json.Marshal(f)
	if err != nil {
		tb.Fatal(err)
	}
	return string(b)
}
