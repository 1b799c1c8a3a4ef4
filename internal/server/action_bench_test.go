package server

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"topsecret/internal/game"
	"topsecret/internal/room"
	"topsecret/internal/store/sqlite"
)

// BenchmarkAction_wink plays remote wink actions (each player looking at
// another in turn, the commonest thing a remote table does) through a room
// with five seats and a table screen, each watched by an HTML and a JSON
// subscriber in English, and the table also by a French HTML one: per
// action, the check, the store, the apply, every view and every encoding.
// cpu-ns/op is the process's CPU time per action, every goroutine
// included; ns/op is wall time and includes waiting on the disk;
// encodes/op counts the frames encoded (HTML rendered, JSON worded).
func BenchmarkAction_wink(b *testing.B) {
	b.Run("phones", func(b *testing.B) { benchmarkWinkRoom(b, 5, true) })
	// The load tool's room: four seats, each one JSON connection.
	b.Run("json", func(b *testing.B) { benchmarkWinkRoom(b, 4, false) })
}

// benchmarkWinkRoom plays looks in a room of n seats; phones adds the HTML
// readers and the table screen's subscribers.
func benchmarkWinkRoom(b *testing.B, n int, phones bool) {
	st, err := sqlite.Open(filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	reg := room.NewRegistry(st, everyGame.Rules(), slog.New(slog.NewTextHandler(io.Discard, nil)))
	reg.Clock = room.NewManualClock(time.Date(2026, 11, 22, 20, 0, 0, 0, time.UTC))
	reg.Buffer = 1 << 16
	b.Cleanup(func() { reg.Close(); st.Close() })
	s := New(everyGame, reg, st, slog.New(slog.NewTextHandler(io.Discard, nil)))
	ctx := context.Background()
	c, err := reg.CreateRoom(ctx, "wink", json.RawMessage(`{"mode":"remote","startPlayer":0}`))
	if err != nil {
		b.Fatal(err)
	}
	r, err := reg.Get(ctx, c.Code)
	if err != nil {
		b.Fatal(err)
	}
	var seats []string
	for _, name := range []string{"Ann", "Bob", "Cid", "Dee", "Eve"}[:n] {
		j, err := r.Join(ctx, name)
		if err != nil {
			b.Fatal(err)
		}
		seats = append(seats, j.Seat.ID)
	}
	if _, err := r.Start(ctx, room.Identity{Host: true}); err != nil {
		b.Fatal(err)
	}
	reader := func(lang string) room.Encoder {
		req := httptest.NewRequest("GET", "http://192.168.1.20:8080/r/"+c.Code+"/ws", nil)
		req.Header.Set("Accept-Language", lang)
		return s.htmlEncoder(req)
	}
	var encodes atomic.Int64
	subscribe := func(id room.Identity, enc room.Encoder) {
		encode := enc.Encode
		enc.Encode = func(f *room.Frame) ([]byte, error) { encodes.Add(1); return encode(f) }
		sub, err := r.Subscribe(ctx, id, enc)
		if err != nil {
			b.Fatal(err)
		}
		go func() {
			for range sub.Messages() {
			}
		}()
	}
	if !phones {
		for _, id := range seats {
			subscribe(room.Identity{SeatID: id}, s.jsonEncoder("en"))
		}
	} else {
		for _, id := range append(seats, "") {
			for _, enc := range []room.Encoder{reader("en"), s.jsonEncoder("en")} {
				subscribe(room.Identity{SeatID: id, Table: id == ""}, enc)
			}
		}
		subscribe(room.Identity{Table: true}, reader("fr"))
	}
	b.ResetTimer()
	encodes.Store(0)
	cpu0 := cpuTime()
	i := 0
	for b.Loop() {
		who := i % n
		look := (who + 1 + (i/n)%(n-1)) % n
		a := game.Action{Type: "set_focus", Data: json.RawMessage(`{"seat":` + strconv.Itoa(look) + `}`)}
		if _, err := r.Act(ctx, seats[who], "", a); err != nil {
			b.Fatalf("action %d: %v", i, err)
		}
		i++
	}
	b.ReportMetric(float64(cpuTime()-cpu0)/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(encodes.Load())/float64(b.N), "encodes/op")
}

// cpuTime is the process's user and system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
