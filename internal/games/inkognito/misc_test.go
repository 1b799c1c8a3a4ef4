package inkognito

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
)

func TestScenarios_Numbers(t *testing.T) {
	t.Parallel()
	t.Run("T24 building the number", func(t *testing.T) {
		if got := Number([4]Fragment{0, 1, 2, 3}); got != "5211029" {
			t.Fatalf("Number = %s, want 5211029", got)
		}
		if got := Number([4]Fragment{0, 1, 3, 2}); got != "5211290" {
			t.Fatalf("Number = %s, want 5211290", got)
		}
		n := AllNumbers()
		if len(n) != 24 || len(slices.Compact(slices.Sorted(slices.Values(n)))) != 24 {
			t.Fatalf("numbers %v are not 24 distinct strings", n)
		}
		for _, x := range n {
			if len(x) != 7 {
				t.Fatalf("number %s has %d digits", x, len(x))
			}
		}
	})
	runScenarios(t, []scenario{
		{name: "T24 a malformed dial has no effect", m: exWith(0, []Site{AR, SM, CD, AC, RI}), steps: []gametest.Step{
			ok("You", play(you, RI)), ok("Anne", play(anne, RI)), ok("Mario", play(mario, SM)), ok("David", play(david, SM)),
			{Name: "52 twice", Action: dial(you, "52,52,0,29"), Rule: "R10", Msg: "inkognito.refuse.dial_malformed", Code: game.CodeMalformed},
			{Name: "an unknown fragment", Action: dial(you, "52,11,0,30"), Rule: "R10", Msg: "inkognito.refuse.dial_malformed", Code: game.CodeMalformed},
			ok("You dials properly", dial(you, "52,11,29,0")),
		}},
	})
}

// TestPairs_ExactlyOneTrue checks R1/R2 over every pair of black cards: the
// 12 legal pairs are exactly the pairs with one true card, and Check
// accepts exactly them.
func TestPairs_ExactlyOneTrue(t *testing.T) {
	t.Parallel()
	for id := range Identity(4) {
		for fr := range Fragment(4) {
			b := Black{ID: id, Frag: fr}
			legal := b.legalPairs()
			want := 0
			for x := Face(0); x < numFaces; x++ {
				for y := x + 1; y < numFaces; y++ {
					if b.True(x) != b.True(y) {
						want++
					}
				}
			}
			if len(legal) != 12 || want != 12 {
				t.Fatalf("%v: %d legal pairs, %d with one true card", b, len(legal), want)
			}
			for _, p := range legal {
				if b.True(p[0]) == b.True(p[1]) {
					t.Fatalf("%v: pair %v is not exactly one true", b, p)
				}
			}
		}
	}
}

// TestDeals_NumbersDistinct checks over all 576 deals that each deal's
// number is one of the 24 and that different fragment maps never share one.
func TestDeals_NumbersDistinct(t *testing.T) {
	t.Parallel()
	byNumber := map[string][4]int{}
	for _, p := range perms {
		for _, q := range perms {
			m := newMatch(DefaultOptions(), 4)
			var frag [4]int
			for a := range 4 {
				m.black[a] = Black{ID: Identity(p[a]), Frag: Fragment(q[a])}
				frag[p[a]] = q[a]
			}
			n := m.trueNumber()
			if prev, ok := byNumber[n]; ok && prev != frag {
				t.Fatalf("number %s for maps %v and %v", n, prev, frag)
			}
			byNumber[n] = frag
		}
	}
	if len(byNumber) != 24 {
		t.Fatalf("%d numbers over all deals, want 24", len(byNumber))
	}
}

// TestLeaks_T25 replays T01 and checks the event stream and views of the
// seats outside the meeting, and the table's view of the sheets.
func TestLeaks_T25(t *testing.T) {
	t.Parallel()
	m := ex()
	for i, a := range []game.Action{play(you, RI), play(anne, RI), play(mario, SM), play(david, SM),
		pair(you, "B", "0"), pair(anne, "F", "11")} {
		evs, err := game.StepEvents(m, game.Seed{1}, i, a)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range evs {
			b, _ := json.Marshal(e.Msg)
			if e.For(game.SeatViewer(mario)) && (strings.Contains(string(b), "inkognito.event.shown") || strings.Contains(string(b), FaceTerm("0"))) {
				t.Fatalf("Mario reads %s", b)
			}
		}
		for _, s := range []int{mario, david} {
			v := m.seatView(s)
			if len(v.Sheet.Columns) != 0 || v.Sealed != nil {
				t.Fatalf("seat %d sees %+v %+v", s, v.Sheet.Columns, v.Sealed)
			}
		}
		if j := string(gametest.ViewJSON(t, m, game.TableViewer())); strings.Contains(j, "columns") || strings.Contains(j, "marks") {
			t.Fatalf("the table shows sheet data: %s", j)
		}
	}
}

