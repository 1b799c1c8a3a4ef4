// Package game defines what every game implements and how a match is replayed.
//
// A match is its Setup (game, options, seat count, seed) plus an ordered log of
// Actions; its State is that log folded over the game's rules. Every game
// package under internal/games implements Rules and imports nothing but this
// package and the standard library, so a replay never depends on the clock,
// the network or the database.
package game

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
)

// Seat is a player's place at the table, 0..N-1 clockwise.
type Seat int

// System is the referee's seat: timer expiries and automatic steps are its actions.
const System Seat = -1

// Seed decides every shuffle, deal and die roll of a match. It is drawn from
// crypto/rand when the match is created and stored with it.
type Seed [32]byte

// MarshalText writes the seed as hex so records stay readable.
func (s Seed) MarshalText() ([]byte, error) { return []byte(hex.EncodeToString(s[:])), nil }

// UnmarshalText reads a hex seed.
func (s *Seed) UnmarshalText(b []byte) error {
	n, err := hex.Decode(s[:], b)
	if err != nil {
		return fmt.Errorf("seed: %w", err)
	}
	if n != len(s) {
		return fmt.Errorf("seed: %d bytes, want %d", n, len(s))
	}
	return nil
}

// Setup is everything that decides a match before its first action.
type Setup struct {
	Game    string          `json:"game"`
	Options json.RawMessage `json:"options"`
	Seats   int             `json:"seats"`
	Seed    Seed            `json:"seed"`
	// Started is the server time the match was dealt, in Unix milliseconds:
	// the clock of the first phase, before any action has a time of its own.
	Started int64 `json:"started,omitempty"`
}

// Action is one entry of a match's log. The room stores it before anyone sees its effect.
type Action struct {
	Seat Seat            `json:"seat"`
	Type string          `json:"type"`
	Data json.RawMessage `json:"data,omitempty"`
	// At is the server's receive time in Unix milliseconds, stamped by the room
	// and logged with the action. It is the only clock a game may read (for
	// cooldowns and timer deadlines), so a replay sees the same times.
	At int64 `json:"at"`
	// Logged marks an action read back from a log (StepEvents sets it). It
	// was accepted once, perhaps by a server that read data less strictly
	// (repeated or miscased keys were played until UnmarshalStrict), and
	// it must still replay: a stored match that no longer loads would be
	// accepted actions lost. It is never stored or sent.
	Logged bool `json:"-"`
}

// Decode unmarshals the action's data into v strictly (UnmarshalStrict),
// so a client's typo is an error rather than a silently ignored choice,
// and the data stored in the log has only the one reading that was played.
// An action read back from a log is decoded as it was when it was played:
// unknown keys and trailing values refused, the rest as encoding/json reads.
func (a Action) Decode(v any) error {
	if len(a.Data) == 0 {
		return nil
	}
	decode := UnmarshalStrict
	if a.Logged {
		decode = unmarshalLogged
	}
	if err := decode(a.Data, v); err != nil {
		return Malformed("%s: %v", a.Type, err)
	}
	return nil
}

// unmarshalLogged is how action data was read before UnmarshalStrict.
func unmarshalLogged(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return ErrTrailingData
	}
	return nil
}

// ViewerKind says whose eyes a view is built for.
type ViewerKind int

const (
	// Player is one seated player's phone: public facts plus that seat's secrets.
	Player ViewerKind = iota
	// Table is the shared screen and every spectator: public facts only.
	Table
	// Omniscient sees everything; only finished matches are shown this way.
	Omniscient
)

// Viewer names who a view is for.
type Viewer struct {
	Kind ViewerKind `json:"kind"`
	Seat Seat       `json:"seat"`
}

// SeatViewer is the viewer for seat s's phone.
func SeatViewer(s Seat) Viewer { return Viewer{Kind: Player, Seat: s} }

// TableViewer is the viewer for the table screen and spectators.
func TableViewer() Viewer { return Viewer{Kind: Table, Seat: System} }

// OmniscientViewer sees every hidden card; for finished matches only.
func OmniscientViewer() Viewer { return Viewer{Kind: Omniscient, Seat: System} }

// Rules is one game. Every method is a pure function of its arguments.
type Rules interface {
	Info() Info
	// Options validates raw lobby options (nil means defaults) and returns
	// them normalised with every default filled in. Unknown keys are an error.
	Options(raw json.RawMessage) (json.RawMessage, error)
	// New deals a match with RandFor(s.Seed, 0).
	New(s Setup) (State, error)
}

// State is a match in progress, owned by one goroutine.
type State interface {
	// Check reports why a would be illegal now (a *RuleError), or nil.
	// It must not change the state.
	Check(a Action) error
	// Apply performs an action that passed Check. It cannot fail; a broken
	// invariant panics. The events describe what happened, for logs and replays.
	Apply(a Action, r *Rand) []Event
	// View returns what v may see, built by copying only visible fields.
	View(v Viewer) any
	// Legal lists the actions seat s may take right now, each ready to send
	// or a template naming the allowed values of its open fields.
	Legal(s Seat) []Move
	// Next says who is awaited and which timers the room must arm.
	Next() Turn
	// Result is the outcome once the match is over.
	Result() (Result, bool)
}

