package replay

import (
	"encoding/json"
	"reflect"

	"topsecret/internal/game"
)

// moveLabel is the label of the legal move a made from st, before it is
// applied: the words the actor's phone showed for that button. A referee's
// step has no phone, and a move the game did not list has no label.
func moveLabel(st game.State, a game.Action) game.Msg {
	if a.Seat == game.System {
		return game.Msg{}
	}
	var data map[string]any
	if len(a.Data) > 0 && json.Unmarshal(a.Data, &data) != nil {
		return game.Msg{}
	}
	var loose game.Msg // a move whose fields the action filled in
	for _, m := range st.Legal(a.Seat) {
		if m.Type != a.Type || m.Label.IsZero() || !fixedMatch(m.Data, data) {
			continue
		}
		if len(m.Fields) == 0 {
			return m.Label
		}
		if loose.IsZero() && fieldsMatch(m.Fields, data) {
			loose = m.Label
		}
	}
	return loose
}

// fixedMatch reports whether every value the move fixes in advance is the
// action's own.
func fixedMatch(fixed json.RawMessage, data map[string]any) bool {
	var want map[string]any
	if len(fixed) == 0 {
		return true
	}
	if json.Unmarshal(fixed, &want) != nil {
		return false
	}
	for k, v := range want {
		if !reflect.DeepEqual(data[k], v) {
			return false
		}
	}
	return true
}

// fieldsMatch reports whether the action chose one of the listed values
// for every field the move left open.
func fieldsMatch(fields map[string][]any, data map[string]any) bool {
	for k, choices := range fields {
		got, ok := data[k]
		if !ok || !oneOf(got, choices) {
			return false
		}
	}
	return true
}

// oneOf compares through JSON, as the action arrived: a listed 3 is the
// decoded 3.0.
func oneOf(got any, choices []any) bool {
	for _, c := range choices {
		b, err := json.Marshal(c)
		if err != nil {
			continue
		}
		var v any
		if json.Unmarshal(b, &v) == nil && reflect.DeepEqual(got, v) {
			return true
		}
	}
	return false
}
