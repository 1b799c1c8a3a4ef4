package main

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"topsecret/internal/game"
	"topsecret/internal/store"
)

// verify must catch what the fault tests rely on it to catch: an
// acknowledged action missing from the log of the match its ok named.
// (The store itself refuses a second copy of a client id, so a double
// cannot be stored to test here.)
func TestVerifyFindsLostAcknowledgements(t *testing.T) {
	ctx := t.Context()
	st, err := openStore(ctx, Config{DataDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	now := time.Now().UTC()
	if err := st.CreateRoom(ctx, store.Room{Code: "VRFY01", Game: "wink", Options: json.RawMessage(`{}`), HostHash: store.Hash("h"), CreatedAt: now}); err != nil {
		t.Fatal(err)
	}
	m := store.Match{ID: uuid.NewString(), RoomCode: "VRFY01", Number: 1, Status: "playing", CreatedAt: now,
		Setup: game.Setup{Game: "wink", Options: json.RawMessage(`{}`), Seats: 4}, Seats: make([]store.MatchSeat, 4)}
	if err := st.CreateMatch(ctx, m); err != nil {
		t.Fatal(err)
	}
	other := m
	other.ID, other.Number = uuid.NewString(), 2
	if err := st.CreateMatch(ctx, other); err != nil {
		t.Fatal(err)
	}
	for i, id := range []string{"a", "", "b"} { // index 1 is a timer's action: no client id
		rec := store.ActionRecord{MatchID: m.ID, Index: i, ClientID: id, Action: game.Action{Type: "pass", At: now.UnixMilli()}}
		if err := st.AppendAction(ctx, rec); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		name   string
		claims []acked
		bad    int
		says   string
	}{
		{"every ok stored in its match", []acked{{m.ID, "a"}, {m.ID, "b"}}, 0, ""},
		{"the same ok twice is one action", []acked{{m.ID, "a"}, {m.ID, "a"}}, 0, ""},
		{"an ok never stored is lost", []acked{{m.ID, "c"}}, 1, "lost"},
		{"an ok naming another match is lost", []acked{{other.ID, "b"}}, 1, "lost"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out strings.Builder
			bad, err := verifyAcked(ctx, st, tc.claims, &out)
			if err != nil {
				t.Fatal(err)
			}
			if bad != tc.bad || !strings.Contains(out.String(), tc.says) {
				t.Fatalf("verify = %d wrong, said %q; want %d, saying %q", bad, out.String(), tc.bad, tc.says)
			}
		})
	}
}
