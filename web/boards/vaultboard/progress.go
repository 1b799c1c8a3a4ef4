package vaultboard

import (
	"topsecret/internal/game"
	"topsecret/web/words"
)

// progress names a replay step by its trick, as the board's header does;
// vault's turns number every phase of a trick and mean nothing to players.
func progress(w words.Reader, round, _ int) string {
	if round < 1 {
		return ""
	}
	return w.Say(game.M("vault.ui.replay.progress", game.N("trick", round)))
}
