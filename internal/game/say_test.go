package game

import "testing"

func TestSay(t *testing.T) {
	names := []string{"Julia", "Tom"}
	tests := []struct{ in, want string }{
		{"{p0} meets {p1}", "Julia meets Tom"},
		{"no seats", "no seats"},
		{"{p7} is missing", "Seat 8 is missing"},
		{"{px} stays", "{px} stays"},
		{"open {p1", "open {p1"},
	}
	for _, tt := range tests {
		if got := Say(tt.in, names); got != tt.want {
			t.Errorf("Say(%q)=%q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestRandFor_Deterministic(t *testing.T) {
	var seed Seed
	seed[0] = 7
	a, b := RandFor(seed, 3), RandFor(seed, 3)
	for i := 0; i < 100; i++ {
		if x, y := a.IntN(52), b.IntN(52); x != y {
			t.Fatalf("draw %d: %d != %d", i, x, y)
		}
	}
	if RandFor(seed, 3).Uint64() == RandFor(seed, 4).Uint64() {
		t.Fatal("streams 3 and 4 agree")
	}
}

func TestRand_IntNUniform(t *testing.T) {
	r := RandFor(Seed{}, 0)
	var counts [6]int
	for i := 0; i < 60000; i++ {
		counts[r.Die(6)-1]++
	}
	for face, n := range counts {
		if n < 9000 || n > 11000 {
			t.Errorf("face %d came up %d times in 60000", face+1, n)
		}
	}
}

func TestSeed_TextRoundTrip(t *testing.T) {
	var s Seed
	for i := range s {
		s[i] = byte(i)
	}
	b, _ := s.MarshalText()
	var got Seed
	if err := got.UnmarshalText(b); err != nil || got != s {
		t.Fatalf("round trip = %v, %v", got, err)
	}
	if err := got.UnmarshalText([]byte("abcd")); err == nil {
		t.Fatal("short seed accepted")
	}
}
