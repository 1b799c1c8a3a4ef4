package words

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// agree mends what a catalogue cannot write ahead of time: the grammar
// where a name or term meets the words around it. The catalogues write
// the general form ("de {{.name}}", "{{.name}}s telefon"); the finished
// sentence is mended only around the values put in.
func agree(lang, s string, values []string) string {
	switch baseOf(lang) {
	case "fr":
		// "de" elides before a vowel: "la main d’Emma", "d’Anchorage".
		// An initial h or y is left alone: whether it elides depends on
		// the word, and "de Hélène" reads better than "d’Yann" would.
		for _, v := range values {
			if startsWithVowel(v) {
				s = replaceBefore(s, "de ", v, "d’")
				s = replaceBefore(s, "De ", v, "D’")
			}
		}
	case "sv":
		// A name ending in s, x or z takes no genitive s: "Bix telefon",
		// "Lars plats", but "Annas plats".
		for _, v := range values {
			if r, _ := utf8.DecodeLastRuneInString(v); strings.ContainsRune("sxzSXZ", r) {
				s = dropGenitive(s, v)
			}
		}
	}
	return s
}

func baseOf(lang string) string {
	base, _, _ := strings.Cut(strings.ToLower(lang), "-")
	return base
}

func startsWithVowel(v string) bool {
	r, _ := utf8.DecodeRuneInString(v)
	return strings.ContainsRune("aeiouàâæéèêëîïôœùûüAEIOUÀÂÆÉÈÊËÎÏÔŒÙÛÜ", r)
}

// replaceBefore rewrites word+v as with+v where word starts the text or
// follows a non-letter, so "de" inside a longer word is never touched.
func replaceBefore(s, word, v, with string) string {
	var b strings.Builder
	for {
		i := strings.Index(s, word+v)
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		prev, _ := utf8.DecodeLastRuneInString(s[:i])
		b.WriteString(s[:i])
		if i == 0 || !unicode.IsLetter(prev) {
			b.WriteString(with)
		} else {
			b.WriteString(word)
		}
		b.WriteString(v)
		s = s[i+len(word)+len(v):]
	}
}

// dropGenitive rewrites v+"s" as v where the s ends the word.
func dropGenitive(s, v string) string {
	var b strings.Builder
	for {
		i := strings.Index(s, v+"s")
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		end := i + len(v) + 1
		next, _ := utf8.DecodeRuneInString(s[end:])
		b.WriteString(s[:i])
		b.WriteString(v)
		if end < len(s) && unicode.IsLetter(next) {
			b.WriteString("s")
		}
		s = s[end:]
	}
}
