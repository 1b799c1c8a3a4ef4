package catalogue_test

import (
	"slices"
	"strings"
	"testing"

	"topsecret/web/kit/boardtest"
)

// playedKinds are the families of ids the engine says in play
// (couriers.event.*, vault.move.*, …): every one of a game's entries must
// be said in these matches. Refusals are each game's scenarios' to reach.
var playedKinds = []string{"event", "move", "result"}

// TestCatalogue_EngineSaysInWords plays every game's matches, bots and
// half-random moves for every player count, and words everything the
// engine says in every language (boardtest.Said). Every engine entry of a
// game's catalogue must be said, but those only a rare line of play
// reaches, listed in unreached.
func TestCatalogue_EngineSaysInWords(t *testing.T) {
	t.Parallel()
	for _, b := range every.All() {
		t.Run(b.Slug, func(t *testing.T) {
			t.Parallel()
			said := boardtest.Said(t, b.Rules, b)
			var unsaid []string
			for _, id := range boardtest.Words(t, b).IDs("en") {
				parts := strings.Split(id, ".")
				if parts[0] == b.Slug && slices.Contains(playedKinds, parts[1]) && !said[id] && !slices.Contains(unreached[b.Slug], id) {
					unsaid = append(unsaid, id)
				}
			}
			if len(unsaid) > 0 {
				t.Errorf("the engine never says %q", unsaid)
			}
		})
	}
}

// unreached are the engine entries these plays do not reach: lines of
// play too rare for a few matches (a shared win, a blocked bodyguard, a deck run dry), which
// each game's scenarios reach.
var unreached = map[string][]string{
	"couriers":  {"couriers.result.shared"},
	"embassy":   {"embassy.event.bodyguard", "embassy.event.immobile"},
	"inkognito": {"inkognito.event.no_new_pair", "inkognito.move.pass"},
	"wink":      {"wink.event.dropped_at_end", "wink.result.reason.no_location_card"},
}
