// Package pages renders the app's pages and the live room fragment.
package pages

import (
	"github.com/a-h/templ"

	"topsecret/internal/game"
)

// GameCard is one game on the home page.
type GameCard struct {
	Info      game.Info
	Available bool
}

// Home is the home page: the catalogue and an optional error banner.
type Home struct {
	Games []GameCard
	Error string
}

// Room is the page at /r/{code} (phones) and, with Table set, /r/{code}/table.
type Room struct {
	Code     string
	GameName string
	JoinURL  string
	QRSVG    string // inline <svg> markup, trusted
	Table    bool   // the shared table screen
	Seated   bool   // this browser holds a seat: no name form
	// Main is the initial content of #room-main, the same fragment the
	// websocket's "view" messages replace.
	Main templ.Component
	// Held names the frame Main is (the digest the socket compares):
	// the socket's first frame, when it is the same, does not come again.
	Held  string
	WSURL string // e.g. "/r/ABC123/ws"; the client adds ?view=html&since=N
	// HowTo is the top bar's "?" and the game's how-to-play it opens over
	// the page; nil for none.
	HowTo templ.Component
	// HowToHint is a phone's first-turn hint, drawn under the top bar; nil
	// for none.
	HowToHint templ.Component
	// NameMax is how long a name the join form takes.
	NameMax NameMax
}

// NameMax is how long a player's name may be, as the room counts it: in
// characters a person sees, in code points and in UTF-8 bytes.
type NameMax struct{ Chars, Runes, Bytes int }

// Live is the content of #room-main, rendered per viewer on every change and
// sent over the websocket.
type Live struct {
	Code      string
	Game      game.Info
	Status    string // "lobby", "playing" or "finished"
	Seats     []SeatLine
	You       int // your seat position; -1 for spectators and the table
	IsHost    bool
	Table     bool
	CanStart  bool
	StartHint string // e.g. "Need 4-8 players (3 seated)"
	// Options are the current lobby options: read-only for guests, a form
	// for the host while in the lobby.
	Options []OptionValue
	// Board is the game's own view while playing or finished; nil in the lobby.
	Board templ.Component
	// YourMove says the match waits on this viewer, who may act now: the
	// phone asks for attention (title, vibration, sound).
	YourMove bool
	// Held is a running timer the room holds back for a player whose
	// phone came back: the board's clock for deadline HeldFrom counts to
	// HeldUntil (0: none held).
	HeldFrom, HeldUntil int64
	Standings           []Standing
	// Night is the night table over every game the room played, between
	// matches; nil during one.
	Night  *NightView
	Result *ResultLine // the last finished match
	// Log is the side panel's "Latest": the kit's log of the viewer's
	// recent lines, for a board that draws no log of its own (the page
	// hides it beside one that does); nil outside a match.
	Log     templ.Component
	MatchID string
	JoinURL string // the room's join link, shown in the lobby
	QRSVG   string // inline <svg> of JoinURL, trusted; shown big on the table screen
	// Watch is the replay the host is showing the room, nil when none.
	Watch *WatchLine
	// HostSeat is the seat id holding the host role ("" while the room's
	// creator holds it); HostBack offers this viewer "Take host back".
	HostSeat string
	HostBack bool
	// HostName is the name of the seat whose player hosts the room, ""
	// while the room's creator (who has no seat) does; HostPassed says
	// the role passed to this viewer by itself, so its controls are
	// explained to them once.
	HostName   string
	HostPassed bool
	// LocalOnly says JoinURL points at this machine's loopback address, so
	// no phone can open it; the host's lobby warns.
	LocalOnly bool
	// Rejoin is about moving seats between phones.
	Rejoin RejoinLine
	// Watching says why this viewer, who holds no seat, cannot take one
	// now: WatchingMatch or WatchingFull. "" when a seat is free (the
	// page's name form shows), and for seated players and the table.
	Watching string
	// Bots is how well the room's bots play, worded for this viewer.
	Bots BotStrength
	// HowTo is the lobby's way into the game's how-to-play (the cards
	// themselves on the table screen); nil for none.
	HowTo templ.Component
	// Consent is about the host moving a connected seat to another phone.
	Consent ConsentLine
	// Watchers are the connections without a seat or the host token, for
	// the host's page only; nil for everyone else and when nobody watches.
	Watchers *WatcherList
	// Announcements are what every screen is told for a while, worded
	// ("The host moved Bob's seat to another phone.").
	Announcements []string
	// Barred says the host removed the watchers of this browser's network
	// a short while ago, so this page cannot follow the room for now.
	Barred bool
	// Shelf is the host's choice of the next game between matches: every
	// game the server offers; nil for everyone else and during a match.
	Shelf []GameChoice
	// SitsOut says this viewer's seat sits the current game out: they
	// watch the table here and play the next game.
	SitsOut bool
	// Players counts the members who play the current game (the others
	// sit it out).
	Players int
}

