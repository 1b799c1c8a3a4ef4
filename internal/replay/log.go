package replay

import (
	"encoding/json"

	"topsecret/internal/game"
)

// LogLine is one event as a viewer read it in the match's log, numbered by
// that viewer's own count of the events it may read, as the room numbers
// a live screen's lines.
type LogLine struct {
	Seq     int
	Kind    string
	Msg     game.Msg
	Private bool
	Data    json.RawMessage
}

// Log is the last n events v could read by step i, oldest first: what
// the board's log showed that viewer then. The deal's own events are
// step 0's.
func (t *Timeline) Log(i int, v game.Viewer, n int) []LogLine {
	var all []LogLine
	for _, s := range t.steps[:t.clamp(i)+1] {
		for _, e := range s.Events {
			if e.For(v) {
				all = append(all, LogLine{Seq: len(all) + 1, Kind: e.Kind, Msg: e.Msg, Private: !e.Public(), Data: e.Data})
			}
		}
	}
	return all[max(0, len(all)-n):]
}
