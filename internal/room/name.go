package room

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rivo/uniseg"
	"golang.org/x/text/unicode/norm"

	"topsecret/internal/game"
)

// Limits on a player's name. MaxNameChars keeps names readable on a
// phone's seat ring and counts what a person sees (graphemes), so 🕵️‍♀️ is
// one character, not five. The others bound what a name can weigh however
// it is spelled: every frame carries each name several times, and a
// letter under a heap of accents draws over the whole page.
const (
	MaxNameChars = 20
	// MaxNameRunes and MaxNameBytes hold twenty joined emoji such as 👩‍🚀
	// (three code points, eleven bytes) or eight families 👨‍👩‍👧‍👦; a typed
	// name of twenty letters, accents included, is far below both.
	MaxNameRunes = 64
	MaxNameBytes = 224
	// maxCharRunes is the longest emoji sequence (a kiss with two skin
	// tones, 👩🏻‍❤️‍💋‍👨🏼, is ten code points); maxCharMarks the most
	// accents a written language stacks on one letter.
	maxCharRunes = 10
	maxCharMarks = 4
)

// CleanName trims a typed name and refuses empty, unprintable, too long
// or over-stacked ones.
func CleanName(name string) (string, error) {
	if !utf8.ValidString(name) {
		return "", refuseSaid("game.refuse.name_chars")
	}
	name = strings.Join(strings.FieldsFunc(name, blank), " ")
	if name == "" {
		return "", refuseSaid("game.refuse.name_empty")
	}
	chars := 0
	for rest := name; rest != ""; chars++ {
		var char string
		char, rest, _, _ = uniseg.FirstGraphemeClusterInString(rest, -1)
		if err := checkChar(char); err != nil {
			return "", err
		}
	}
	if chars > MaxNameChars {
		return "", refuseSaid("game.refuse.name_long", game.N("n", MaxNameChars))
	}
	if utf8.RuneCountInString(name) > MaxNameRunes || len(name) > MaxNameBytes {
		return "", refuseSaid("game.refuse.name_heavy")
	}
	// One spelling of each accented letter, so that a name typed with a
	// combining accent is the one typed precomposed (counted as typed).
	return norm.NFC.String(name), nil
}

// checkChar refuses a character a name may not hold: something that
// cannot be shown, a joiner outside an emoji sequence, or a pile of
// accents or joined pictures.
func checkChar(char string) error {
	marks, runes := 0, 0
	for i, c := range char {
		runes++
		if !showable(c) {
			return refuseSaid("game.refuse.name_chars")
		}
		if styled(c) {
			return refuseSaid("game.refuse.name_styled")
		}
		if unicode.In(c, unicode.Mn, unicode.Me, unicode.Mc) {
			marks++
		}
		if c == zwj {
			// What the joiner joins must be a picture: the character
			// goes on after it (Unicode keeps a joiner with the next
			// rune only between emoji, GB11) with something that is not
			// itself a mark, modifier or joiner.
			next, _ := utf8.DecodeRuneInString(char[i+len(string(zwj)):])
			if i+len(string(zwj)) == len(char) || extends(next) {
				return refuseSaid("game.refuse.name_joiner")
			}
		}
	}
	if marks > maxCharMarks || runes > maxCharRunes {
		return refuseSaid("game.refuse.name_stacked")
	}
	return nil
}

// blank reports whether c shows as nothing but space: white space, and
// the letters that draw nothing (Hangul fillers, the blank braille cell),
// which would make a name look empty.
func blank(c rune) bool {
	switch c {
	case '\u115f', '\u1160', '\u2800', '\u3164', '\uffa0':
		return true
	}
	return unicode.IsSpace(c)
}

// sameName reports whether two names would look alike at the table: equal
// once case, compatibility forms (fullwidth Ｂｏｂ, mathematical 𝐁𝐨𝐛) and
// variation selectors, which draw nothing after a letter, are set aside.
func sameName(a, b string) bool { return strings.EqualFold(nameKey(a), nameKey(b)) }

func nameKey(name string) string {
	return strings.Map(func(c rune) rune {
		if c >= 0xfe00 && c <= 0xfe0f || c >= 0xe0100 && c <= 0xe01ef {
			return -1
		}
		return c
	}, norm.NFKC.String(name))
}

// zwj is the zero-width joiner that builds 👩‍🚀 from 👩 and 🚀.
const zwj = '\u200d'

// extends reports whether c attaches to what comes before it: a mark, a
// variation selector, a skin tone, an emoji tag or another joiner.
func extends(c rune) bool {
	return c == zwj || c >= 0x1f3fb && c <= 0x1f3ff || c >= 0xe0020 && c <= 0xe007f ||
		unicode.In(c, unicode.Mn, unicode.Me, unicode.Mc)
}

// showable reports whether c may stand in a name: anything printable, and
// the invisible joiner and tags that build emoji (👩‍🚀, subdivision flags).
// Other format characters stay out: they reorder or hide text.
func showable(c rune) bool {
	return unicode.IsPrint(c) || c == zwj || c >= 0xe0020 && c <= 0xe007f
}
