package game

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Msg is something a game says — an event, a refusal, a move's label, a
// result — in no language: a catalogue id and its arguments. The web layer
// words it for each reader in the reader's language; logs and exported
// records keep it as it is, so a replay reads in its viewer's language.
//
// Ids are namespaced by the game's slug ("vault.event.reveal"); the
// platform's own start with "game.". The argument named "n", when there is
// one, picks the plural form.
//
// A message is plain data without maps or pointers, so views full of them
// stay cheap to build, copy and compare; its JSON is an object of named
// arguments: {"id":"…","args":{"who":{"seat":2},"n":{"n":3}}}.
type Msg struct {
	ID string `json:"id"`
	// Args are sorted by name (M sorts them), so equal messages are equal
	// values however they were built or decoded.
	Args Args `json:"args,omitempty"`
}

// Args are a message's arguments; their JSON is an object of them by name.
//
// Msg has no MarshalJSON of its own, only its Args: encoding/json checks
// and compacts every byte a MarshalJSON returns, and views hold dozens of
// messages, most without arguments (a place's name, a move's label), so
// that check was a sixteenth of a loaded server's CPU.
type Args []Arg

// MarshalJSON writes {"name":{kind:value},…}.
func (as Args) MarshalJSON() ([]byte, error) { return as.appendJSON(make([]byte, 0, 32*len(as))), nil }

// AppendJSON appends what MarshalJSON writes, for encoders that take a
// value's own JSON as it is (package viewjson) instead of checking it.
func (as Args) AppendJSON(b []byte) []byte { return as.appendJSON(b) }

func (as Args) appendJSON(b []byte) []byte {
	b = append(b, '{')
	for i, a := range as {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, a.Name)
		b = append(b, ':')
		b = a.appendJSON(b)
	}
	return append(b, '}')
}

// ArgKind says how an argument is worded.
type ArgKind uint8

// The kinds of argument.
const (
	ArgSeat  ArgKind = iota + 1 // a seat, worded as the player's name
	ArgSeats                    // seats, worded as a list of names
	ArgN                        // a number, shown as digits; "n" picks plurals
	ArgTerm                     // a game term (card, place, role): Terms[0]
	ArgList                     // several terms, worded and joined as a list
	ArgText                     // shown as it is: a player's input, a decoder's detail
)

// Arg is one named argument of a Msg.
type Arg struct {
	Name string
	Kind ArgKind
	// Int is the seat (ArgSeat) or the number (ArgN).
	Int   int
	Seats []Seat
	// Terms holds the term (ArgTerm) or the terms (ArgList).
	Terms []Msg
	Text  string
}

// M builds a message from its id and arguments.
func M(id string, args ...Arg) Msg {
	m := Msg{ID: id}
	if len(args) > 0 {
		m.Args = slices.Clone(args)
		slices.SortFunc(m.Args, func(a, b Arg) int { return strings.Compare(a.Name, b.Name) })
	}
	return m
}

// P names a seat argument: worded as the player's name.
func P(name string, s Seat) Arg { return Arg{Name: name, Kind: ArgSeat, Int: int(s)} }

// PS names a list-of-seats argument.
func PS(name string, s []Seat) Arg {
	return Arg{Name: name, Kind: ArgSeats, Seats: append([]Seat{}, s...)}
}

// N names a number argument; the one called "n" picks the plural form.
func N(name string, n int) Arg { return Arg{Name: name, Kind: ArgN, Int: n} }

// T names a term argument: a catalogue id (with arguments of its own).
func T(name, id string, args ...Arg) Arg {
	return Arg{Name: name, Kind: ArgTerm, Terms: []Msg{M(id, args...)}}
}

// TM names a term argument that is already a message.
func TM(name string, term Msg) Arg { return Arg{Name: name, Kind: ArgTerm, Terms: []Msg{term}} }

// TS names a list of terms.
func TS(name string, terms []Msg) Arg {
	return Arg{Name: name, Kind: ArgList, Terms: append([]Msg{}, terms...)}
}

// X names a verbatim text argument (a player's input, a decoder's detail).
func X(name, text string) Arg { return Arg{Name: name, Kind: ArgText, Text: text} }

// Seat is a seat argument's seat.
func (a Arg) Seat() Seat { return Seat(a.Int) }

// Term is a term argument's term (the zero Msg for other kinds).
func (a Arg) Term() Msg {
	if a.Kind == ArgTerm && len(a.Terms) == 1 {
		return a.Terms[0]
	}
	return Msg{}
}

// IsZero reports whether the message is empty (no id).
func (m Msg) IsZero() bool { return m.ID == "" }

// Arg returns the argument called name.
func (m Msg) Arg(name string) (Arg, bool) {
	for _, a := range m.Args {
		if a.Name == name {
			return a, true
		}
	}
	return Arg{}, false
}

// Walk calls f with m and then every term inside it, depth first: what a
// catalogue test needs to see every id a message uses.
func (m Msg) Walk(f func(Msg)) {
	f(m)
	for _, a := range m.Args {
		for _, t := range a.Terms {
			t.Walk(f)
		}
	}
}

