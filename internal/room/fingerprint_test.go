package room

import (
	"encoding/json"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/games/wink"
)

type pane struct {
	Name  string
	Cards []int
	Say   game.Msg
	Raw   json.RawMessage
	Next  *pane
	Marks map[string]int
	Any   any
	// Count is kept beside the content and never shown.
	Count int `json:"-"`
	kept  int
}

// Two contents differ in their fingerprint exactly when something a viewer
// could be shown differs; equal contents built apart hash alike. So it is
// without a change's list digests, with fresh ones for every content, and
// with one set that all of them add to, as the viewers of a change do.
func TestFingerprint_SeesEveryDifference(t *testing.T) {
	base := func() pane {
		return pane{Name: "Ann", Cards: []int{1, 2, 3, 4, 5}, Say: game.M("wink.event.x", game.P("who", 1)),
			Raw: json.RawMessage(`{"a":1}`), Next: &pane{Name: "Bob", Cards: []int{6, 7, 8, 9}},
			Marks: map[string]int{"a": 1, "b": 2}, Any: 3}
	}
	// The contents stay alive while their list digests are kept, as a
	// change's frames do: a list freed meanwhile could leave its place to
	// another of the same length.
	kept, alive := sliceSums{}, []pane{}
	for _, sums := range []struct {
		name string
		of   func() sliceSums
	}{
		{"no list digests", func() sliceSums { return nil }},
		{"fresh list digests", func() sliceSums { return sliceSums{} }},
		{"one change's list digests", func() sliceSums { return kept }},
	} {
		t.Run(sums.name, func(t *testing.T) {
			digest := func(shared uint64, p pane) uint64 {
				alive = append(alive, p)
				return fingerprintOf(sums.of(), shared, p)
			}
			same := digest(7, base())
			if again := digest(7, base()); again != same {
				t.Fatal("the same content built twice hashes apart")
			}
			for _, tc := range []struct {
				name   string
				change func(*pane)
			}{
				{"a string", func(p *pane) { p.Name = "Anne" }},
				{"a slice element", func(p *pane) { p.Cards[1] = 3 }},
				{"a slice's length", func(p *pane) { p.Cards = append(p.Cards, 0) }},
				{"a slice's length, same array", func(p *pane) { p.Cards = p.Cards[:4] }},
				{"nil against empty", func(p *pane) { p.Cards = nil }},
				{"a message argument", func(p *pane) { p.Say = game.M("wink.event.x", game.P("who", 2)) }},
				{"a message id", func(p *pane) { p.Say = game.M("wink.event.y", game.P("who", 1)) }},
				{"raw JSON", func(p *pane) { p.Raw = json.RawMessage(`{"a":2}`) }},
				{"behind a pointer", func(p *pane) { p.Next.Name = "Bix" }},
				{"a list behind a pointer", func(p *pane) { p.Next.Cards[3] = 0 }},
				{"a nil pointer", func(p *pane) { p.Next = nil }},
				{"a map value", func(p *pane) { p.Marks["b"] = 3 }},
				{"a map key", func(p *pane) { delete(p.Marks, "b"); p.Marks["c"] = 2 }},
				{"an interface's value", func(p *pane) { p.Any = 4 }},
				{"a type behind an interface", func(p *pane) { p.Any = int64(3) }},
			} {
				t.Run(tc.name, func(t *testing.T) {
					p := base()
					tc.change(&p)
					if digest(7, p) == same {
						t.Fatalf("changing %s left the fingerprint alone", tc.name)
					}
				})
			}
			hidden := base()
			hidden.Count, hidden.kept = 9, 9
			if digest(7, hidden) != same {
				t.Fatal("a field JSON does not show changed the fingerprint")
			}
			if digest(8, base()) == same {
				t.Fatal("the shared part's digest is not in the fingerprint")
			}
		})
	}
}

// Viewers whose contents share a list (every seat's view holds the
// table's) walk it once in a change, and hash as if each walked its own.
func TestFingerprint_SharedListsWalkedOnce(t *testing.T) {
	cards := []int{1, 2, 3, 4, 5}
	a, b := pane{Name: "Ann", Cards: cards}, pane{Name: "Bob", Cards: cards}
	sums := sliceSums{}
	da, db := fingerprintOf(sums, 0, a), fingerprintOf(sums, 0, b)
	if len(sums) != 1 {
		t.Fatalf("%d list digests kept for one shared list", len(sums))
	}
	apart := pane{Name: "Bob", Cards: []int{1, 2, 3, 4, 5}}
	if fingerprintOf(sliceSums{}, 0, apart) != db || da == db {
		t.Fatal("a shared list hashed otherwise than its copy")
	}
}

// A map's entries hash alike in whatever order they were added.
func TestFingerprint_MapOrderDoesNotMatter(t *testing.T) {
	a, b := map[int]string{}, map[int]string{}
	for i := range 50 {
		a[i] = "x"
		b[49-i] = "x"
	}
	if fingerprintOf(nil, 0, a) != fingerprintOf(nil, 0, b) {
		t.Fatal("the same map hashed apart")
	}
}

// BenchmarkFingerprint digests what each of five wink seats and the table
// are shown after 200 bot actions of a remote match: the per-viewer part
// of every frame the room builds in one change.
func BenchmarkFingerprint(b *testing.B) {
	rules := wink.Rules{}
	st, err := rules.New(game.Setup{Game: "wink", Options: json.RawMessage(`{"mode":"remote"}`), Seats: 5})
	if err != nil {
		b.Fatal(err)
	}
	bot, _ := game.BotFor(rules)
	now := int64(1_800_000_000_000)
	for i := 0; i < 200; now += 250 {
		s := game.Seat(i % 5)
		if a, ok := bot.Act(st, s, now, game.RandFor(game.Seed{}, i)); ok {
			a.Seat, a.At = s, now
			if st.Check(a) == nil {
				st.Apply(a, game.RandFor(game.Seed{}, i+1))
			}
		}
		i++
	}
	var contents []viewerContent
	for s := range game.Seat(5) {
		contents = append(contents, viewerContent{You: s, View: st.View(game.SeatViewer(s)), Legal: st.Legal(s)})
	}
	contents = append(contents, viewerContent{Table: true, View: st.View(game.TableViewer())})
	for b.Loop() {
		// One change's list digests, as a fan-out keeps them.
		sums := sliceSums{}
		for _, c := range contents {
			fingerprintOf(sums, 1, c)
		}
	}
}
