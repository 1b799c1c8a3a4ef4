package vault

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
)

// handCounts is a hand as "CODE×n" in rank order.
func handCounts(cs []card) string {
	counts := map[Rank]int{}
	for _, c := range cs {
		counts[c.rank()]++
	}
	var out []string
	for r := Terrorist; r <= D30; r++ {
		if counts[r] > 0 {
			out = append(out, fmt.Sprintf("%s×%d", r.Code(), counts[r]))
		}
	}
	return strings.Join(out, " ")
}

func TestRules_New(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name   string
		n      int
		hand   string
		tricks int
	}{
		{"V-01 four players", 4, "TE×1 MO×2 AG×2 D10×2 D15×2 D20×2 D25×2 D30×2", 15},
		{"V-01 five players", 5, "TE×1 MO×2 AG×2 D10×2 D15×2 D20×2 D25×2 D30×2", 15},
		{"V-01 six players", 6, "TE×1 MO×2 AG×2 D10×2 D15×2 D20×2 D25×2 D30×2", 15},
		{"V-02 two players", 2, "TE×3 MO×3 AG×2 D10×2 D15×2 D25×2 D30×2", 16},
		{"V-03 three players", 3, "TE×2 MO×3 AG×2 D10×2 D15×2 D25×2 D30×2", 15},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			st, err := Rules{}.New(setupFor(c.n, 1, nil))
			if err != nil {
				t.Fatal(err)
			}
			m := st.(*match)
			for s, p := range m.players {
				if got := handCounts(p.hand); got != c.hand {
					t.Fatalf("seat %d holds %s, want %s", s, got, c.hand)
				}
			}
			if m.tricks != c.tricks || m.trick != 1 || m.phase != PhaseSelect || m.phaseAt != gametest.Start {
				t.Fatalf("trick %d/%d phase %s at %d", m.trick, m.tricks, m.phase, m.phaseAt)
			}
			if err := m.Invariant(); err != nil {
				t.Fatal(err)
			}
			if c.n == 2 {
				// V-02: all four unused terrorists and two of their eight moles.
				te, mo := 0, 0
				for _, x := range m.reserve {
					switch {
					case x.rank() == Terrorist:
						te++
					case x.rank() == Mole && int(x)/setSize >= 2:
						mo++
					}
				}
				if te != 0 || mo != 6 {
					t.Fatalf("reserve keeps %d TE and %d unused-colour MO, want 0 and 6", te, mo)
				}
			}
		})
	}
}

func TestRules_New_ErrSeats(t *testing.T) {
	t.Parallel()
	for _, n := range []int{0, 1, 7} {
		t.Run(fmt.Sprintf("V-04 invalid count N=%d", n), func(t *testing.T) {
			if _, err := (Rules{}).New(setupFor(n, 1, nil)); err == nil {
				t.Errorf("New with %d players succeeded", n)
			}
		})
	}
}

func TestRules_Options(t *testing.T) {
	t.Parallel()
	got, err := Rules{}.Options(nil)
	if err != nil {
		t.Fatal(err)
	}
	// The select timer is on by default (H18), unlike the spec's R22.
	want := `{"selectTimeoutMs":60000,"boomWindowMs":3000,"stealWindowMs":5000,"secureWindowMs":8000}`
	if string(got) != want {
		t.Fatalf("defaults %s, want %s", got, want)
	}
	for _, bad := range []string{
		`{"boomWindowMs":1000}`, `{"stealWindowMs":20000}`, `{"secureWindowMs":2999}`,
		`{"selectTimeoutMs":5000}`, `{"seriesTarget":1200}`, `{"boom":3000}`, `[]`,
	} {
		if _, err := (Rules{}).Options(json.RawMessage(bad)); err == nil {
			t.Errorf("options %s accepted", bad)
		}
	}
	if _, err := (Rules{}).New(game.Setup{Seats: 4, Options: json.RawMessage(`{"boomWindowMs":1}`)}); err == nil {
		t.Errorf("New accepted bad options")
	}
	info := Rules{}.Info()
	keys := map[string]bool{}
	for _, o := range info.Options {
		keys[o.Key] = true
	}
	for _, k := range []string{"selectTimeoutMs", "boomWindowMs", "stealWindowMs", "secureWindowMs"} {
		if !keys[k] {
			t.Errorf("Info lacks option %s", k)
		}
	}
	if info.Slug != "vault" || info.MinPlayers != 2 || info.MaxPlayers != 6 {
		t.Errorf("info %+v", info)
	}
}
