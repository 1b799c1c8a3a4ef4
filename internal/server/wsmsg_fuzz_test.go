package server

import (
	"encoding/json"
	"testing"
)

// FuzzDecodeClientMsg: any bytes a client sends are either a well-formed
// message the handler can act on, or one error reply; never a panic.
func FuzzDecodeClientMsg(f *testing.F) {
	for _, seed := range []string{
		`{"type":"act","id":"a1","action":{"type":"pass","data":{"epoch":0}}}`,
		`{"type":"ping","id":"p"}`,
		`{"type":"note","id":"n","note":{"sheet":[1,2]}}`,
		`{"type":"act","action":null}`,
		`{"type":"act","action":{"type":""}}`,
		`{"type":"dance"}`,
		`{"type":"act","id":"` + string(make([]byte, 80)) + `"}`,
		`[1,2,3]`, `null`, `{"type":7}`, `{`, ``, "\xff\xfe",
	} {
		f.Add([]byte(seed))
	}
	rd := everyGame.Words().Reader("fr", nil)
	f.Fuzz(func(t *testing.T, b []byte) {
		m, refusal := decodeClientMsg(b, 4<<10, rd)
		if refusal != nil {
			if refusal.Type != "error" || refusal.Code == "" || refusal.Message == "" || refusal.Msg == nil {
				t.Fatalf("refusal %+v lacks a type, code, message or msg", refusal)
			}
			if refusal.Message == refusal.Msg.ID {
				t.Fatalf("refusal %+v says its id, not words", refusal)
			}
			if _, err := json.Marshal(refusal); err != nil {
				t.Fatalf("refusal does not encode: %v", err)
			}
			return
		}
		if len(m.ID) > 64 {
			t.Fatalf("accepted an id of %d bytes", len(m.ID))
		}
		switch m.Type {
		case "ping", "note":
		case "act":
			if m.Action == nil || m.Action.Type == "" {
				t.Fatalf("accepted an act without an action type: %q", b)
			}
			if len(b) > 4<<10 {
				t.Fatalf("accepted an act of %d bytes", len(b))
			}
		default:
			t.Fatalf("accepted type %q", m.Type)
		}
	})
}
