package catalogue_test

import (
	"testing"

	"topsecret/web/kit/boardtest"
)

// TestCatalogue_EveryGameTeachesItself: every board registers 3 to 6
// how-to-play cards and a first-turn hint, drawn with every word worded.
func TestCatalogue_EveryGameTeachesItself(t *testing.T) {
	for _, g := range every.All() {
		t.Run(g.Slug, func(t *testing.T) {
			t.Parallel()
			boardtest.HowTo(t, g)
		})
	}
}
