package room

import "testing"

// An event is made once per key while the room lists it, and made again
// only after it left the list.
func TestMemo_MakesAnEventOncePerKeyUntilForgotten(t *testing.T) {
	var m Memo
	made := 0
	word := func(s string) func() string { return func() string { made++; return s } }
	for _, tc := range []struct {
		name      string
		seq       uint64
		key, want string
		made      int
	}{
		{"first time is made", 1, "words de", "Anna zwinkert", 1},
		{"again is remembered", 1, "words de", "Anna zwinkert", 1},
		{"another key is made apart", 1, "words en", "Anna winks", 2},
		{"another event is made apart", 2, "words de", "Bob schaut", 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := m.Event(tc.seq, tc.key, word(tc.want)); got != tc.want || made != tc.made {
				t.Fatalf("got %q after %d makings, want %q after %d", got, made, tc.want, tc.made)
			}
		})
	}
	m.forget(2)
	if got := m.Event(1, "words de", word("made anew")); got != "made anew" {
		t.Fatalf("a forgotten event gave %q", got)
	}
	if got := m.Event(2, "words de", word("made anew")); got != "Bob schaut" {
		t.Fatalf("an event still listed was made anew: %q", got)
	}
}

// The shared part of a change is made once per key, kept for the latest
// content alone, and its replacement leaves the events' makings be.
func TestMemo_KeepsTheLatestSharedPartAlone(t *testing.T) {
	var m Memo
	made := 0
	mk := func(s string) func() string { return func() string { made++; return s } }
	m.Event(1, "json de", mk("event"))
	for _, tc := range []struct {
		name    string
		sum     uint64
		want    string
		makings int
	}{
		{"first time is made", 7, "seats of 7", 2},
		{"the same content is remembered", 7, "seats of 7", 2},
		{"new content is made", 8, "seats of 8", 3},
		{"old content is made again", 7, "seats of 7 again", 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := m.Alike(tc.sum, "json de", mk(tc.want)); got != tc.want || made != tc.makings {
				t.Fatalf("got %q after %d makings, want %q after %d", got, made, tc.want, tc.makings)
			}
		})
	}
	if got := m.Event(1, "json de", mk("made anew")); got != "event" {
		t.Fatalf("a new shared part lost an event's making: %q", got)
	}
}
