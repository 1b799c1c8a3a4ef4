package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"topsecret/internal/game"
	"topsecret/internal/games/wink"
	"topsecret/internal/room"
	"topsecret/internal/store"
	"topsecret/internal/store/sqlite"
)

// mustStoredMatch plays a bot-only wink match through the engine and stores
// it, finished, in a SQLite database in dir.
func mustStoredMatch(tb testing.TB, dir string) string {
	tb.Helper()
	ctx := context.Background()
	st, err := sqlite.Open(filepath.Join(dir, "topsecret.db"))
	if err != nil {
		tb.Fatal(err)
	}
	defer st.Close()
	rules := wink.Rules{}
	opts, _ := rules.Options(json.RawMessage(`{"mode":"remote","agentCardsRemovedPerPlayer":4}`))
	start := time.Date(2026, 11, 22, 20, 0, 0, 0, time.UTC)
	rm := store.Room{Code: room.NewCode(), Game: "wink", Options: opts, HostHash: store.Hash(room.NewToken()), CreatedAt: start}
	if err := st.CreateRoom(ctx, rm); err != nil {
		tb.Fatal(err)
	}
	m := store.Match{ID: uuid.NewString(), RoomCode: rm.Code, Number: 1, Status: store.StatusPlaying, CreatedAt: start,
		Setup: game.Setup{Game: "wink", Options: opts, Seats: 4, Seed: sha256.Sum256([]byte("cli")), Started: start.UnixMilli()}}
	for _, n := range []string{"Marie", "Julia", "Jan", "Tom"} {
		m.Seats = append(m.Seats, store.MatchSeat{SeatID: uuid.NewString(), Name: n, Bot: true})
	}
	if err := st.CreateMatch(ctx, m); err != nil {
		tb.Fatal(err)
	}
	state, err := rules.New(m.Setup)
	if err != nil {
		tb.Fatal(err)
	}
	bot, _ := game.BotFor(rules)
	now := start.UnixMilli()
	for i := 0; ; i++ {
		if res, over := state.Result(); over {
			if err := st.FinishMatch(ctx, m.ID, res, start.Add(10*time.Minute)); err != nil {
				tb.Fatal(err)
			}
			return m.ID
		}
		if i > 5000 {
			tb.Fatal("match did not finish")
		}
		a := botAction(tb, state, bot, m.Setup.Seed, i, &now)
		if err := game.Step(state, m.Setup.Seed, i, a); err != nil {
			tb.Fatal(err)
		}
		if err := st.AppendAction(ctx, store.ActionRecord{MatchID: m.ID, Index: i, Action: a}); err != nil {
			tb.Fatal(err)
		}
	}
}

// botAction asks the bots, then lets time pass until one acts or a timer fires.
func botAction(tb testing.TB, st game.State, bot game.Bot, seed game.Seed, i int, now *int64) game.Action {
	for tick := 0; tick < 2000; tick++ {
		for k := 0; k < 4; k++ {
			s := game.Seat((i + k) % 4)
			if a, ok := bot.Act(st, s, *now, game.RandFor(seed, 1<<32+i*16+k)); ok {
				a.Seat, a.At = s, *now
				*now += 150
				return a
			}
		}
		for _, t := range st.Next().Timers {
			if t.At <= *now {
				a := t.Fires
				a.Seat, a.At = game.System, *now
				return a
			}
		}
		*now += 250
	}
	tb.Fatal("no bot acts")
	return game.Action{}
}

func runOK(tb testing.TB, args ...string) string {
	tb.Helper()
	var out, errOut bytes.Buffer
	if err := run(context.Background(), args, &out, &errOut); err != nil {
		tb.Fatalf("%v: %v\n%s%s", args, err, out.String(), errOut.String())
	}
	return out.String()
}

