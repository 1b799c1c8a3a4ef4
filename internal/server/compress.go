package server

import (
	"net/http"

	"github.com/go-chi/chi/v5/middleware"

	"topsecret/static"
)

// squeezed are the generated answers worth gzipping: pages, API answers and
// drawings are text and shrink four to eight times. Static assets are not
// here: the static package gzips each once at start-up.
var squeezed = []string{"text/html", "application/json", "image/svg+xml", "text/css", "text/javascript", "application/javascript"}

// compress gzips an answer for a client that accepts it. A phone on a
// party's Wi-Fi loads a room page in a tenth of the bytes; a level-5 gzip of a
// 40 KB page costs well under a millisecond. The websocket route stays
// outside: its frames are compressed by permessage-deflate, when
// Server.Deflate chooses it.
func compress() func(http.Handler) http.Handler {
	c := middleware.NewCompressor(5, squeezed...)
	return func(next http.Handler) http.Handler {
		squeeze := c.Handler(next)
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			// The compressor ignores q-values; gzip is all browsers need.
			if static.AcceptsGzip(r.Header.Get("Accept-Encoding")) {
				r.Header.Set("Accept-Encoding", "gzip")
			} else {
				r.Header.Del("Accept-Encoding")
			}
			squeeze.ServeHTTP(w, r)
		})
	}
}
