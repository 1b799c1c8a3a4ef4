package words

import (
	"context"
	"strings"

	"golang.org/x/text/language"
)

// Language is one language a reader may choose.
type Language struct {
	Tag  string // BCP 47 base tag: "de"
	Name string // the language's name in itself: "Deutsch"
}

// Languages are the languages the app speaks, English first: the ones the
// switcher offers and Accept-Language is matched against.
var Languages = []Language{
	{"en", "English"},
	{"de", "Deutsch"},
	{"fr", "Français"},
	{"it", "Italiano"},
	{"nl", "Nederlands"},
	{"sv", "Svenska"},
}

var matcher = func() language.Matcher {
	tags := make([]language.Tag, len(Languages))
	for i, l := range Languages {
		tags[i] = language.MustParse(l.Tag)
	}
	return language.NewMatcher(tags)
}()

// Known returns the language tag names ("de", "DE"), or "" when the app
// does not speak it: for a choice made on purpose (a link, a cookie),
// which must name a language exactly.
func Known(tag string) string {
	tag = strings.ToLower(strings.TrimSpace(tag))
	for _, l := range Languages {
		if l.Tag == tag {
			return l.Tag
		}
	}
	return ""
}

// Match returns the language an Accept-Language header prefers most among
// those the app speaks ("de-CH, en;q=0.5" → "de"), or "" for none.
func Match(acceptLanguage string) string {
	prefs, _, err := language.ParseAcceptLanguage(acceptLanguage)
	if err != nil || len(prefs) == 0 {
		return ""
	}
	_, i, conf := matcher.Match(prefs...)
	if conf == language.No {
		return ""
	}
	return Languages[i].Tag
}

type languageKey struct{}

// WithLanguage returns ctx carrying the reader's language, for components
// that word their own labels while they render.
func WithLanguage(ctx context.Context, lang string) context.Context {
	return context.WithValue(ctx, languageKey{}, lang)
}

// LanguageOf is the reader's language ctx carries, English when none.
func LanguageOf(ctx context.Context) string {
	if l, ok := LanguageIn(ctx); ok {
		return l
	}
	return Fallback
}

// LanguageIn is the reader's language ctx carries, if it carries one.
func LanguageIn(ctx context.Context) (string, bool) {
	l, ok := ctx.Value(languageKey{}).(string)
	return l, ok && l != ""
}

type catalogKey struct{}

// WithCatalog returns ctx carrying the catalogue a request's words come
// from: the server's games are handed down to it, not looked up, so the
// components that word their own labels find them here.
func WithCatalog(ctx context.Context, c *Catalog) context.Context {
	return context.WithValue(ctx, catalogKey{}, c)
}

// CatalogOf is the catalogue ctx carries, nil when none (whose readers say
// each message as its id, so a gap shows instead of a blank).
func CatalogOf(ctx context.Context) *Catalog {
	c, _ := ctx.Value(catalogKey{}).(*Catalog)
	return c
}

// ReaderOf is the reader ctx describes: its catalogue, in its language,
// knowing no seat names.
func ReaderOf(ctx context.Context) Reader {
	return CatalogOf(ctx).Reader(LanguageOf(ctx), nil)
}
