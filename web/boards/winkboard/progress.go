package winkboard

import (
	"topsecret/internal/game"
	"topsecret/web/words"
)

// progress names a replay step by the suitcase's round (a lap of the
// table, R5) and turn.
func progress(w words.Reader, round, turn int) string {
	if round < 1 {
		return ""
	}
	return w.Say(game.M("wink.ui.replay.progress", game.N("round", round), game.N("turn", turn)))
}
