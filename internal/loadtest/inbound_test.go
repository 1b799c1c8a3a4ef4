package loadtest

import (
	"encoding/json"
	"reflect"
	"testing"
)

// decodeInbound reads what encoding/json reads into an inbound, passing
// over the rest, and refuses what is not one JSON object.
func TestDecodeInbound(t *testing.T) {
	for _, tc := range []struct {
		name string
		msg  string
	}{
		{"a frame", `{"type":"view","code":"WWYFXR","status":"playing","version":1776000000000012,` +
			`"match":{"id":"m1","number":2,"status":"playing","players":[{"name":"Ann {the} [first]"}]},` +
			`"view":{"events":[{"text":"Bob said \"}]\" and left\\"}],"n":-1.5e3,"ok":true,"none":null},` +
			`"legal":[{"type":"set_focus","fields":{"seat":[-1,1,2]}},{"type":"accuse","data":{"epoch":0,"winker":2}}],"events":[]}`},
		{"spaces between", " {\n \"type\" : \"view\" ,\t\"match\" : null , \"legal\" : [ ] }\n"},
		{"an ok", `{"type":"ok","id":"a7","match_id":"38e1","version":1776000000000007}`},
		{"an error with escapes", `{"type":"error","id":"a\u00e97","code":"busy","message":"r\u00e9essayez"}`},
		{"an empty object", `{}`},
		{"a key the tool passes over holds brackets", `{"note":"{[","type":"view"}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var want, got inbound
			if err := json.Unmarshal([]byte(tc.msg), &want); err != nil {
				t.Fatalf("the test's message: %v", err)
			}
			if err := decodeInbound([]byte(tc.msg), &got); err != nil {
				t.Fatalf("decodeInbound: %v", err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("got %+v\nwant %+v", got, want)
			}
		})
	}
	for _, bad := range []string{
		``, `[]`, `"view"`, `{"type":"view"`, `{"type":"view"}x`, `{"type" "view"}`,
		`{"type":"view",}`, `{"view":{"a":[1,2}`, `{"type":"vi`, `{type:"view"}`, `{"version":"x"}`, `{"legal":{}}`,
	} {
		var m inbound
		if err := decodeInbound([]byte(bad), &m); err == nil {
			t.Errorf("%q: no error, want one", bad)
		}
	}
}

// A frame's legal moves are kept as written and decoded only when the
// seat acts; whether there are any is read from the brackets alone.
func TestPlayer_LegalMovesDecodedWhenAsked(t *testing.T) {
	for _, tc := range []struct {
		legal string
		holds bool // as its brackets say
		moves int
	}{
		{``, false, 0},
		{`[]`, false, 0},
		{"[ \n]", false, 0},
		{`[{"type":"pass"}]`, true, 1},
		{` [{"type":"set_focus","fields":{"seat":[0,2]}},{"type":"wink"}]`, true, 2},
		{`[{"type":}]`, true, 0}, // does not decode: no moves
	} {
		var m inbound
		if tc.legal != "" {
			if err := decodeInbound([]byte(`{"type":"view","legal":`+tc.legal+`}`), &m); err != nil {
				t.Fatalf("%q: %v", tc.legal, err)
			}
		}
		p := &player{legal: m.Legal}
		if got := holdsItems(p.legal); got != tc.holds {
			t.Errorf("%q: holdsItems = %v, want %v", tc.legal, got, tc.holds)
		}
		if got := len(p.moves()); got != tc.moves {
			t.Errorf("%q: %d moves, want %d", tc.legal, got, tc.moves)
		}
	}
}