// GameChoice is one game the host may pick for the room's next match.
type GameChoice struct {
	Info game.Info // worded for the reader
	// Now marks the game the room plays now.
	Now bool
	// Fit says how the room's members do not fit it, worded ("1 sits
	// out", "add 2 bots"); "" when they do.
	Fit string
}

// BotStrength is the room's bot strength: its value, the choices the host
// may pick and the words around them.
type BotStrength struct {
	Value   string // beginner, regular or sharp
	Title   string // "Bot strength"
	Help    string
	Shown   string // the line guests read, e.g. "Bots play as Regular"
	Choices []BotChoice
}

// BotChoice is one strength the host may pick.
type BotChoice struct {
	Value string
	Label string
}

// Why a viewer without a seat watches (Live.Watching).
const (
	WatchingMatch = "match" // a match is running; seats open when it ends
	WatchingFull  = "full"  // every seat is taken
)

// SeatLine is one seat in the lobby list and the in-game strip.
type SeatLine struct {
	ID        string
	Position  int
	Name      string
	Bot       bool
	Connected bool
	// Away says the seat's phone was here and is gone (reconnecting); a
	// person's seat neither Connected nor Away is not here yet. AwaySince
	// is when it went, Unix ms.
	Away      bool
	AwaySince int64
	// Host marks the seat whose player hosts the room.
	Host bool
	You  bool
	// Standin says a bot plays this person's seat until they take it back.
	Standin bool
	// BotSoon says a timer ran out while this seat's phone was away: a
	// bot plays it from the next one unless the phone is back.
	BotSoon bool
	// SitsOut says the host left this member out of the current game.
	SitsOut bool
	Colour  string // CSS colour (name or #hex); empty for none
	// Sign is the seat colour's name, whose shape (access.css .sign-<name>)
	// the avatar wears, so two "A"s are told apart without colour; empty
	// for none.
	Sign string
}

// OptionValue is one lobby option with its current value.
type OptionValue struct {
	Option game.Option
	Value  any
	// Seats are the names seated in the lobby by position, so a seat
	// option can name them; none on the home page's form.
	Seats []string
}

// Standing is one line of the room's series standings.
type Standing struct {
	// Champion marks the player who reached the series target; the next
	// match starts a new series.
	Champion bool
	Name     string
	Points   int
	Wins     int
	Played   int
	Leader   bool
}

// ResultLine is the outcome of a finished match.
type ResultLine struct {
	Summary string
	Winners []string
	MatchID string
	// Ended says the match ended before its rules ended it (the host
	// ended it, or it was abandoned): no board shows that end.
	Ended bool
}

// ErrorPage is a full-page error.
type ErrorPage struct {
	Status  int
	Title   string
	Message string
	// AskCode shows the home page's room-code box under the error,
	// holding Code: what the person typed, to correct it.
	AskCode bool
	Code    string
}
