package server

import (
	"net/http"

	"topsecret/web/catalogue"
	"topsecret/web/words"
)

// reader says messages for the person behind r, in the language decided
// for them (see language), knowing the match's seats as names.
func reader(r *http.Request, names []string) words.Reader {
	return catalogue.Words().Reader(langOf(r), names)
}
