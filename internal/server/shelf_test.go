package server

import "topsecret/cmd/topsecret/shelf"

// everyGame is every game, those in the works too, for the package's own
// tests (its external tests have theirs).
var everyGame = shelf.New(true)
