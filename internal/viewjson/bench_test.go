package viewjson_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/games"
	"topsecret/internal/viewjson"
)

// BenchmarkView writes what each of five wink seats and the table are
// shown after 200 bot actions of a remote match, into a buffer kept from
// one frame to the next as the server keeps it: encoding/json as the
// server wrote frames before, and this package.
func BenchmarkView(b *testing.B) {
	e, _ := games.Lookup("wink")
	st, err := e.Rules.New(game.Setup{Game: "wink", Options: json.RawMessage(`{"mode":"remote"}`), Seats: 5})
	if err != nil {
		b.Fatal(err)
	}
	bot, _ := game.BotFor(e.Rules)
	now := int64(1_800_000_000_000)
	for i := 0; i < 200; now += 250 {
		s := game.Seat(i % 5)
		if a, ok := bot.Act(st, s, now, game.RandFor(game.Seed{}, i)); ok {
			a.Seat, a.At = s, now
			if st.Check(a) == nil {
				st.Apply(a, game.RandFor(game.Seed{}, i+1))
			}
		}
		i++
	}
	var views []any
	for s := range game.Seat(5) {
		views = append(views, st.View(game.SeatViewer(s)))
	}
	views = append(views, st.View(game.TableViewer()))
	b.Run("encoding-json", func(b *testing.B) {
		var buf bytes.Buffer
		for b.Loop() {
			for _, v := range views {
				buf.Reset()
				if err := json.NewEncoder(&buf).Encode(v); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	b.Run("viewjson", func(b *testing.B) {
		var buf []byte
		for b.Loop() {
			for _, v := range views {
				if buf, err = viewjson.Append(buf[:0], v); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}
