package game

import "fmt"

// Replay rebuilds a match from its setup and log. The room uses it to resume
// after a restart, the replay page to show any step, and golden tests to pin
// outcomes. An action the rules refuse means the log was tampered with or the
// rules changed, and is reported with its position.
func Replay(rules Rules, s Setup, log []Action) (State, error) {
	st, err := rules.New(s)
	if err != nil {
		return nil, err
	}
	for i, a := range log {
		if err := Step(st, s.Seed, i, a); err != nil {
			return nil, err
		}
	}
	return st, nil
}

// Step checks and applies the action at log position index, exactly as the
// room does live. It returns the refusal, worded with its position, or nil;
// StepEvents also returns the events.
func Step(st State, seed Seed, index int, a Action) error {
	_, err := StepEvents(st, seed, index, a)
	return err
}

// StepEvents is Step returning the applied action's events. The action is
// one of a log: it is read as it was when it was played (Action.Decode).
func StepEvents(st State, seed Seed, index int, a Action) ([]Event, error) {
	a.Logged = true
	if err := st.Check(a); err != nil {
		return nil, fmt.Errorf("action %d (%s by seat %d): %w", index, a.Type, a.Seat, err)
	}
	return st.Apply(a, RandFor(seed, index+1)), nil
}
