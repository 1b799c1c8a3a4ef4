package replay

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"topsecret/internal/game"
	"topsecret/internal/store"
)

// ErrInvalid means a match record does not replay to what it claims: an
// action the rules refuse, a log that ends too early or too late, or a
// result that differs (a changed seed deals other cards).
var ErrInvalid = errors.New("the record does not replay")

// Verify replays a finished match's record and checks that its log is legal
// from the first action to the last and reaches exactly the recorded result.
// Every refusal wraps ErrInvalid and says what is wrong.
func Verify(rules game.Rules, m store.Match, log []store.ActionRecord) error {
	_, err := Check(rules, m, log)
	return err
}

// Check is Verify returning the verified timeline.
func Check(rules game.Rules, m store.Match, log []store.ActionRecord) (*Timeline, error) {
	if m.Status != store.StatusFinished || m.Result == nil {
		return nil, fmt.Errorf("%w: the match is not finished, so it has no result to check", ErrInvalid)
	}
	if m.Setup.Seats != len(m.Seats) {
		return nil, fmt.Errorf("%w: the setup seats %d players but %d are named", ErrInvalid, m.Setup.Seats, len(m.Seats))
	}
	t, err := New(rules, m, log)
	if err != nil {
		return nil, fmt.Errorf("%w: %s (was the seed or the log changed?)", ErrInvalid, strings.TrimPrefix(err.Error(), "replay: "))
	}
	got, over := t.Result()
	if m.Result.EndedEarly() {
		return t, endedEarly(over, *m.Result, len(m.Seats))
	}
	if !over {
		return nil, fmt.Errorf("%w: the log ends after %d actions but the match is not over", ErrInvalid, len(log))
	}
	if err := sameResult(got, *m.Result, t.names); err != nil {
		return nil, fmt.Errorf("%w: %v (was the seed or the log changed?)", ErrInvalid, err)
	}
	return t, nil
}

func sameResult(got, want game.Result, names []string) error {
	switch {
	case !slices.Equal(got.Winners, want.Winners):
		return fmt.Errorf("the replay is won by %s, the record says %s", who(got.Winners, names), who(want.Winners, names))
	case !slices.Equal(got.Points, want.Points):
		return fmt.Errorf("the replay scores %v, the record says %v", got.Points, want.Points)
	case want.Summary.ID != game.LegacyID && !sameMsg(got.Summary, want.Summary):
		// An old record's summary is an English sentence: winners and
		// points already prove the ending.
		return fmt.Errorf("the replay ends %s, the record says %s", msgJSON(got.Summary), msgJSON(want.Summary))
	}
	return nil
}

func who(seats []game.Seat, names []string) string {
	if len(seats) == 0 {
		return "nobody"
	}
	out := ""
	for i, s := range seats {
		if i > 0 {
			out += " & "
		}
		if int(s) >= 0 && int(s) < len(names) {
			out += names[s]
		} else {
			out += fmt.Sprintf("seat %d", int(s)+1)
		}
	}
	return out
}

// sameMsg compares two messages as they would be stored.
func sameMsg(a, b game.Msg) bool { return msgJSON(a) == msgJSON(b) }

func msgJSON(m game.Msg) string {
	b, _ := json.Marshal(m)
	return string(b)
}

// endedEarly checks a match the host ended, or the server ended as
// abandoned: its log stops before the rules end it, and nobody won or
// scored.
func endedEarly(over bool, res game.Result, seats int) error {
	switch {
	case over:
		return fmt.Errorf("%w: the record says the match was ended early (%s), but its log ends it by the rules", ErrInvalid, res.Summary.ID)
	case len(res.Winners) > 0 || !slices.Equal(res.Points, make([]int, seats)):
		return fmt.Errorf("%w: a match ended early has no winner and no points", ErrInvalid)
	}
	return nil
}
