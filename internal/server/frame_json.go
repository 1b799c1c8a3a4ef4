package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"

	"topsecret/internal/game"
	"topsecret/internal/room"
	"topsecret/internal/viewjson"
	"topsecret/web/words"
)

// A frame as JSON clients (bots, tests, other apps) get it is the frame
// itself, its game worded for the connection's reader, and each message it
// says with its text beside its id and arguments, in two parts: what every
// viewer of a change gets alike (jsonShared), marshalled once per change
// and language, and the viewer's own (jsonOwn). The game's description and
// the events are written after them by hand: encoding/json re-reads every
// byte a Marshaler returns, and those two were most of a frame's bytes.
// The two parts are written by package viewjson, which writes what
// encoding/json would (TestJSONFrame_WritesWhatEncodingJSONWrites).
// Every field of room.Frame that JSON shows is in one of the two parts
// (TestJSONFrame_HasEveryFieldOfTheFrame).
type jsonShared struct {
	Type        string           `json:"type"`
	Code        string           `json:"code"`
	Options     json.RawMessage  `json:"options"`
	BotStrength game.Strength    `json:"bot_strength"`
	Status      string           `json:"status"`
	Seats       []room.SeatState `json:"seats"`
	HostSeat    string           `json:"host_seat,omitempty"`
	Match       *saidMatch       `json:"match,omitempty"`
	Standings   []room.Standing  `json:"standings"`
	Series      room.SeriesState `json:"series"`
	Night       *room.NightState `json:"night,omitempty"`
	Watch       *room.WatchState `json:"watch,omitempty"`
	Grace       *room.Grace      `json:"grace,omitempty"`
	// Announcements are worded like events.
	Announcements []saidMsg `json:"announcements,omitempty"`
}

type jsonOwn struct {
	You        game.Seat          `json:"you"`
	SeatID     string             `json:"seat_id,omitempty"`
	Host       bool               `json:"host"`
	HostBack   bool               `json:"host_back,omitempty"`
	HostPassed bool               `json:"host_passed,omitempty"`
	Table      bool               `json:"table"`
	View       any                `json:"view,omitempty"`
	Legal      []saidMove         `json:"legal"`
	Note       json.RawMessage    `json:"note,omitempty"`
	Rejoin     *room.RejoinState  `json:"rejoin,omitempty"`
	Watchers   *room.WatcherState `json:"watchers,omitempty"`
}

// encodeJSONView is the JSON frame of f for a reader of lang.
func encodeJSONView(f *room.Frame, lang string, rd words.Reader, w *worded) ([]byte, error) {
	shared, err := sharedJSON(f, lang, rd)
	if err != nil {
		return nil, err
	}
	own := ownPart(f, rd)
	// The viewer's own part is encoded into a pooled buffer and copied
	// once, into the message: json.Marshal's copy of it was a tenth of
	// what a loaded server allocated.
	buf := sheets.Get().(*bytes.Buffer)
	defer putSheet(buf)
	o, err := viewjson.Append(buf.AvailableBuffer(), own)
	if err != nil {
		return nil, err
	}
	// The next frame finds room for as much.
	buf.Grow(len(o))
	var game []byte
	if f.First {
		// It stays the same while the connection lasts.
		game = w.gameJSON(lang, f.Info)
	}
	key := "json " + lang
	events := make([]string, len(f.Events))
	size := len(shared) + len(o) + len(game) + len(f.Events) + envelopeRoom
	for i, e := range f.Events {
		events[i] = eventAs(f, i, key, func() string { return string(said(rd, e.Msg).appendJSON(nil)) })
		size += len(events[i]) + lineRoom + len(e.Kind) + len(e.Data)
	}
	// One buffer, sized for the whole message with its envelope: growing
	// it was a third of the bytes a loaded server allocated.
	b := make([]byte, 0, size)
	b = append(b, shared[:len(shared)-1]...)
	b = append(b, ',')
	b = append(b, o[1:len(o)-1]...)
	if game != nil {
		b = append(b, `,"game":`...)
		b = append(b, game...)
	}
	b = append(b, `,"events":[`...)
	for i, e := range events {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendLine(b, f.Events[i], e)
	}
	return append(b, "]}"...), nil
}

// lineRoom is room enough for a line's number and private mark.
const lineRoom = 48

