package couriers

import "encoding/json"

// Sequel turns the colours one seat further for the room's next match at
// the same table (house ruling H17): with three players one colour's
// arrival base lies in the empty corner, and over a series every seat
// plays that colour in turn.
func (m *match) Sequel() json.RawMessage {
	b, _ := json.Marshal(map[string]int{"colourShift": (m.opts.ColourShift + 1) % m.n})
	return b
}
