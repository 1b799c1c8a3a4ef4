package server

import (
	"net/http"

	"topsecret/web/catalogue"
	"topsecret/web/words"
)

// reader says messages for the person behind r, in the first language of
// their browser's Accept-Language the catalogue has (English otherwise).
func reader(r *http.Request, names []string) words.Reader {
	lang := words.Fallback
	if r != nil {
		if al := r.Header.Get("Accept-Language"); al != "" {
			lang = al
		}
	}
	return catalogue.Words().Reader(lang, names)
}
