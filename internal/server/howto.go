package server

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"

	"topsecret/internal/store"
	"topsecret/web/kit"
)

// howToURL is where a room page's "?" fetches its game's how-to-play
// cards (handleHowTo).
func howToURL(slug string) string { return "/howto/" + slug }

// handleHowTo is a game's how-to-play cards in the reader's language, for
// a phone's "?" to fetch when first opened: a room page leaves them out
// (4-10 KB of pictures and words that most pages never show). Anyone may
// read them: they are the game's rules, and name no room or player. A
// game the server does not offer is not found.
func (s *Server) handleHowTo(w http.ResponseWriter, r *http.Request) {
	board, ok := s.games.Lookup(chi.URLParam(r, "slug"))
	if !ok || board.HowTo == nil {
		s.error(w, r, store.ErrNotFound)
		return
	}
	var buf bytes.Buffer
	if err := kit.HowToDeck(board, kit.Context{Words: reader(r, nil)}).Render(r.Context(), &buf); err != nil {
		s.Log.Error("render", "path", r.URL.Path, "err", err)
		s.error(w, r, err)
		return
	}
	// The cards change only with the server's version: a phone that
	// fetched them asks again and gets "not modified".
	sum := sha256.Sum256(buf.Bytes())
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("ETag", `"`+hex.EncodeToString(sum[:8])+`"`)
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(buf.Bytes()))
}