func TestReplay_ExportImport(t *testing.T) {
	t.Parallel()
	src, dst := t.TempDir(), t.TempDir()
	id := mustStoredMatch(t, src)
	exported := runOK(t, "replay", "export", "-data", src, id)
	file := filepath.Join(t.TempDir(), "match.json")
	if err := os.WriteFile(file, []byte(exported), 0o644); err != nil {
		t.Fatal(err)
	}

	out := runOK(t, "replay", "import", "-data", dst, "-base-url", "http://table.local:8080", file)
	if !strings.Contains(out, "verified by replay") || !strings.Contains(out, "http://table.local:8080/m/") {
		t.Fatalf("import said:\n%s", out)
	}
	newID := strings.Fields(out)[2]
	mustHostTokenSaid(t, dst, out)
	again := runOK(t, "replay", "export", "-data", dst, newID)
	var a, b struct {
		Setup   json.RawMessage `json:"setup"`
		Actions json.RawMessage `json:"actions"`
		Result  json.RawMessage `json:"result"`
		Seats   json.RawMessage `json:"seats"`
	}
	if err := json.Unmarshal([]byte(exported), &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(again), &b); err != nil {
		t.Fatal(err)
	}
	if string(a.Setup) != string(b.Setup) || string(a.Actions) != string(b.Actions) || string(a.Result) != string(b.Result) || string(a.Seats) != string(b.Seats) {
		t.Fatalf("the imported match differs from the exported one")
	}
	if show := runOK(t, "replay", "show", "-data", dst, newID); !strings.Contains(show, "Result:") {
		t.Fatalf("show of the imported match:\n%s", show)
	}
}

func TestReplay_ImportRefusesTampering(t *testing.T) {
	t.Parallel()
	src := t.TempDir()
	id := mustStoredMatch(t, src)
	exported := runOK(t, "replay", "export", "-data", src, id)
	tests := []struct {
		name   string
		tamper func(rec map[string]any)
		want   string
	}{
		{"ErrIllegalAction", func(rec map[string]any) {
			acts := rec["actions"].([]any)
			first := acts[0].(map[string]any)
			first["seat"] = float64((int(first["seat"].(float64)) + 1) % 4)
		}, "action 0"},
		{"ErrChangedSeed", func(rec map[string]any) {
			setup := rec["setup"].(map[string]any)
			seed := []byte(setup["seed"].(string))
			if seed[0] == '0' {
				seed[0] = '1'
			} else {
				seed[0] = '0'
			}
			setup["seed"] = string(seed)
		}, "does not replay"},
		{"ErrChangedResult", func(rec map[string]any) {
			res := rec["result"].(map[string]any)
			res["points"] = []any{9, 9, 9, 9}
		}, "the record says"},
		{"ErrUnfinished", func(rec map[string]any) { rec["status"] = "playing" }, "only a finished match"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var rec map[string]any
			if err := json.Unmarshal([]byte(exported), &rec); err != nil {
				t.Fatal(err)
			}
			tt.tamper(rec)
			b, _ := json.Marshal(rec)
			file := filepath.Join(t.TempDir(), "tampered.json")
			if err := os.WriteFile(file, b, 0o644); err != nil {
				t.Fatal(err)
			}
			dst := t.TempDir()
			var out bytes.Buffer
			err := run(context.Background(), []string{"replay", "import", "-data", dst, file}, &out, &out)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("import = %v, want an error mentioning %q\n%s", err, tt.want, out.String())
			}
			t.Log(err)
			st, err := sqlite.Open(filepath.Join(dst, "topsecret.db"))
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			if ms, err := st.PlayingMatches(context.Background()); err != nil || len(ms) != 0 {
				t.Fatalf("a refused import left matches behind: %v %v", ms, err)
			}
		})
	}
}

// mustHostTokenSaid fails unless the host token import printed is the one
// of the room it printed, as the store in dir keeps it: hashed.
func mustHostTokenSaid(tb testing.TB, dir, out string) {
	tb.Helper()
	var code, token string
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) == 2 && f[0] == "history:":
			code = strings.TrimSuffix(f[1][strings.Index(f[1], "/r/")+3:], "/history")
		case len(f) == 3 && f[0] == "host" && f[1] == "token:":
			token = f[2]
		}
	}
	st, err := sqlite.Open(filepath.Join(dir, "topsecret.db"))
	if err != nil {
		tb.Fatal(err)
	}
	defer st.Close()
	rm, err := st.Room(context.Background(), code)
	if err != nil {
		tb.Fatalf("room %q of import's output:\n%s\n%v", code, out, err)
	}
	if token == "" || rm.HostHash != store.Hash(token) {
		tb.Fatalf("host token %q does not hash to room %s's %q", token, code, rm.HostHash)
	}
}
