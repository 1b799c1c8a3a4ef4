package room

import (
	"context"
	"encoding/json"

	"topsecret/internal/game"
	"topsecret/internal/store"
)

// Room statuses as players see them.
const (
	StatusLobby    = "lobby"
	StatusPlaying  = "playing"
	StatusFinished = "finished"
)

// Frame is everything one viewer may see of a room at one version. The
// server renders it as HTML or JSON; it never holds another seat's secrets
// because View is built by the game for exactly this viewer.
type Frame struct {
	// Version and Now are left out of the content an Encoder writes (the
	// room adds them in front), hence omitempty. Version is the time the
	// frame was built (version.go), never a count of the room's changes:
	// another player's unseen action changes nothing this viewer is sent.
	Version int64 `json:"version,omitempty"`
	Now     int64 `json:"now,omitempty"`
	// First says this is its connection's first frame: an encoding may
	// leave out of the later ones what stays the same while a connection
	// lasts (the game's description, half of a JSON frame).
	First   bool            `json:"-"`
	Code    string          `json:"code"`
	Info    game.Info       `json:"game"`
	Options json.RawMessage `json:"options"`
	// BotStrength is how well the room's bots play (beginner, regular, sharp).
	BotStrength game.Strength `json:"bot_strength"`
	Status      string        `json:"status"`
	// Seats are the room's seats now (the lobby's list).
	Seats []SeatState `json:"seats"`
	// You is your seat in the current match, or -1.
	You    game.Seat `json:"you"`
	SeatID string    `json:"seat_id,omitempty"`
	// Host says you hold the host role now; HostSeat is the seat id that
	// holds it ("" while the room's creator does), and HostBack says you
	// may take it back: it passed from you by itself while you were away.
	Host     bool   `json:"host"`
	HostSeat string `json:"host_seat,omitempty"`
	HostBack bool   `json:"host_back,omitempty"`
	// HostPassed says you hold the role because it passed to you by
	// itself while the previous host's phone was away.
	HostPassed bool `json:"host_passed,omitempty"`
	Table      bool `json:"table"`
	// Match is the current (or last) match, nil before the first.
	Match *MatchState `json:"match,omitempty"`
	// View is the game's view for this viewer; Legal what you may do now.
	View  any         `json:"view,omitempty"`
	Legal []game.Move `json:"legal"`
	// Note is your own private notes on this match (a clue sheet's marks).
	Note json.RawMessage `json:"note,omitempty"`
	// Events are recent things you may read, oldest first, as messages the
	// page words in its reader's language. They are the match's only log:
	// no game's view carries events.
	Events []Line `json:"events"`
	// EventSeqs name the Events in the room's own order, each for good (see
	// Memo, which holds what encoders made of them while the match lasts;
	// nil outside one). Unlike Line.Seq they count every viewer's events,
	// so they never leave the server.
	EventSeqs []uint64 `json:"-"`
	Memo      *Memo    `json:"-"`
	// Alike is the digest of what every viewer's frame of this change
	// holds alike (seats, match, standings, series), never 0 once set.
	Alike     uint64     `json:"-"`
	Standings []Standing `json:"standings"`
	// Series says where the series those standings belong to stands.
	Series SeriesState `json:"series"`
	// Night is the night table over every game the room played and
	// whether the host closed the night; between matches only.
	Night *NightState `json:"night,omitempty"`
	// Watch is the replay the host is showing the room, if any.
	Watch *WatchState `json:"watch,omitempty"`
	// Rejoin is about moving seats between phones: your rejoin code, the
	// seat that moved away from you, the requests the host answers.
	Rejoin *RejoinState `json:"rejoin,omitempty"`
	// Watchers are the connections without a seat or the host token, for
	// the host only (watchers.go).
	Watchers *WatcherState `json:"watchers,omitempty"`
	// Grace is the running timer held back for a player whose phone came
	// back (fairtime.go): its deadline From counts to Until instead.
	Grace *Grace `json:"grace,omitempty"`
	// Announcements are what every screen is told for a while, such as
	// the host moving a seat to another phone (announce.go).
	Announcements []game.Msg `json:"announcements,omitempty"`
}

// Line is one event as its viewer reads it.
type Line struct {
	// Seq is the viewer's own count of the events it may read, this one
	// included: its numbers have no gaps, so they never tell that another
	// seat was told something.
	Seq uint64 `json:"seq"`
	// Kind is the game's name for the event (for an icon or a banner);
	// empty for the room's own lines.
	Kind string   `json:"kind,omitempty"`
	Msg  game.Msg `json:"msg"`
	// Private says only this seat reads it (a notice: "you peeked at …").
	Private bool `json:"private,omitempty"`
	// Data is what a client may draw of it (embassy's path walked).
	Data json.RawMessage `json:"data,omitempty"`
}

