package room

import (
	"context"
	"fmt"

	"topsecret/internal/store"
)

// WatchState is a finished match the host is showing to the whole room:
// the table screen drives the step cursor and every phone may follow it.
// Finished matches are public to the room, so the cursor reveals nothing.
type WatchState struct {
	MatchID string `json:"match_id"`
	Number  int    `json:"number"`
	Step    int    `json:"step"`
	Steps   int    `json:"steps"` // the deal plus one per action
	As      string `json:"as"`    // the host's perspective: "all", "table" or a seat
	// SeatIDs are the room seats that played the match, index = game seat,
	// so each phone can follow it with its own eyes.
	SeatIDs []string `json:"seat_ids"`
}

// Watch starts the room's shared replay or moves its cursor. Only the host
// may, and only to a finished match of this room; the step is clamped.
func (r *Room) Watch(ctx context.Context, id Identity, w WatchState) error {
	return r.do(ctx, func() error {
		if !r.isHost(id) {
			return ErrForbidden
		}
		if r.watch == nil || r.watch.MatchID != w.MatchID {
			m, err := r.reg.Store.Match(ctx, w.MatchID)
			if err != nil {
				return err
			}
			if m.RoomCode != r.rec.Code || m.Status != store.StatusFinished {
				return refuseSaid("game.refuse.watch")
			}
			log, err := r.reg.Store.Actions(ctx, m.ID)
			if err != nil {
				return fmt.Errorf("watch: %w", err)
			}
			w.Number, w.Steps = m.Number, len(log)+1
			for _, s := range m.Seats {
				w.SeatIDs = append(w.SeatIDs, s.SeatID)
			}
		} else {
			w.Number, w.Steps, w.SeatIDs = r.watch.Number, r.watch.Steps, r.watch.SeatIDs
		}
		w.Step = min(max(w.Step, 0), w.Steps-1)
		if w.As == "" {
			w.As = "all"
		}
		r.watch = &w
		r.changed()
		return nil
	})
}

// StopWatch ends the shared replay. Only the host may.
func (r *Room) StopWatch(ctx context.Context, id Identity) error {
	return r.do(ctx, func() error {
		if !r.isHost(id) {
			return ErrForbidden
		}
		if r.watch != nil {
			r.watch = nil
			r.changed()
		}
		return nil
	})
}

// watching is the shared replay for a frame, nil when there is none.
func (r *Room) watching() *WatchState {
	if r.watch == nil {
		return nil
	}
	w := *r.watch
	return &w
}
