package embassyboard

import (
	"topsecret/internal/game"
	"topsecret/web/words"
)

// progress names a replay step by its round (from the first player's
// turn) and turn.
func progress(w words.Reader, round, turn int) string {
	if round < 1 {
		return ""
	}
	return w.Say(game.M("embassy.ui.replay.progress", game.N("round", round), game.N("turn", turn)))
}