// appendLine writes one of the viewer's lines: its own number, kind and
// private mark in front of the message, whose words (said, a JSON object)
// are the same for every viewer and kept in the memo.
func appendLine(b []byte, l room.Line, said string) []byte {
	b = append(b, `{"seq":`...)
	b = strconv.AppendUint(b, l.Seq, 10)
	if l.Kind != "" {
		b = append(b, `,"kind":`...)
		b = strconv.AppendQuote(b, l.Kind)
	}
	if l.Private {
		b = append(b, `,"private":true`...)
	}
	if len(l.Data) > 0 {
		b = append(b, `,"data":`...)
		b = append(b, l.Data...)
	}
	if len(said) > 2 {
		b = append(b, ',')
		b = append(b, said[1:]...)
		return b
	}
	return append(b, '}')
}

// ownPart is the part of f that is its viewer's own.
func ownPart(f *room.Frame, rd words.Reader) jsonOwn {
	return jsonOwn{You: f.You, SeatID: f.SeatID, Host: f.Host, HostBack: f.HostBack, HostPassed: f.HostPassed, Table: f.Table, View: f.View,
		Legal: saidMoves(rd, f.Legal), Note: f.Note, Rejoin: f.Rejoin, Watchers: f.Watchers}
}

// sharedPart is the part of f every viewer of its change gets alike.
func sharedPart(f *room.Frame, rd words.Reader) jsonShared {
	v := jsonShared{Type: "view", Code: f.Code, Options: f.Options, BotStrength: f.BotStrength, Status: f.Status,
		Seats: f.Seats, HostSeat: f.HostSeat, Standings: f.Standings, Series: f.Series, Night: f.Night, Watch: f.Watch, Grace: f.Grace}
	for _, m := range f.Announcements {
		v.Announcements = append(v.Announcements, said(rd, m))
	}
	if f.Match != nil {
		v.Match = &saidMatch{MatchState: f.Match}
		if r := f.Match.Result; r != nil {
			v.Match.Result = &saidResult{Result: r, Summary: said(rd, r.Summary)}
		}
	}
	return v
}

// envelopeRoom is room enough for a JSON frame's own punctuation and the
// version and time the room puts around it.
const envelopeRoom = 128

// sharedJSON is what every viewer of f's change gets alike, marshalled
// once per change and language while a match lasts: the memo holds it by
// the digest of that content, so no two contents can share it.
func sharedJSON(f *room.Frame, lang string, rd words.Reader) (string, error) {
	var err error
	make := func() string {
		var b []byte
		b, err = viewjson.Marshal(sharedPart(f, rd))
		return string(b)
	}
	var s string
	if f.Memo == nil || f.Alike == 0 {
		s = make()
	} else {
		s = f.Memo.Alike(f.Alike, "json "+lang, make)
	}
	if err == nil && len(s) < 2 {
		err = fmt.Errorf("frame %s: no shared part", f.Code)
	}
	return s, err
}

// eventAs is what make makes of f's i-th event, remembered under key while
// the match lasts: an event's words never change, and every frame carries
// the last ten.
func eventAs(f *room.Frame, i int, key string, make func() string) string {
	if f.Memo == nil || i >= len(f.EventSeqs) {
		return make()
	}
	return f.Memo.Event(f.EventSeqs[i], key, make)
}

// saidMsg is a message with its text for one reader:
// {"id":…,"args":{…},"text":"…"}. encoding/json writes it from its fields
// (a MarshalJSON's bytes it would check and compact again), and a missing
// label stays absent by omitzero, through the message's IsZero.
type saidMsg struct {
	game.Msg
	Text string `json:"text"`
}

func said(rd words.Reader, m game.Msg) saidMsg { return saidMsg{Msg: m, Text: rd.Say(m)} }

// appendJSON writes what encoding/json would, except that the text's <, >
// and & stay as they are: frame events are written by hand.
func (m saidMsg) appendJSON(b []byte) []byte {
	b = m.Msg.AppendJSON(b)
	b = append(b[:len(b)-1], `,"text":`...)
	return append(appendJSONText(b, []byte(m.Text)), '}')
}

type saidMove struct {
	game.Move
	Label saidMsg `json:"label,omitzero"`
}

// saidMoves are moves with their labels' text for one reader, never nil:
// a live frame's legal moves and a replay step's alike.
func saidMoves(rd words.Reader, moves []game.Move) []saidMove {
	out := make([]saidMove, len(moves))
	for i, m := range moves {
		out[i] = saidMove{Move: m, Label: said(rd, m.Label)}
	}
	return out
}

type saidMatch struct {
	*room.MatchState
	Result *saidResult `json:"result,omitempty"`
}

type saidResult struct {
	*game.Result
	Summary saidMsg `json:"summary"`
}
