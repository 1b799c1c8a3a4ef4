package game

import (
	"strconv"
	"strings"
)

// Say replaces the {p0}, {p1}… seat placeholders of an event or summary with
// the seats' names, so game packages never need to know who sits where.
func Say(text string, names []string) string {
	if !strings.Contains(text, "{p") {
		return text
	}
	var b strings.Builder
	for {
		i := strings.Index(text, "{p")
		if i < 0 {
			b.WriteString(text)
			return b.String()
		}
		j := strings.IndexByte(text[i:], '}')
		if j < 0 {
			b.WriteString(text)
			return b.String()
		}
		b.WriteString(text[:i])
		n, err := strconv.Atoi(text[i+2 : i+j])
		switch {
		case err != nil:
			b.WriteString(text[i : i+j+1])
		case n >= 0 && n < len(names):
			b.WriteString(names[n])
		default:
			b.WriteString("Seat " + strconv.Itoa(n+1))
		}
		text = text[i+j+1:]
	}
}
