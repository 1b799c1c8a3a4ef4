package room

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"unicode/utf8"

	"topsecret/internal/game"
)

// maxNote bounds a seat's private notes (a deduction grid is a few KiB).
const maxNote = 16 << 10

// PutNote replaces the private notes of the seat held by seatID in the
// current match: marks a player makes on a clue sheet. They are stored so a
// reload or another phone shows them, and only that seat ever receives them.
func (r *Room) PutNote(ctx context.Context, seatID string, note json.RawMessage) error {
	note = bytes.TrimSpace(note)
	if len(note) > maxNote {
		return refuseSaid("game.refuse.note_large", game.N("kib", maxNote>>10))
	}
	// A note goes back raw in the seat's own text frames, which must be
	// UTF-8: a browser closes a socket that sends anything else.
	if !utf8.Valid(note) {
		return refuseSaid("game.refuse.note_utf8")
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(note, &obj); err != nil || obj == nil {
		return refuseSaid("game.refuse.note_object")
	}
	return r.do(ctx, func() error {
		if r.match == nil {
			return refuseSaid("game.refuse.note_no_match")
		}
		seat, ok := r.match.seatOf(seatID)
		if !ok {
			return ErrNotSeated
		}
		if err := r.reg.Store.PutNote(ctx, r.match.rec.ID, seat, note); err != nil {
			return fmt.Errorf("put note: %w", err)
		}
		r.match.notes[seat] = note
		cache := newViews()
		for s := range r.subs {
			if s.id.SeatID == seatID {
				r.sendFrame(s, cache, false)
			}
		}
		return nil
	})
}

// loadNotes reads every seat's notes of a match being resumed.
func (r *Room) loadNotes(ctx context.Context, lm *liveMatch) error {
	for i := range lm.rec.Seats {
		n, err := r.reg.Store.Note(ctx, lm.rec.ID, game.Seat(i))
		if err != nil {
			return fmt.Errorf("load notes: %w", err)
		}
		if len(bytes.TrimSpace(n)) > 0 && string(bytes.TrimSpace(n)) != "{}" {
			lm.notes[game.Seat(i)] = n
		}
	}
	return nil
}
