package boardtest

import (
	"topsecret/internal/game"
	"topsecret/web/kit"
	"topsecret/web/words"
)

// Told is a match's state with what it said so far (game.Opening, then
// each Apply), as Play hands it to a game's Frame: the room keeps a
// match's events, not the game.
type Told struct {
	game.State
	Said []game.Event
}

// Lines are the last ten events of log viewer v may read, as the room
// sends them: oldest first, numbered by v's own count, worded by rd. A
// board's fixtures keep the events their match said (game.Opening, then
// each Apply) and hand a viewer's lines to its context, as the room does.
func Lines(log []game.Event, v game.Viewer, rd words.Reader) []kit.Line {
	var out []kit.Line
	for _, e := range log {
		if e.For(v) {
			out = append(out, kit.Line{Seq: len(out) + 1, Kind: e.Kind, Msg: e.Msg, Text: rd.Say(e.Msg), Private: !e.Public()})
		}
	}
	return out[max(0, len(out)-10):]
}