// TestHelper_T26 checks the XOR reading and that the helper depends on the
// sheet alone, not on the true deal.
func TestHelper_T26(t *testing.T) {
	t.Parallel()
	sheetOf := func(m *match) {
		m.sheets[you] = []Column{
			{Cycle: 1, Round: 1, Site: "RIALTO", Meeting: MeetExchange, With: mario, Marks: []Mark{{"Z", MarkReceived}, {"52", MarkReceived}}},
			{Cycle: 1, Round: 2, Site: "ARSENALE", Meeting: MeetAmb, With: mario, Marks: []Mark{{"Z", MarkSeenBlack}}},
		}
	}
	a := ex(sheetOf)
	b := ex(sheetOf, func(m *match) {
		m.black[mario], m.black[david], m.black[anne] = deal("X/0"), deal("F/29"), deal("Z/52")
	})
	ha, hb := a.seatView(you).Helper, b.seatView(you).Helper
	if s := suspectOf(t, ha, mario); s.Identity != "Z" || slices.Contains(s.Fragments, "52") {
		t.Fatalf("helper(You): Mario %+v", s)
	}
	if !reflect.DeepEqual(ha, hb) {
		t.Fatalf("helper depends on the deal:\n%+v\n%+v", ha, hb)
	}
}

func TestHelper_Levels(t *testing.T) {
	t.Parallel()
	sh := ex().seatView(you).Sheet
	if Deduce(sh, HelperOff) != nil {
		t.Fatal("OFF gives output")
	}
	if h := Deduce(sh, HelperFacts); h == nil || h.Numbers != nil || len(h.Agents) != 3 {
		t.Fatalf("FACTS gives %+v", h)
	}
	sh.Columns = []Column{{With: anne, Marks: []Mark{{"F", MarkSeenBlack}}}, {With: anne, Marks: []Mark{{"Z", MarkSeenBlack}}}}
	if h := Deduce(sh, HelperFull); h.Worlds != 0 || h.Agents != nil || h.Numbers != nil {
		t.Fatalf("contradiction gives %+v", h)
	}
}

func TestRules_Options(t *testing.T) {
	t.Parallel()
	t.Run("OK", func(t *testing.T) {
		got, err := Rules{}.Options(nil)
		want := `{"helper":"OFF","startSeat":-1,"ambassador":-1,"turnTimeoutMs":45000,"meetingTimeoutMs":90000}`
		if err != nil || string(got) != want {
			t.Fatalf("defaults %s, %v", got, err)
		}
		if got, err := (Rules{}).Options(json.RawMessage(`{"helper":"FULL"}`)); err != nil || !strings.Contains(string(got), `"FULL"`) {
			t.Fatalf("got %s, %v", got, err)
		}
	})
	for _, bad := range []string{`{"helper":"ALL"}`, `{"target":3}`, `{"startSeat":4}`, `{"ambassador":5}`, `[1]`,
		`{"turnTimeoutMs":14999}`, `{"meetingTimeoutMs":600001}`, `{"turnTimeoutMs":-1}`} {
		t.Run("Err "+bad, func(t *testing.T) {
			if _, err := (Rules{}).Options(json.RawMessage(bad)); err == nil {
				t.Fatalf("options %s accepted", bad)
			}
		})
	}
	for _, c := range []struct {
		n    int
		opts string
	}{{2, ``}, {6, ``}, {5, `{"startSeat":1}`}, {4, `{"ambassador":1}`}} {
		if _, err := (Rules{}).New(game.Setup{Seats: c.n, Options: json.RawMessage(c.opts)}); err == nil {
			t.Errorf("New(%d seats, %s) accepted", c.n, c.opts)
		}
	}
	info := Rules{}.Info()
	if info.Slug != "inkognito" || info.MinPlayers != 3 || info.MaxPlayers != 5 || info.Series.Target != 3 || len(info.Options) != 5 {
		t.Fatalf("info %+v", info)
	}
}

func TestCheck_ErrDecode(t *testing.T) {
	t.Parallel()
	m := ex()
	for _, c := range []struct {
		name string
		a    game.Action
		code string
	}{
		{"unknown", game.Action{Seat: you, Type: "dance"}, game.CodeUnknown},
		{"bad json", game.Action{Seat: you, Type: ActPlay, Data: []byte(`{"site":`)}, game.CodeMalformed},
		{"unknown field", game.Action{Seat: you, Type: ActPass, Data: []byte(`{"now":true}`)}, game.CodeMalformed},
		{"bad site", game.Action{Seat: you, Type: ActPlay, Data: []byte(`{"site":"LIDO"}`)}, game.CodeMalformed},
		{"bad kind", game.Action{Seat: you, Type: ActPeek, Data: []byte(`{"kind":"FACE"}`)}, game.CodeMalformed},
		{"no target", game.Action{Seat: you, Type: ActRequest, Data: []byte(`{}`)}, game.CodeMalformed},
		{"no seat", game.Action{Seat: 7, Type: ActPlay, Data: []byte(`{"site":"RIALTO"}`)}, game.CodeMalformed},
		{"the referee plays", game.Action{Seat: game.System, Type: ActPass}, game.CodeIllegal},
	} {
		if err := m.Check(c.a); err == nil || gametest.MustRuleError(t, err).Code != c.code {
			t.Errorf("%s: %v, want code %s", c.name, err, c.code)
		}
	}
}
