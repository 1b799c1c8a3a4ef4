package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"topsecret/internal/server"
	"topsecret/web/words"
)

// Every step of a replay of every game says what happened in the reader's
// language, for all-seeing eyes and for a seat's: the events, and a step
// that caused none as the move it made in the game's own words, never the
// action's raw type and data ("Ada: pass (epoch 3).").
func TestReplay_StepsSayNoEnglish(t *testing.T) {
	t.Parallel()
	m := MustRunMain(t, t.TempDir())
	// A crawler of every step in six languages, some thousands of steps a
	// second, far past what the per-address limits let a reader ask.
	m.Server.Doorman = server.NoDoorman()
	for _, game := range []string{"wink", "vault", "inkognito", "couriers", "embassy"} {
		done, _, id := finishedMatch(t, m, game, 4, nil)
		waitFinished(t, m, done, id)
		names := seatNames(t, m, done)
		for _, o := range words.Languages {
			names = append(names, o.Name)
		}
		steps := replaySteps(t, m, id, 0)
		for _, as := range []string{"all", "1"} {
			english := map[int]string{}
			for _, step := range steps {
				english[step] = stepText(t, m, id, step, as, "en")
			}
			for _, l := range words.Languages[1:] {
				var left []string
				for _, step := range steps {
					got := stepText(t, m, id, step, as, l.Tag)
					if got == english[step] && wordy(got, names) && !allowed(got, l.Tag) {
						left = append(left, fmt.Sprintf("step %d: %q", step, got))
					}
				}
				if len(left) > 0 {
					t.Errorf("%s as %s in %s: still in English: %s", game, as, l.Tag, strings.Join(left, "; "))
				}
			}
		}
	}
}

// stepText is what replay step n of match id says, seen as as, in lang.
func stepText(tb testing.TB, m *Main, id string, n int, as, lang string) string {
	tb.Helper()
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(fetch(tb, m, fmt.Sprintf("/m/%s/step/%d?as=%s&lang=%s", id, n, as, lang))))
	if err != nil {
		tb.Fatal(err)
	}
	return strings.Join(strings.Fields(doc.Find(`[data-testid="step-text"]`).Text()), " ")
}
