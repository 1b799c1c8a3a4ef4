package pages

import (
	"topsecret/internal/game"
	"topsecret/web/words"
)

// RejoinLine is what the live region shows about moving seats between
// phones, worded for its reader.
type RejoinLine struct {
	Words words.Reader
	// Code is this seat's rejoin code, shown on its own phone only.
	Code string
	// Moved is the name of the seat that moved away from this browser.
	Moved string
	// Visitor says this browser holds no seat here, so it may rejoin one;
	// Lost are the people's seats with no phone connected it may ask for.
	Visitor bool
	Lost    []SeatLine
	// Asks are requests for seats, for the host to allow or refuse.
	Asks []AskLine
}

// AskLine is one request for a seat, as the host answers it: the pictures
// the asking phone shows, to compare with it, and Came, which says when
// that phone first came into the room; CameNow marks a phone that came
// only just before asking, or never.
type AskLine struct {
	ID       string
	Name     string
	Pictures []Picture
	Came     game.Msg
	CameNow  bool
}

// Picture is one of the two pictures a request shows on both phones, with
// its name in the reader's language.
type Picture struct {
	Emoji string
	Name  string
}

// AskWait is the asking phone's screen while the host answers: the
// pictures to show the host.
type AskWait struct {
	Words    words.Reader
	Name     string
	Pictures []Picture
}

func (a AskWait) say(id string, args ...game.Arg) string { return a.Words.Say(game.M(id, args...)) }

// say words a platform message for this line's reader.
func (r RejoinLine) say(id string, args ...game.Arg) string { return r.Words.Say(game.M(id, args...)) }

// MoveSheet is the host's one-time link for moving a seat to another
// phone, shown over the page until dismissed.
type MoveSheet struct {
	Words   words.Reader
	Name    string
	URL     string
	QRSVG   string // inline <svg> of URL, trusted
	Minutes int    // how long the link works
}

func (m MoveSheet) say(id string, args ...game.Arg) string { return m.Words.Say(game.M(id, args...)) }

// PassPage asks a phone that opened a seat's one-time link whether to take
// the seat; Problem says why the link cannot (used, expired).
type PassPage struct {
	Words   words.Reader
	Code    string
	Name    string
	Problem string
}

func (p PassPage) say(id string, args ...game.Arg) string { return p.Words.Say(game.M(id, args...)) }

// ConsoleSheet is the host's one-time code for opening the host's console
// on a TV: the code to type there, and a link and its QR code to open.
type ConsoleSheet struct {
	Words   words.Reader
	Code    string // grouped for reading, "ABCD EFGH"
	URL     string
	QRSVG   string // inline <svg> of URL, trusted
	Minutes int    // how long the code works
}

func (c ConsoleSheet) say(id string, args ...game.Arg) string {
	return c.Words.Say(game.M(id, args...))
}