// Seats lists every seat the message names, terms included.
func (m Msg) Seats() []Seat {
	var out []Seat
	m.Walk(func(x Msg) {
		for _, a := range x.Args {
			switch a.Kind {
			case ArgSeat:
				out = append(out, a.Seat())
			case ArgSeats:
				out = append(out, a.Seats...)
			}
		}
	})
	return out
}

// LegacyID is the id of a message read from a record written before games
// spoke in ids: a finished English sentence (argument "text") with {pN}
// seat placeholders.
const LegacyID = "game.legacy"

// argJSON is an argument's JSON: exactly one field, whose name says the kind.
type argJSON struct {
	Seat  *Seat   `json:"seat,omitempty"`
	Seats []Seat  `json:"seats,omitempty"`
	N     *int    `json:"n,omitempty"`
	Msg   *Msg    `json:"msg,omitempty"`
	List  []Msg   `json:"list,omitempty"`
	Text  *string `json:"text,omitempty"`
}

// AppendJSON appends m's JSON, {"id":…,"args":{name:{kind:value}}}, to b,
// for encoders that write a frame's many messages into one buffer
// themselves; encoding/json writes the same bytes.
func (m Msg) AppendJSON(b []byte) []byte { return m.appendJSON(b) }

func (m Msg) appendJSON(b []byte) []byte {
	b = append(b, `{"id":`...)
	b = appendString(b, m.ID)
	if len(m.Args) > 0 {
		b = append(b, `,"args":`...)
		b = m.Args.appendJSON(b)
	}
	return append(b, '}')
}

func (a Arg) appendJSON(b []byte) []byte {
	switch a.Kind {
	case ArgSeat:
		b = append(b, `{"seat":`...)
		b = strconv.AppendInt(b, int64(a.Int), 10)
	case ArgSeats:
		b = append(b, `{"seats":[`...)
		for i, s := range a.Seats {
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(s), 10)
		}
		b = append(b, ']')
	case ArgN:
		b = append(b, `{"n":`...)
		b = strconv.AppendInt(b, int64(a.Int), 10)
	case ArgTerm:
		b = append(b, `{"msg":`...)
		b = a.Term().appendJSON(b)
	case ArgList:
		b = append(b, `{"list":[`...)
		for i, t := range a.Terms {
			if i > 0 {
				b = append(b, ',')
			}
			b = t.appendJSON(b)
		}
		b = append(b, ']')
	case ArgText:
		b = append(b, `{"text":`...)
		b = appendString(b, a.Text)
	default:
		return append(b, `{}`...)
	}
	return append(b, '}')
}

// appendString writes s as a JSON string, escaped as encoding/json does
// (HTML-sensitive characters too, since a player's text may be in it).
func appendString(b []byte, s string) []byte {
	// Ids and argument names are plain ASCII: most strings need no look
	// at their runes.
	plain := true
	for i := 0; i < len(s) && plain; i++ {
		c := s[i]
		plain = c >= ' ' && c < utf8.RuneSelf && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	if plain {
		b = append(b, '"')
		b = append(b, s...)
		return append(b, '"')
	}
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == '"' || r == '\\':
			b = append(b, '\\', byte(r))
		case r == '\n':
			b = append(b, '\\', 'n')
		case r == '\r':
			b = append(b, '\\', 'r')
		case r == '\t':
			b = append(b, '\\', 't')
		case r == '\b':
			b = append(b, '\\', 'b')
		case r == '\f':
			b = append(b, '\\', 'f')
		case r < 0x20 || r == '<' || r == '>' || r == '&' || r == 0x2028 || r == 0x2029,
			r == utf8.RuneError && size == 1: // an invalid byte, written as U+FFFD
			if r == utf8.RuneError {
				r = 0xfffd
			}
			b = append(b, '\\', 'u', hex[r>>12&0xf], hex[r>>8&0xf], hex[r>>4&0xf], hex[r&0xf])
		default:
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return append(b, '"')
}

// UnmarshalJSON reads a message, and also an old record's plain sentence
// (as the legacy message, so old rooms' histories still read).
func (m *Msg) UnmarshalJSON(b []byte) error {
	var s string
	if json.Unmarshal(b, &s) == nil {
		*m = M(LegacyID, X("text", s))
		return nil
	}
	var w struct {
		ID   string             `json:"id"`
		Args map[string]argJSON `json:"args"`
	}
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	args := make([]Arg, 0, len(w.Args))
	for name, v := range w.Args {
		a, err := v.arg(name)
		if err != nil {
			return fmt.Errorf("message %s: %w", w.ID, err)
		}
		args = append(args, a)
	}
	*m = M(w.ID, args...)
	return nil
}

func (w argJSON) arg(name string) (Arg, error) {
	switch {
	case w.Seat != nil:
		return P(name, *w.Seat), nil
	case w.Seats != nil:
		return PS(name, w.Seats), nil
	case w.N != nil:
		return N(name, *w.N), nil
	case w.Msg != nil:
		return Arg{Name: name, Kind: ArgTerm, Terms: []Msg{*w.Msg}}, nil
	case w.List != nil:
		return TS(name, w.List), nil
	case w.Text != nil:
		return X(name, *w.Text), nil
	}
	return Arg{}, fmt.Errorf("argument %s has no value", name)
}
