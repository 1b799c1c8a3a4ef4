package layout

import (
	"context"
	"net/url"
	"strings"

	"topsecret/internal/game"
	"topsecret/web/words"
)

type addressKey struct{}

// WithAddress returns ctx carrying the address of the page being served,
// so the language switcher can link to the same page in another language.
func WithAddress(ctx context.Context, u *url.URL) context.Context {
	return context.WithValue(ctx, addressKey{}, u)
}

// switchURL is the page's own address (path and query) choosing lang. The
// path starts with exactly one slash: an address such as //evil.com/x (a
// 404 page answers any) would otherwise come back as a link to evil.com,
// and browsers read a backslash there as a slash.
func switchURL(ctx context.Context, lang string) string {
	u, _ := ctx.Value(addressKey{}).(*url.URL)
	if u == nil {
		return "/?lang=" + lang
	}
	q := u.Query()
	q.Set("lang", lang)
	return (&url.URL{Path: "/" + strings.TrimLeft(u.Path, `/\`), RawQuery: q.Encode()}).String()
}

// say words a platform message for the page's reader.
func say(ctx context.Context, id string) string {
	return words.ReaderOf(ctx).Say(game.M(id))
}
