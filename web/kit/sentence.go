package kit

import (
	"context"
	"io"
	"sort"
	"strings"

	"github.com/a-h/templ"

	"topsecret/internal/game"
)

// Piece is one run of a worded sentence: plain text, or (Arg set) the worded
// value of one of its arguments, which a board draws apart — in bold, or
// as a row of spans the page's script picks from.
type Piece struct {
	Text string
	// Arg names the argument this piece is the value of; "" for plain text.
	Arg string
}

// mark is the private-use rune a split argument stands in for while the
// sentence is worded; no catalogue text contains it.
const mark = '\uE000'

// Pieces words the message id like T, with the arguments in apart (name →
// its text, already worded, e.g. a player's name) kept as pieces of their
// own, so a board can bold a name wherever the reader's language puts it:
// "<b>Tom</b> is drawing…", "Tom zieht…". args are the message's other
// arguments.
func (c Context) Pieces(id string, apart map[string]string, args ...game.Arg) []Piece {
	names := make([]string, 0, len(apart))
	for n := range apart {
		names = append(names, n)
	}
	sort.Strings(names)
	all := append([]game.Arg(nil), args...)
	for i, n := range names {
		all = append(all, game.X(n, string([]rune{mark, rune('a' + i)})))
	}
	s := c.T(id, all...)
	var out []Piece
	for {
		i := strings.IndexRune(s, mark)
		if i < 0 || i+len(string(mark)) >= len(s) {
			break
		}
		if i > 0 {
			out = append(out, Piece{Text: s[:i]})
		}
		k := int(s[i+len(string(mark))] - 'a')
		s = s[i+len(string(mark))+1:]
		if k >= 0 && k < len(names) {
			out = append(out, Piece{Text: apart[names[k]], Arg: names[k]})
		}
	}
	if s != "" {
		out = append(out, Piece{Text: s})
	}
	return out
}

// Sentence draws pieces as text, the argument pieces in <strong>.
func Sentence(pieces []Piece) templ.Component {
	return templ.ComponentFunc(func(_ context.Context, w io.Writer) error {
		for _, p := range pieces {
			text := templ.EscapeString(p.Text)
			if p.Arg != "" {
				text = "<strong>" + text + "</strong>"
			}
			if _, err := io.WriteString(w, text); err != nil {
				return err
			}
		}
		return nil
	})
}

// Strong words id like T with the arguments in apart drawn in <strong>: the
// one-call form of Pieces and Sentence.
func (c Context) Strong(id string, apart map[string]string, args ...game.Arg) templ.Component {
	return Sentence(c.Pieces(id, apart, args...))
}