// Turn is what the room needs to know to drive a match between actions.
type Turn struct {
	// Seats are the players the match is waiting on (for "waiting for…").
	Seats []Seat `json:"seats"`
	// Timers the room must arm now; any armed before are cancelled.
	Timers []Timer `json:"timers,omitempty"`
}

// Timer is a deadline at which the room submits Fires as a System action.
// Fires carries enough data (a turn number, a window id) for Check to reject
// it once it is stale.
type Timer struct {
	At    int64  `json:"at"` // Unix milliseconds
	Fires Action `json:"fires"`
}

// Move is one legal action for a seat. When Fields is empty, Data is ready to
// send; otherwise each field must be filled with one of its listed values and
// merged into Data.
type Move struct {
	Type   string           `json:"type"`
	Data   json.RawMessage  `json:"data,omitempty"`
	Fields map[string][]any `json:"fields,omitempty"`
	// Label is a short caption for generic clients, in the game's words.
	Label Msg `json:"label,omitzero"`
}

// Event is one thing that happened, as a message each reader's page words.
// Kind is the game's name for it, so a board can pick an icon or a banner.
// To limits who may read it; empty means everyone.
type Event struct {
	Kind string `json:"kind,omitempty"`
	Msg  Msg    `json:"msg"`
	To   []Seat `json:"to,omitempty"`
	// Data is what a client may draw of the event beyond its words, in the
	// game's own terms (embassy's path walked); nil for most.
	Data json.RawMessage `json:"data,omitempty"`
}

// Public reports whether every viewer may read the event.
func (e Event) Public() bool { return len(e.To) == 0 }

// For reports whether v may read the event.
func (e Event) For(v Viewer) bool {
	if e.Public() || v.Kind == Omniscient {
		return true
	}
	for _, s := range e.To {
		if v.Kind == Player && s == v.Seat {
			return true
		}
	}
	return false
}

// Result is a finished match's outcome.
type Result struct {
	// Winners are the seats that won; several on a tie.
	Winners []Seat `json:"winners"`
	// Points per seat, added to the room's series standings.
	Points []int `json:"points"`
	// Summary is the outcome in one line, as a message.
	Summary Msg `json:"summary"`
}

// Info describes a game to the lobby and the home page. Its words are
// catalogue ids, in no language ("wink.info.name"): the web layer words a
// copy for each reader (words.Reader.Game), so an engine never speaks English.
type Info struct {
	Slug string `json:"slug"`
	// Name is the id of the game's name ("<slug>.info.name").
	Name       string `json:"name"`
	MinPlayers int    `json:"min_players"`
	MaxPlayers int    `json:"max_players"`
	// Blurb is the id of the one-paragraph description on the home page
	// ("<slug>.info.blurb").
	Blurb string `json:"blurb"`
	// Series says how matches add up in a room.
	Series Series `json:"series"`
	// MatchName is what players call one match ("deal", "game"); empty means "match".
	MatchName string `json:"match_name,omitempty"`
	// Options describe the lobby form; keys match the game's spec.
	Options []Option `json:"options,omitempty"`
}

// Series is how a room's standings add up across rematches.
type Series struct {
	// Target ends the series when a seat's total points reach it; 0 means
	// the series is open-ended and standings count wins.
	Target int    `json:"target,omitempty"`
	Unit   string `json:"unit"` // "points" or "wins"
}

// Option describes one lobby setting so the lobby can render a form for any game.
type Option struct {
	Key string `json:"key"`
	// Label and Help are catalogue ids ("<slug>.option.<key>.label" and
	// ".help"): the setting's name and its one line of help.
	Label   string   `json:"label"`
	Help    string   `json:"help,omitempty"`
	Kind    string   `json:"kind"` // "choice", "int", "bool"
	Choices []Choice `json:"choices,omitempty"`
	Default any      `json:"default"`
	Min     int      `json:"min,omitempty"`
	Max     int      `json:"max,omitempty"`
	// Least, when set, is the smallest value of a limit that 0 switches
	// off (Min is then 0): the range is 0 or Least–Max.
	Least int    `json:"least,omitempty"`
	Unit  string `json:"unit,omitempty"` // "ms" for durations
	// Advanced settings wait behind "More options", so a new host sees the
	// few that matter first.
	Advanced bool `json:"advanced,omitempty"`
	// Requires, when set, is another option's value this one matters under
	// (wink's Remote Eyes settings need mode "remote"); forms hide it otherwise.
	Requires *Requirement `json:"requires,omitempty"`
}

// Requirement is an option's value another option depends on.
type Requirement struct {
	Key   string `json:"key"`
	Value any    `json:"value"`
}

// Choice is one value of a choice option.
type Choice struct {
	Value any `json:"value"`
	// Label is the catalogue id of the value's name.
	Label string `json:"label"`
}

// IDs lists every catalogue id the description holds: the name, the blurb
// and every option's label, help and choice labels.
func (i Info) IDs() []string {
	out := []string{i.Name, i.Blurb}
	for _, o := range i.Options {
		out = append(out, o.Label)
		if o.Help != "" {
			out = append(out, o.Help)
		}
		for _, c := range o.Choices {
			out = append(out, c.Label)
		}
	}
	return out
}
