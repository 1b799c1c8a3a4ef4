package server

import (
	"net/http"
	"time"

	"topsecret/web/layout"
	"topsecret/web/words"
)

// langCookie remembers the language a phone chose, for a year: every page,
// API call and websocket of that browser speaks it.
const (
	langCookie    = "ts_lang"
	langCookieAge = 365 * 24 * time.Hour
)

// language decides which language the person behind r reads, in one
// order everywhere: a ?lang= choice, then the ts_lang cookie of an earlier
// choice, then the browser's Accept-Language, then English. A language the
// app does not speak is passed over.
func language(r *http.Request) string {
	if l := words.Known(r.URL.Query().Get("lang")); l != "" {
		return l
	}
	if c, err := r.Cookie(langCookie); err == nil {
		if l := words.Known(c.Value); l != "" {
			return l
		}
	}
	if l := words.Match(r.Header.Get("Accept-Language")); l != "" {
		return l
	}
	return words.Fallback
}

// speakLanguage decides the request's language once, before any handler
// runs, and keeps it in the request's context for pages, errors and
// websockets; a ?lang= choice is remembered in the cookie. Responses vary
// with the headers that decide it, so no cache serves one reader's
// language to another.
func speakLanguage(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		lang := language(r)
		if chosen := words.Known(r.URL.Query().Get("lang")); chosen != "" {
			http.SetCookie(w, &http.Cookie{Name: langCookie, Value: chosen, Path: "/", MaxAge: int(langCookieAge.Seconds()),
				HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: r.TLS != nil})
		}
		w.Header().Add("Vary", "Accept-Language, Cookie")
		ctx := layout.WithAddress(words.WithLanguage(r.Context(), lang), r.URL)
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// langOf is the language decided for r (by speakLanguage, or now for a
// request that did not pass through it).
func langOf(r *http.Request) string {
	if r == nil {
		return words.Fallback
	}
	if l, ok := words.LanguageIn(r.Context()); ok {
		return l
	}
	return language(r)
}