// SeatState is a seat as everyone sees it.
type SeatState struct {
	ID        string `json:"id"`
	Position  int    `json:"position"`
	Name      string `json:"name"`
	Bot       bool   `json:"bot"`
	Connected bool   `json:"connected"`
	// Away says the seat's phone was connected and is gone: it is
	// reconnecting. A person's seat neither Connected nor Away has never
	// been opened: its player is not here yet. AwaySince is when it went,
	// Unix ms, so a screen can say for how long.
	Away      bool  `json:"away,omitempty"`
	AwaySince int64 `json:"away_since,omitempty"`
	// Host marks the seat whose player hosts the room now.
	Host bool `json:"host,omitempty"`
	// Standin says a bot plays this person's seat until they take it back.
	Standin bool `json:"standin,omitempty"`
	// BotSoon says a timer ran out on this person's seat while its phone
	// was away: a bot plays it from the next one unless the phone is back.
	BotSoon bool `json:"bot_soon,omitempty"`
	// Colour is the seat's colour name in the match (the game's
	// Colourer), for lists that match the board; empty outside a match.
	Colour string `json:"colour,omitempty"`
	// SitsOut says the host left this member out of the room's current
	// game: they watch its matches and play the next game.
	SitsOut bool `json:"sits_out,omitempty"`
}

// MatchState is the public summary of a match.
type MatchState struct {
	ID     string `json:"id"`
	Number int    `json:"number"`
	Status string `json:"status"`
	// Actions is the log length. No frame carries it: it counts hidden
	// actions too. The API gives it once the match is finished.
	Actions int          `json:"-"`
	Players []SeatState  `json:"players"` // index = game seat
	Waiting []game.Seat  `json:"waiting"`
	Result  *game.Result `json:"result,omitempty"`
	// Winners are the winning seats' names.
	Winners []string `json:"winners,omitempty"`
}

func (r *Room) status() string {
	switch {
	case r.match == nil:
		return StatusLobby
	case r.playing():
		return StatusPlaying
	default:
		return StatusFinished
	}
}

func (r *Room) seatState(s store.Seat) SeatState {
	return SeatState{ID: s.ID, Position: s.Position, Name: s.Name, Bot: s.Bot, Connected: s.Bot || r.online[s.ID] > 0,
		Away: !s.Bot && r.away(s.ID), AwaySince: r.awaySince(s.ID), Host: r.hostsAt(s.ID), Standin: s.Standin, BotSoon: !s.Bot && r.botSoon(s.ID),
		SitsOut: s.SitsOut}
}

// frame builds the frame for one viewer.
func (r *Room) frame(id Identity) *Frame { return r.frameOn(r.sharedFrame(r.stamp()), id) }

// sharedFrame is what every viewer's frame holds alike at this version:
// built once per change, it is a frame for nobody in particular.
func (r *Room) sharedFrame(version int64) *Frame {
	f := &Frame{Version: version, Now: r.now().UnixMilli(), Code: r.rec.Code, Info: r.entry.Info,
		Options: r.rec.Options, BotStrength: r.botStrength(), Status: r.status(), You: game.System,
		HostSeat: r.rec.Host.Seat, Standings: r.standings(), Night: r.nightState(), Watch: r.watching(), Announcements: r.announced()}
	f.Series = seriesState(r.entry.Info.Series, f.Standings, r.playing())
	for _, s := range r.seats {
		f.Seats = append(f.Seats, r.seatState(s))
	}
	if r.match != nil {
		f.Match = r.matchState(r.match)
		if r.playing() {
			f.Grace = r.match.graceNow()
		}
	}
	return f
}

// frameOn is id's frame: the shared one with what id alone sees. The
// shared parts (seats, match, standings) are shared with other viewers'
// frames, which nobody changes once built.
func (r *Room) frameOn(shared *Frame, id Identity) *Frame {
	f := new(Frame)
	*f = *shared
	f.Host, f.Table, f.HostBack, f.Rejoin = r.isHost(id), id.Table, r.mayTakeHostBack(id), r.rejoinState(id)
	f.Watchers = r.watcherState(id)
	f.HostPassed = r.hostPassedTo(id)
	f.Legal, f.Events = []game.Move{}, []Line{}
	if r.seatIndex(id.SeatID) >= 0 {
		f.SeatID = id.SeatID
	}
	if r.match == nil {
		return f
	}
	m := r.match
	viewer := r.viewerOf(id)
	if seat := viewer.Seat; viewer.Kind == game.Player {
		f.You = seat
		f.Legal = m.state.Legal(seat)
		f.Note = m.notes[seat]
		if f.Legal == nil || m.rec.Status == store.StatusFinished {
			// While a bot plays the seat its phone has the moves too: the
			// first one it makes takes the seat back (act). A match the
			// host ended (or nobody moved in) stopped where its rules
			// still had moves to offer: it offers none.
			f.Legal = []game.Move{}
		}
	}
	f.View = m.state.View(viewer)
	f.Memo = m.memo
	f.Events, f.EventSeqs = r.eventsFor(viewer, id.SeatID)
	return f
}

