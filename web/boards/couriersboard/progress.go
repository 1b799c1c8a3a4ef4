package couriersboard

import (
	"topsecret/internal/game"
	"topsecret/web/words"
)

// progress names a replay step by its lap and turn as the match's events
// count them ("Turn 2: Ann to play."): the engine's turn 1 is the secret
// setup, so its turn n is the events' turn n-1.
func progress(w words.Reader, round, turn int) string {
	if turn <= 1 {
		return w.Say(game.M("couriers.ui.replay.setup"))
	}
	return w.Say(game.M("couriers.ui.replay.progress", game.N("round", round), game.N("turn", turn-1)))
}
