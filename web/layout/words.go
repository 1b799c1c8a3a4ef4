package layout

import (
	"sync"

	"topsecret/internal/game"
	"topsecret/web/words"
)

// shell says the platform's words the shell carries for the scripts
// (Confirm, Cancel, "Your move"), so no script holds English. The shell is
// an English page (lang="en") like every platform page, so it reads the
// fallback language.
var shell = sync.OnceValue(func() words.Reader { return words.New().Reader(words.Fallback, nil) })

// say words platform message id for the shell.
func say(id string) string { return shell().Say(game.M(id)) }
