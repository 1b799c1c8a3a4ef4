package server_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sort"
	"testing"
)

// fill turns a legal move into a ready action, choosing each open field at random.
func fill(m legalMove, r *rand.Rand) (string, map[string]any) {
	data := map[string]any{}
	if len(m.Data) > 0 {
		_ = json.Unmarshal(m.Data, &data)
	}
	keys := make([]string, 0, len(m.Fields))
	for k := range m.Fields {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		vs := m.Fields[k]
		data[k] = vs[r.IntN(len(vs))]
	}
	return m.Type, data
}

type legalMove struct {
	Type   string           `json:"type"`
	Data   json.RawMessage  `json:"data"`
	Fields map[string][]any `json:"fields"`
}

// Four clients that know nothing of wink's rules play a whole match over
// real websockets, choosing only among the moves each frame lists as legal.
// Every move they send is accepted, and the match ends.
func TestRoomSocket_GenericClientsPlayToTheEnd(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, seats := e.mustRoom(map[string]any{"mode": "table", "agentCardsRemovedPerPlayer": 0}, fourPlayers...)
	e.mustStartMatch(c)
	clients := make([]*client, len(seats))
	for i, s := range seats {
		clients[i] = e.dial(c.Code, "view=json&token="+s.Token)
	}
	r := rand.New(rand.NewPCG(1, 2))
	actions := 0
	var landed frame // the last ok: every seat sees each action in table mode
	for step := 0; step < 2000; step++ {
		for _, cl := range clients {
			if landed.Type == "ok" {
				cl.sees(landed)
			}
		}
		if clients[0].last.Match.Status == "finished" {
			t.Logf("finished after %d actions", actions)
			return
		}
		var movers []int
		for i, cl := range clients {
			if len(cl.last.Legal) > 0 {
				movers = append(movers, i)
			}
		}
		if len(movers) == 0 {
			t.Fatalf("step %d: nobody may act and the match is %s", step, clients[0].last.Match.Status)
		}
		i := movers[r.IntN(len(movers))]
		var legal []legalMove
		raw, _ := json.Marshal(clients[i].last.Legal)
		_ = json.Unmarshal(raw, &legal)
		typ, data := fill(legal[r.IntN(len(legal))], r)
		reply := clients[i].act(fmt.Sprintf("s%d", step), typ, data)
		if reply.Type == "error" {
			// A template's free fields may combine into a refusal (the
			// harness contract allows it); nothing changed, so pick again.
			if reply.Code == "internal" {
				t.Fatalf("step %d: %s %v: internal error", step, typ, data)
			}
			continue
		}
		landed = reply
		actions++
	}
	t.Fatal("the match did not end in 2000 steps")
}
