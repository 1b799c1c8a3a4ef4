package game_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"topsecret/internal/game"
)

func TestMsg_JSON(t *testing.T) {
	m := game.M("toy.event.took", game.T("card", "toy.card.doc", game.N("n", 15)), game.P("who", 0),
		game.PS("s", []game.Seat{0, 2}), game.TS("l", []game.Msg{game.M("toy.a")}), game.X("d", "raw"))
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"id":"toy.event.took","args":{"card":{"msg":{"id":"toy.card.doc","args":{"n":{"n":15}}}},"d":{"text":"raw"},"l":{"list":[{"id":"toy.a"}]},"s":{"seats":[0,2]},"who":{"seat":0}}}`
	if string(b) != want {
		t.Fatalf("JSON\n got %s\nwant %s", b, want)
	}
	var back game.Msg
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, m) {
		t.Fatalf("round trip: got %+v, want %+v", back, m)
	}
}

func TestMsg_UnmarshalLegacySentence(t *testing.T) {
	var m game.Msg
	if err := json.Unmarshal([]byte(`"{p1} wins."`), &m); err != nil {
		t.Fatal(err)
	}
	if a, _ := m.Arg("text"); m.ID != game.LegacyID || a.Text != "{p1} wins." {
		t.Fatalf("legacy = %+v", m)
	}
}

func TestMsg_UnmarshalErrArgWithoutValue(t *testing.T) {
	var m game.Msg
	if err := json.Unmarshal([]byte(`{"id":"x","args":{"a":{}}}`), &m); err == nil {
		t.Fatal("an argument without a value was accepted")
	}
}

func TestMsg_WalkAndSeats(t *testing.T) {
	m := game.M("a", game.P("who", 3), game.T("t", "b", game.PS("to", []game.Seat{1, 2})))
	var ids []string
	m.Walk(func(x game.Msg) { ids = append(ids, x.ID) })
	if !reflect.DeepEqual(ids, []string{"a", "b"}) {
		t.Fatalf("Walk ids = %v", ids)
	}
	if got := m.Seats(); !reflect.DeepEqual(got, []game.Seat{3, 1, 2}) {
		t.Fatalf("Seats = %v", got)
	}
}

// A player's text is escaped exactly as encoding/json escapes a string.
func TestMsg_JSONEscapesText(t *testing.T) {
	for _, s := range []string{`a"b\c`, "tab\there", "nl\nfeed\f\bx\r", "<script>&", "line\u2028sep", "bad\xffbyte", "Zoë ✓"} {
		b, err := json.Marshal(game.M("x", game.X("t", s)))
		if err != nil {
			t.Fatal(err)
		}
		want, _ := json.Marshal(struct {
			ID   string                       `json:"id"`
			Args map[string]map[string]string `json:"args"`
		}{"x", map[string]map[string]string{"t": {"text": s}}})
		if string(b) != string(want) {
			t.Errorf("%q:\n got %s\nwant %s", s, b, want)
		}
	}
}

// encoding/json and the hand encoders (AppendJSON) write a message alike,
// whatever it holds: one wire format, whichever writes it.
func TestMsg_AppendJSONWritesWhatEncodingJSONWrites(t *testing.T) {
	for _, tc := range []struct {
		name string
		m    game.Msg
	}{
		{"no arguments", game.M("wink.place.cafe")},
		{"empty, not nil, arguments", game.Msg{ID: "toy.a", Args: game.Args{}}},
		{"every kind", game.M("toy.event.took", game.T("card", "toy.card.doc", game.N("n", 15)), game.P("who", 0),
			game.PS("s", []game.Seat{0, 2}), game.TS("l", []game.Msg{game.M("toy.a")}), game.X("d", "raw"))},
		{"text a page must not run", game.M("toy.said", game.X("text", `<script>"&"</script> `+"\u2028"))},
		{"the zero message", game.Msg{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want, err := json.Marshal(tc.m)
			if err != nil {
				t.Fatal(err)
			}
			if got := tc.m.AppendJSON(nil); string(got) != string(want) {
				t.Fatalf("AppendJSON %s\nencoding/json %s", got, want)
			}
		})
	}
}
