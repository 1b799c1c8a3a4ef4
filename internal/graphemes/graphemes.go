// Package graphemes splits text into the characters a person sees: 🕵️‍♀️,
// 👍🏽, 🇫🇷 and é are one each, however many code points spell them.
//
// It follows the boundary rules of Unicode's extended grapheme clusters
// (UAX #29) that names meet: combining marks, variation selectors, skin
// tones and emoji tags stay with what they follow, a zero-width joiner
// glues the next picture on, regional indicators pair into flags, and
// Hangul jamo join into syllables. It uses only the standard library's
// tables, so a rare script's corner may count differently from a full
// implementation (Prepend marks; Unicode 15.1's conjuncts, GB9c, count
// per part here), by a name's few odd characters at most.
package graphemes

import "unicode"

// Count is the number of characters a person sees in s.
func Count(s string) int {
	n := 0
	var prev rune = -1
	flag := 0 // regional indicators in the current run
	for _, c := range s {
		if prev < 0 || breaks(prev, c, flag) {
			n++
		}
		if regional(c) {
			flag++
		} else {
			flag = 0
		}
		prev = c
	}
	return n
}

// First is the first character a person sees in s ("" for ""), for
// avatars: a flag's initial is the flag, not half of it.
func First(s string) string {
	var prev rune = -1
	flag := 0
	for i, c := range s {
		if prev >= 0 && breaks(prev, c, flag) {
			return s[:i]
		}
		if regional(c) {
			flag++
		} else {
			flag = 0
		}
		prev = c
	}
	return s
}

// zwj is the zero-width joiner that builds 👩‍🚀 from 👩 and 🚀.
const zwj = '\u200d'

// breaks reports whether a new character starts at c after prev; flag
// counts the regional indicators that end at prev.
func breaks(prev, c rune, flag int) bool {
	switch {
	case extends(c):
		return false // GB9, GB9a
	case prev == zwj:
		return false // GB11: what the joiner joins is one picture
	case regional(prev) && regional(c):
		return flag%2 == 0 // GB12, GB13: indicators pair into flags
	case hangulJoins(prev, c):
		return false // GB6–GB8
	}
	return true
}

// extends reports whether c belongs to the character before it: a
// combining or spacing mark, a variation selector, a joiner, a skin tone
// or an emoji tag (a subdivision flag's letters).
func extends(c rune) bool {
	switch {
	case c == zwj, c == '\u200c':
		return true
	case c >= 0x1f3fb && c <= 0x1f3ff: // skin tones
		return true
	case c >= 0xe0020 && c <= 0xe007f: // tags
		return true
	}
	return unicode.In(c, unicode.Mn, unicode.Me, unicode.Mc)
}

func regional(c rune) bool { return c >= 0x1f1e6 && c <= 0x1f1ff }

// Hangul jamo: leading consonants (L), vowels (V), trailing consonants
// (T), and the precomposed syllables (LV and LVT).
func jamoL(c rune) bool    { return c >= 0x1100 && c <= 0x115f || c >= 0xa960 && c <= 0xa97c }
func jamoV(c rune) bool    { return c >= 0x1160 && c <= 0x11a7 || c >= 0xd7b0 && c <= 0xd7c6 }
func jamoT(c rune) bool    { return c >= 0x11a8 && c <= 0x11ff || c >= 0xd7cb && c <= 0xd7fb }
func syllable(c rune) bool { return c >= 0xac00 && c <= 0xd7a3 }

// syllableLV reports a precomposed syllable without a trailing consonant.
func syllableLV(c rune) bool { return syllable(c) && (c-0xac00)%28 == 0 }

func hangulJoins(prev, c rune) bool {
	switch {
	case jamoL(prev):
		return jamoL(c) || jamoV(c) || syllable(c)
	case jamoV(prev) || syllableLV(prev):
		return jamoV(c) || jamoT(c)
	case jamoT(prev) || syllable(prev):
		return jamoT(c)
	}
	return false
}