// viewerOf is whose eyes id's frame shows the match with: its seat's in
// the current match, unless it is a table screen, else the table's.
func (r *Room) viewerOf(id Identity) game.Viewer {
	if r.match != nil && !id.Table {
		if seat, ok := r.match.seatOf(id.SeatID); ok {
			return game.SeatViewer(seat)
		}
	}
	return game.TableViewer()
}

// frameEvents is how many events a frame carries: as many as the largest
// screen lists (the table's ten). The room keeps more, for viewers who
// may read few of them; sending all forty to every viewer made a loaded
// server's JSON frames a fifth larger.
const frameEvents = 10

// FrameEvents is how many events a frame carries, for a replay's board to
// show as many.
const FrameEvents = frameEvents

// eventsFor are the last frameEvents events viewer, room seat seatID when
// a player, may read, oldest first,
// with the room's numbers for them. Each line is numbered by the viewer's
// own count of the events it may read: the newest is that count, and
// every line before it one less.
func (r *Room) eventsFor(viewer game.Viewer, seatID string) ([]Line, []uint64) {
	from := len(r.events)
	for n := 0; from > 0 && n < frameEvents; {
		from--
		if r.events[from].For(viewer) {
			n++
		}
	}
	// Room for them all at once: growing the two lists by appending was
	// the largest share of what building a frame allocated.
	lines, seqs := make([]Line, 0, frameEvents), make([]uint64, 0, frameEvents)
	for _, e := range r.events[from:] {
		if e.For(viewer) {
			lines = append(lines, Line{Kind: e.Kind, Msg: e.Msg, Private: !e.Public(), Data: e.Data})
			seqs = append(seqs, e.seq)
		}
	}
	n := r.public
	if viewer.Kind == game.Player {
		n += r.told[seatID]
	}
	for i := len(lines) - 1; i >= 0; i-- {
		lines[i].Seq = n
		n--
	}
	return lines, seqs
}

func (r *Room) matchState(m *liveMatch) *MatchState {
	ms := &MatchState{ID: m.rec.ID, Number: m.rec.Number, Status: m.rec.Status, Actions: m.n,
		Waiting: m.state.Next().Seats, Result: m.rec.Result}
	if m.rec.Status == store.StatusFinished {
		ms.Waiting = []game.Seat{} // an ended match waits on nobody, whatever its rules were at
	}
	names := m.names()
	var colours []string
	if c, ok := m.state.(game.Colourer); ok {
		colours = c.SeatColours()
	}
	for i, s := range m.rec.Seats {
		st := SeatState{ID: s.SeatID, Position: i, Name: s.Name, Bot: s.Bot, Connected: s.Bot || r.online[s.SeatID] > 0,
			Away: !s.Bot && r.away(s.SeatID), AwaySince: r.awaySince(s.SeatID), Host: r.hostsAt(s.SeatID), Standin: r.standin(s.SeatID),
			BotSoon: !s.Bot && r.botSoon(s.SeatID)}
		if i < len(colours) {
			st.Colour = colours[i]
		}
		ms.Players = append(ms.Players, st)
	}
	if m.rec.Result != nil {
		for _, w := range m.rec.Result.Winners {
			ms.Winners = append(ms.Winners, names[w])
		}
	}
	return ms
}

// Snapshot returns the current frame for id, for HTTP pages and the API.
func (r *Room) Snapshot(ctx context.Context, id Identity) (*Frame, error) {
	var f *Frame
	err := r.do(ctx, func() error {
		f = r.frame(id)
		return nil
	})
	return f, err
}

// MatchNames are the current match's seat names (nil before the first
// match), for wording a refusal that names seats.
func (r *Room) MatchNames(ctx context.Context) []string {
	var names []string
	_ = r.do(ctx, func() error {
		if r.match != nil {
			names = r.match.names()
		}
		return nil
	})
	return names
}
