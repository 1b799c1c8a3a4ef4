package inkognitoboard

import (
	"topsecret/internal/game"
	"topsecret/internal/games/inkognito"
	"topsecret/web/words"
)

// progress names a replay step by its cycle and its round of five, as the
// board counts them (the engine's round number runs on across cycles);
// inkognito numbers no turns.
func progress(w words.Reader, round, _ int) string {
	if round < 1 {
		return ""
	}
	cycle, in := inkognito.CycleRound(round)
	return w.Say(game.M("inkognito.ui.replay.progress", game.N("cycle", cycle), game.N("round", in)))
}
