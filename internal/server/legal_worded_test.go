package server_test

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"
)

// A seat's legal moves read the same live and in a replay: a client that
// draws the buttons of a live frame draws a replay step's with the same
// code. At the deal, the live frame of seat 0 and the replay's step 0 as
// seat 0 list the same moves, each label with its id and its text.
func TestReplayStep_LegalMovesWordedAsLive(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, js := e.mustRoom(map[string]any{"startPlayer": 0}, "Ann", "Bob", "Cy", "Dee")
	ann := e.dial(c.Code, "view=json&token="+js[0].Token)
	id := e.mustStartMatch(c)
	live := rawLegal(t, ann)
	if st := e.do("POST", "/api/rooms/"+c.Code+"/end", c.HostToken, nil, nil); st != http.StatusOK {
		t.Fatalf("end: status %d", st)
	}
	st, body := e.get("/m/"+id+"/step/0?as=0", jsonAccept)
	if st != http.StatusOK {
		t.Fatalf("step 0: status %d", st)
	}
	var step struct{ Legal []map[string]json.RawMessage }
	if err := json.Unmarshal([]byte(body), &step); err != nil {
		t.Fatal(err)
	}
	if len(live) == 0 || len(step.Legal) != len(live) {
		t.Fatalf("%d moves live, %d in the replay's step 0; want the same, some", len(live), len(step.Legal))
	}
	for i, m := range live {
		r := step.Legal[i]
		for _, key := range []string{"type", "data", "fields", "label"} {
			if _, ok := m[key]; !ok {
				continue
			}
			if string(r[key]) != string(m[key]) {
				t.Errorf("move %d %s: live %s, replay %s", i, key, m[key], r[key])
			}
		}
		for _, mv := range []map[string]json.RawMessage{m, r} {
			var label struct{ ID, Text string }
			if err := json.Unmarshal(mv["label"], &label); err != nil || label.ID == "" || label.Text == "" || label.Text == label.ID {
				t.Errorf("move %d: label %s not worded", i, mv["label"])
			}
		}
		if len(r) != len(m) {
			t.Errorf("move %d: live has fields %v, replay %v", i, keys(m), keys(r))
		}
	}
}

// rawLegal reads c's frames until one lists legal moves, and returns them
// as sent.
func rawLegal(t *testing.T, c *client) []map[string]json.RawMessage {
	t.Helper()
	for range 500 {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		_, b, err := c.c.Read(ctx)
		cancel()
		if err != nil {
			t.Fatalf("read: %v", err)
		}
		var f struct {
			Type  string
			Legal []map[string]json.RawMessage
		}
		if err := json.Unmarshal(b, &f); err != nil {
			t.Fatalf("decode %q: %v", b, err)
		}
		if f.Type == "view" && len(f.Legal) > 0 {
			return f.Legal
		}
	}
	t.Fatal("no frame with legal moves in 500")
	return nil
}

func keys(m map[string]json.RawMessage) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
