package game_test

import (
	"testing"

	"topsecret/internal/game"
)

// News hands back what was said since the last Take, in order, each with
// its kind and audience, and forgets it: Apply returns one action's news.
func TestNews_TakeHandsBackWhatWasSaidOnce(t *testing.T) {
	var n game.News
	n.Say("deal", game.M("a"))
	n.Tell(2, "peek", game.M("b"))
	got := n.Take()
	if len(got) != 2 || got[0].Kind != "deal" || !got[0].Public() || got[1].Kind != "peek" || got[1].Public() ||
		!got[1].For(game.SeatViewer(2)) || got[1].For(game.SeatViewer(1)) || got[1].For(game.TableViewer()) {
		t.Fatalf("took %+v", got)
	}
	if again := n.Take(); again != nil {
		t.Fatalf("took %+v a second time", again)
	}
}

// An action's audience is what it touched, closed by Take: nobody when it
// touched nobody on purpose, everyone when it said nothing about it (a
// game that does not say) and before any action.
func TestNews_AudienceIsWhatTheActionTouched(t *testing.T) {
	var n game.News
	if !n.Audience().All() {
		t.Fatalf("before any action: %+v, want everyone", n.Audience())
	}
	seat, table := game.SeatViewer, game.TableViewer()
	cases := []struct {
		name  string
		touch func(n *game.News)
		in    []game.Viewer
		out   []game.Viewer
	}{
		{"nothing said is everyone", func(n *game.News) { n.Say("x", game.M("a")) },
			[]game.Viewer{seat(0), seat(3), table}, nil},
		{"nobody on purpose", func(n *game.News) { n.Touch() },
			nil, []game.Viewer{seat(0), seat(1), table}},
		{"two seats", func(n *game.News) { n.Touch(1); n.Touch(3, game.System) },
			[]game.Viewer{seat(1), seat(3)}, []game.Viewer{seat(0), seat(2), table}},
		{"the table alone", func(n *game.News) { n.TouchTable() },
			[]game.Viewer{table}, []game.Viewer{seat(0)}},
		{"everyone", func(n *game.News) { n.Touch(2); n.TouchAll() },
			[]game.Viewer{seat(0), seat(2), table}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tc.touch(&n)
			if got := n.Audience(); !got.All() {
				// Until Take, the audience is the previous action's.
				t.Fatalf("before Take: %+v, want the last action's (everyone)", got)
			}
			n.Take()
			got := n.Audience()
			for _, v := range tc.in {
				if !got.Includes(v) {
					t.Errorf("%+v does not include %+v", got, v)
				}
			}
			for _, v := range tc.out {
				if got.Includes(v) {
					t.Errorf("%+v includes %+v", got, v)
				}
			}
			if !got.Includes(game.OmniscientViewer()) {
				t.Errorf("%+v leaves out the omniscient viewer", got)
			}
			n.TouchAll() // the next case starts from an action that concerned everyone
			n.Take()
		})
	}
}

// What an action told reaches its readers: a notice its seat, a public
// event everyone.
func TestAudience_ToldAddsTheReaders(t *testing.T) {
	var n game.News
	n.Touch()
	n.Tell(2, "peek", game.M("b"))
	evs := n.Take()
	aud := n.Audience()
	if !aud.Nobody() {
		t.Fatalf("touched nobody: %+v", aud)
	}
	aud.Told(evs)
	if !aud.Includes(game.SeatViewer(2)) || aud.Includes(game.SeatViewer(1)) || aud.Includes(game.TableViewer()) {
		t.Fatalf("a notice to seat 2 told %+v", aud)
	}
	aud.Told([]game.Event{{Kind: "deal", Msg: game.M("a")}})
	if !aud.All() {
		t.Fatalf("a public event told %+v, want everyone", aud)
	}
}
