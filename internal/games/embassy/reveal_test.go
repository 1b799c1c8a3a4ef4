package embassy

import (
	"testing"

	"topsecret/internal/game"
)

// TestReveal_ShownUntilMoved pins where a guess's card lies face up (§7.4,
// R17, R18, H5): a wrong guess's card in its slot, a right guess's on the
// challenger's "?" slot, each until it moves on; then it is face down
// wherever it went, and so is whatever took its place, though the reveal
// still shows in its banner.
func TestReveal_ShownUntilMoved(t *testing.T) {
	t.Parallel()
	fullBlue := func() *match {
		return four(holds(red, "ROCKET"), vacant("A"), holds(blue, "RADAR", "RADAR", "ROCKET", "PHYSICS"),
			holds(green, "ATOM"), spyAt(green, "5,8"))
	}
	fullGreen := func() *match {
		return four(holds(blue, "RADAR"), holds(green, "ATOM", "ATOM", "ROCKET", "ROCKET"), vacant("A"), spyAt(green, "5,8"))
	}
	right := func() *script {
		return newScript().roll(blue, 4, 4).ok("challenge", challenge(blue, green)).
			ok("right", guess(blue, 1, "ATOM"), shownOn("0/?"))
	}
	wrong := func() *script {
		return newScript().roll(blue, 5, 5).ok("challenge", challenge(blue, green)).
			ok("wrong", guess(blue, 1, "PHYSICS"), shownOn("1/1")).
			ok("green picks", penalty(green, 1), shownOn("1/1")).
			ok("and keeps it", act(green, ActKeep, nil), phaseIs(PhaseFifth), shownOn("1/1"))
	}
	cases := []struct {
		name string
		m    *match
		sc   *script
	}{
		{"right, swapped in: the card put back lies on ? face down", fullBlue(), right().
			ok("into slot 4", swap(blue, 4), handIs(blue, "PHYSICS"), shownOn("")).
			ok("place", place(blue, "A"), shownOn(""))},
		{"right, put back: still on ?", fullBlue(), right().
			ok("put back", act(blue, ActReject, nil), phaseIs(PhasePlace), shownOn("0/?")).
			ok("place", place(blue, "A"), shownOn(""))},
		{"right, slotted", doublesTable(), doubles().
			ok("right", guess(blue, 1, "ATOM"), shownOn("0/?")).
			ok("slot 2", slot(blue, 2), shownOn(""))},
		{"wrong, swapped out of its slot", fullGreen(), wrong().
			ok("swap slot 1", swap(green, 1), handIs(green, "ATOM"), shownOn("")).
			ok("place", place(green, "A"), shownOn(""))},
		{"wrong, another slot swapped", fullGreen(), wrong().
			ok("swap slot 3", swap(green, 3), shownOn("1/1")).
			ok("place", place(green, "A"), shownOn("1/1"))},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			c.sc.run(t, c.m)
		})
	}
}

// shownOn asserts the reveal's face-up spot in every view ("" for none)
// and that the card there is the one shown.
func shownOn(spot string) then {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		for _, v := range []game.Viewer{game.TableViewer(), game.SeatViewer(blue), game.SeatViewer(green)} {
			var r *RevealView
			switch w := m.View(v).(type) {
			case *TableView:
				r = w.Reveal
			case *SeatView:
				r = w.Reveal
			}
			if r == nil || r.Spot != spot {
				tb.Fatalf("%+v: reveal %+v, want the card face up on %q", v, r, spot)
			}
		}
		if err := m.Invariant(); err != nil {
			tb.Fatal(err)
		}
	}
}
