package inkognito

import "encoding/json"

// Sequel passes the rotation on to the room's next game: the next game's
// first start seat is the agent left of this game's (R14), and in the
// 5-player game the Ambassador role passes clockwise (R21), which fixes the
// start seat as well.
func (m *match) Sequel() json.RawMessage {
	var next map[string]int
	if m.n == 5 {
		next = map[string]int{"ambassador": (m.amb + 1) % 5}
	} else {
		next = map[string]int{"startSeat": (m.start0 + 1) % 4}
	}
	b, _ := json.Marshal(next)
	return b
}
