package server

import (
	"net/http"

	"topsecret/web/words"
)

// speakGames keeps the words of the server's games in every request's
// context, where the pages' components find them.
func (s *Server) speakGames(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(w, r.WithContext(words.WithCatalog(r.Context(), s.games.Words())))
	})
}

// reader says messages for the person behind r, in the language decided
// for them (see language), knowing the match's seats as names.
func reader(r *http.Request, names []string) words.Reader {
	return words.CatalogOf(r.Context()).Reader(langOf(r), names)
}
