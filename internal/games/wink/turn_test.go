package wink

import (
	"encoding/json"
	"testing"
)

// The hand-written data of legal moves and timers is byte for byte what
// encoding/json wrote before: clients send it back as it is, and golden
// logs hold it.
func TestIntsJSON_WritesWhatEncodingJSONWrote(t *testing.T) {
	for _, tc := range []struct {
		name string
		got  json.RawMessage
		want any
	}{
		{"a claim's epoch", intsJSON("epoch", 3), map[string]int{"epoch": 3}},
		{"an accusation's winker and epoch", intsJSON("epoch", 0, "winker", 12), map[string]int{"winker": 12, "epoch": 0}},
		{"a focus arrival", intsJSON("seat", 4, "focus_no", 17), FocusArrived{Seat: 4, FocusNo: 17}},
		{"a negative number", intsJSON("seat", -1, "focus_no", 0), FocusArrived{Seat: -1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want, err := json.Marshal(tc.want)
			if err != nil {
				t.Fatal(err)
			}
			if string(tc.got) != string(want) {
				t.Fatalf("got %s, want %s", tc.got, want)
			}
		})
	}
}
