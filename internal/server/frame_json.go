package server

import (
	"encoding/json"

	"topsecret/internal/game"
	"topsecret/internal/room"
	"topsecret/web/words"
)

// jsonView is a frame as JSON clients (bots, tests, other apps) get it:
// the frame itself, its game worded for the connection's reader, and each
// message the frame says with its text beside its id and arguments. The
// fields here hide the frame's own of the same name.
//
// The game's description and the events are left out of the marshalling
// (the empty fields below hide the frame's own) and written after it by
// hand: encoding/json re-reads every byte a Marshaler returns, and those
// two were most of a frame's bytes.
type jsonView struct {
	Type string `json:"type"`
	*room.Frame
	Info   json.RawMessage `json:"game,omitempty"`
	Events []saidMsg       `json:"events,omitempty"`
	Legal  []saidMove      `json:"legal"`
	Match  *saidMatch      `json:"match,omitempty"`
}

// encodeJSONView is the JSON frame of f for a reader of lang.
func encodeJSONView(f *room.Frame, lang string, rd words.Reader) ([]byte, error) {
	b, err := json.Marshal(newJSONView(f, rd))
	if err != nil {
		return nil, err
	}
	b = b[:len(b)-1]
	if f.First {
		// It stays the same while the connection lasts.
		b = append(b, `,"game":`...)
		b = append(b, gameJSONIn(lang, f.Info)...)
	}
	b = append(b, `,"events":[`...)
	key := "json " + lang
	for i, e := range f.Events {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, eventAs(f, i, key, func() string { return string(said(rd, e).appendJSON(nil)) })...)
	}
	return append(b, "]}"...), nil
}

// eventAs is what make makes of f's i-th event, remembered under key while
// the match lasts: an event's words never change, and every frame carries
// the last forty.
func eventAs(f *room.Frame, i int, key string, make func() string) string {
	if f.Memo == nil || i >= len(f.EventSeqs) {
		return make()
	}
	return f.Memo.Event(f.EventSeqs[i], key, make)
}

func newJSONView(f *room.Frame, rd words.Reader) jsonView {
	v := jsonView{Type: "view", Frame: f, Legal: make([]saidMove, len(f.Legal))}
	for i, m := range f.Legal {
		v.Legal[i] = saidMove{Move: m, Label: said(rd, m.Label)}
	}
	if f.Match != nil {
		v.Match = &saidMatch{MatchState: f.Match}
		if r := f.Match.Result; r != nil {
			v.Match.Result = &saidResult{Result: r, Summary: said(rd, r.Summary)}
		}
	}
	return v
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

type saidMatch struct {
	*room.MatchState
	Result *saidResult `json:"result,omitempty"`
}

type saidResult struct {
	*game.Result
	Summary saidMsg `json:"summary"`
}
