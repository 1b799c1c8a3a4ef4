package viewjson_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
	"topsecret/internal/games/wink"
	"topsecret/internal/viewjson"
)

// BenchmarkView writes what each of five wink seats and the table are
// shown after 200 bot actions of a remote match, into a buffer kept from
// one frame to the next as the server keeps it: encoding/json as the
// server wrote frames before, and this package.
func BenchmarkView(b *testing.B) {
	e := struct{ Rules game.Rules }{wink.Rules{}}
	setup := game.Setup{Game: "wink", Options: json.RawMessage(`{"mode":"remote"}`), Seats: 5}
	bot, _ := game.BotFor(e.Rules)
	log := gametest.RandomPlay(b, e.Rules, setup, 200, gametest.BotMoves(bot))
	st, err := game.Replay(e.Rules, setup, log)
	if err != nil {
		b.Fatal(err)
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
