package pages

import (
	"context"
	"strings"
	"time"

	"topsecret/internal/game"
	"topsecret/web/words"
)

// WatcherList is what the host's page shows of the connections without a
// seat or the host token, grouped by the network they come from.
type WatcherList struct {
	Count  int
	Groups []WatcherLine
	// BarMinutes is how long a removed network's watchers stay out.
	BarMinutes int
}

// WatcherLine is the watchers from one network: ID is the network's name
// for removing them, Tables how many of the Screens are table screens,
// Seats the players connected from the same network, Host whether the
// host's phone is.
type WatcherLine struct {
	ID      string
	Screens int
	Tables  int
	Since   time.Time
	Seats   []string
	Host    bool
}

// watcherWhat says what a group is: "2 spectators and 1 table screen".
func watcherWhat(ctx context.Context, g WatcherLine) string {
	var parts []string
	if n := g.Screens - g.Tables; n > 0 {
		parts = append(parts, say(ctx, "game.page.watchers.spectators", game.N("n", n)))
	}
	if g.Tables > 0 {
		parts = append(parts, say(ctx, "game.page.watchers.tables", game.N("n", g.Tables)))
	}
	return reader(ctx).List(parts)
}

// watcherWhere says whose network a group watches from, so the host tells
// the table screen on their own Wi-Fi from a stranger.
func watcherWhere(ctx context.Context, g WatcherLine) string {
	switch {
	case g.Host:
		return say(ctx, "game.page.watchers.your_network")
	case len(g.Seats) > 0:
		return say(ctx, "game.page.watchers.network_of", game.X("names", reader(ctx).List(g.Seats)))
	}
	return say(ctx, "game.page.watchers.elsewhere")
}

// sinceParts are the words around the clock time in "since 20:14", for a
// <time> the page sets to the reader's own clock.
func sinceParts(ctx context.Context) (before, after string) {
	const mark = "\x00"
	before, after, _ = strings.Cut(say(ctx, "game.page.watchers.since", game.X("time", mark)), mark)
	return before, after
}

// clockTime is t as the server's clock shows it, until the page shows it
// on the reader's.
func clockTime(t time.Time) string { return t.Local().Format("15:04") }

// reader words for the page's reader.
func reader(ctx context.Context) words.Reader {
	return words.ReaderOf(ctx)
}

// isoTime is t for a <time datetime>.
func isoTime(t time.Time) string { return t.UTC().Format(time.RFC3339) }
