package replay

import (
	"fmt"

	"topsecret/internal/game"
)

// Frame is one step as one viewer saw it.
type Frame struct {
	Info StepInfo
	// View is the game's view for the viewer at this step.
	View any
	// Legal is what a seat viewer could do at this step (its phone's buttons).
	Legal []game.Move
	// Events are the step's events the viewer may read.
	Events []Line
	// Text is the step for the viewer (see Describe).
	Text []Line
}

// Frame builds step i for viewer v. i is clamped to 0…Len()-1. It moves the
// timeline's cursor, so stepping forward costs one action.
func (t *Timeline) Frame(i int, v game.Viewer) (Frame, error) {
	i = t.clamp(i)
	t.mu.Lock()
	defer t.mu.Unlock()
	text := t.describe(i, v) // first: it may look at step i-1
	st, err := t.seek(i)
	if err != nil {
		return Frame{}, err
	}
	f := Frame{Info: t.steps[i], View: st.View(v), Events: t.Events(i, v), Text: text}
	if v.Kind == game.Player {
		f.Legal = st.Legal(v.Seat)
	}
	return f, nil
}

// View returns viewer v's view at step i.
func (t *Timeline) View(i int, v game.Viewer) (any, error) {
	f, err := t.Frame(i, v)
	return f.View, err
}

// Step returns the state at step i, owned by the caller: a clone of the
// nearest snapshot moved forward, or a fresh replay from the deal.
func (t *Timeline) Step(i int) (game.State, error) {
	i = t.clamp(i)
	t.mu.Lock()
	from, st := t.snapshotBefore(i)
	t.mu.Unlock()
	if st == nil {
		var err error
		if st, err = t.rules.New(t.match.Setup); err != nil {
			return nil, fmt.Errorf("replay: deal: %w", err)
		}
		from = 0
	}
	return st, t.advance(st, from, i)
}

// seek moves the cursor to step i and returns it. Caller holds t.mu.
func (t *Timeline) seek(i int) (game.State, error) {
	// Backwards, or forwards past a snapshot: start from the nearest
	// snapshot (or the deal) rather than replay from the cursor.
	if i < t.curAt || t.snaps != nil && i/SnapshotEvery*SnapshotEvery > t.curAt {
		from, st := t.snapshotBefore(i)
		if st == nil {
			var err error
			if st, err = t.rules.New(t.match.Setup); err != nil {
				return nil, fmt.Errorf("replay: deal: %w", err)
			}
			from = 0
		}
		t.cur, t.curAt = st, from
	}
	if err := t.advance(t.cur, t.curAt, i); err != nil {
		// The cursor is now somewhere unknown: start over next time.
		t.cur, t.curAt = nil, len(t.steps)
		return nil, err
	}
	t.curAt = i
	return t.cur, nil
}

// snapshotBefore returns a clone of the latest snapshot at or before step
// i, or nil when there is none. Caller holds t.mu.
func (t *Timeline) snapshotBefore(i int) (int, game.State) {
	if t.snaps == nil {
		return 0, nil
	}
	k := i / SnapshotEvery * SnapshotEvery
	if s, ok := t.snaps[k]; ok {
		return k, s.(game.Cloner).Clone()
	}
	return 0, nil
}

// advance applies the actions that take st from step from to step to.
func (t *Timeline) advance(st game.State, from, to int) error {
	for j := from; j < to; j++ {
		if _, err := game.StepEvents(st, t.match.Setup.Seed, j, t.log[j]); err != nil {
			return t.named(err)
		}
	}
	return nil
}
