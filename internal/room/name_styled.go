package room

import "unicode"

// styledBlocks are where "fancy text" comes from: letters and digits
// circled, parenthesised, bold, script, double-struck or Fraktur, Latin
// and Hebrew ligatures, Arabic presentation forms (one code point draws
// "﷽", a whole phrase), small and vertical punctuation, and squared CJK
// abbreviations. We serve no font of our own, so a name is drawn in the
// phone's and the TV's system fonts, and these blocks are the ones they
// often lack: the table saw "Ⓐⓓⓐ" and "﷽" as rows of empty boxes. What
// they hold is a styled copy of plain letters, digits or words, so refusing
// it costs a player nothing they cannot type plainly.
var styledBlocks = []*unicode.RangeTable{{R16: []unicode.Range16{
	{Lo: 0x2460, Hi: 0x24ff, Stride: 1}, // enclosed alphanumerics: ① ⑴ ⒜ Ⓐ ⓐ
	{Lo: 0x3200, Hi: 0x33ff, Stride: 1}, // enclosed CJK letters, CJK compatibility: ㈱ ㍿
	{Lo: 0xfb00, Hi: 0xfdff, Stride: 1}, // alphabetic and Arabic presentation forms A: ﬁ ﷽
	{Lo: 0xfe10, Hi: 0xfe1f, Stride: 1}, // vertical forms
	{Lo: 0xfe30, Hi: 0xfe6f, Stride: 1}, // CJK compatibility forms, small form variants
	{Lo: 0xfe70, Hi: 0xfeff, Stride: 1}, // Arabic presentation forms B
}, R32: []unicode.Range32{
	{Lo: 0x1d400, Hi: 0x1d7ff, Stride: 1}, // mathematical alphanumerics: 𝐁 𝒜 𝔅 𝕭 𝟙
	{Lo: 0x1f100, Hi: 0x1f1ff, Stride: 1}, // enclosed alphanumeric supplement: 🄰 🅐
}}}

// letterlike are the letterlike symbols' letters, the script and
// double-struck ones (ℂ ℋ ℬ) that fill the holes of the mathematical
// alphabets; its symbols (™ ℃ №) are in every font and stay.
var letterlike = &unicode.RangeTable{R16: []unicode.Range16{{Lo: 0x2100, Hi: 0x214f, Stride: 1}}}

// styledEmoji are the emoji in those blocks, which every emoji font
// draws: Ⓜ, 🅰 🅱 🅾 🅿, 🆎, 🆑 to 🆚 and the letters that make flags.
var styledEmoji = &unicode.RangeTable{R16: []unicode.Range16{{Lo: 0x24c2, Hi: 0x24c2, Stride: 1}},
	R32: []unicode.Range32{
		{Lo: 0x1f170, Hi: 0x1f171, Stride: 1}, {Lo: 0x1f17e, Hi: 0x1f17f, Stride: 1}, {Lo: 0x1f18e, Hi: 0x1f18e, Stride: 1},
		{Lo: 0x1f191, Hi: 0x1f19a, Stride: 1}, {Lo: 0x1f1e6, Hi: 0x1f1ff, Stride: 1},
	}}

// styled reports whether c is a styled letter, digit or phrase from a
// block system fonts often lack (the emoji among them excepted).
func styled(c rune) bool {
	if unicode.Is(letterlike, c) {
		// ℹ is an emoji; Ω, K and Å here are other spellings of plain
		// letters, which a name is stored as (NFC).
		return unicode.IsLetter(c) && c != 'ℹ' && c != '\u2126' && c != '\u212a' && c != '\u212b'

	}
	return unicode.In(c, styledBlocks...) && !unicode.Is(styledEmoji, c)
}
