package room

import (
	"context"
	"fmt"

	"topsecret/internal/game"
	"topsecret/internal/store"
)

// load reads a room and replays its unfinished match, if any, from the log.
func (g *Registry) load(ctx context.Context, code string) (*Room, error) {
	rec, err := g.Store.Room(ctx, code)
	if err != nil {
		return nil, err
	}
	e, ok := g.game(rec.Game)
	if !ok {
		return nil, fmt.Errorf("room %s: game %q is not available", code, rec.Game)
	}
	seats, err := g.Store.Seats(ctx, code)
	if err != nil {
		return nil, fmt.Errorf("load seats: %w", err)
	}
	ms, err := g.Store.Matches(ctx, code)
	if err != nil {
		return nil, fmt.Errorf("load matches: %w", err)
	}
	r := &Room{reg: g, inbox: make(chan func()), done: make(chan struct{}), rec: rec, entry: e,
		seats: seats, subs: map[*Subscriber]struct{}{}, online: map[string]int{}, seen: map[string]bool{}, gone: map[string]int64{}, strikes: map[string]int{}, idleAt: g.Clock.Now(),
		versions: newVersionClock(g.Clock.Now())}
	for _, m := range ms {
		if m.Status == store.StatusFinished {
			r.finished = append(r.finished, m)
			continue
		}
		if r.match != nil {
			continue // only the newest unfinished match is live; Matches is newest first
		}
		r.addEvents(&m, []game.Event{beginning(m)}) // as its phones saw it begin
		lm, err := r.resume(ctx, m)
		if err != nil {
			return nil, err
		}
		r.match = lm
	}
	if r.match == nil && len(r.finished) > 0 && r.finished[0].Number > rec.PickedAfter && r.finished[0].Setup.Game == rec.Game {
		// The room shows its last match's end (board, result, rematch)
		// after a restart just as it did before, unless the host picked
		// the next game since: then it waits in that game's lobby.
		r.addEvents(&r.finished[0], []game.Event{beginning(r.finished[0])})
		lm, err := r.resume(ctx, r.finished[0])
		if err != nil {
			return nil, err
		}
		r.match, r.finished = lm, r.finished[1:]
	}
	// A match abandoned while the room slept ends before anyone sees it.
	r.endIfAbandoned()
	return r, nil
}

// resume rebuilds a live match from its stored log, exactly as the replay
// page and golden tests do, collecting its recent events on the way.
func (r *Room) resume(ctx context.Context, m store.Match) (*liveMatch, error) {
	recs, err := r.reg.Store.Actions(ctx, m.ID)
	if err != nil {
		return nil, fmt.Errorf("load actions: %w", err)
	}
	e, ok := r.reg.game(m.Setup.Game)
	if !ok {
		return nil, fmt.Errorf("resume match %s: game %q is not available", m.ID, m.Setup.Game)
	}
	st, err := e.Rules.New(m.Setup)
	if err != nil {
		return nil, fmt.Errorf("resume match %s: %w", m.ID, err)
	}
	lm := newLiveMatch(m, st)
	lm.lastAt = m.Setup.Started
	if err := r.loadNotes(ctx, lm); err != nil {
		return nil, err
	}
	r.addEvents(&m, game.Opening(st))
	for _, rec := range recs {
		evs, err := game.StepEvents(st, m.Setup.Seed, rec.Index, rec.Action)
		if err != nil {
			return nil, fmt.Errorf("resume match %s: %w", m.ID, err)
		}
		lm.record(rec)
		r.sawPlay(m, rec.Action)
		r.addEvents(&m, evs)
	}
	return lm, nil
}

// addEvents keeps match m's events evs, counting each private one for the
// room seat it tells.
func (r *Room) addEvents(m *store.Match, evs []game.Event) {
	for _, e := range evs {
		r.eventSeq++
		if e.Public() {
			r.public++
		}
		for _, s := range e.To {
			if int(s) < 0 || int(s) >= len(m.Seats) {
				continue
			}
			if r.told == nil {
				r.told = map[string]uint64{}
			}
			r.told[m.Seats[s].SeatID]++
		}
		r.events = append(r.events, event{Event: e, match: m.ID, seq: r.eventSeq})
	}
	if len(r.events) > maxEvents {
		r.forgetEvents()
	}
}

// forgetEvents keeps the newest maxEvents public events and the private
// ones among them. It counts public events only, so which events a viewer
// still reads never depends on what other seats were told privately: one
// of its own going early would say that someone else had been told
// something.
func (r *Room) forgetEvents() {
	public := 0
	for i := len(r.events) - 1; i >= 0; i-- {
		if !r.events[i].Public() {
			continue
		}
		if public++; public > maxEvents {
			r.events = append(r.events[:0:0], r.events[i+1:]...)
			if r.match != nil {
				r.match.memo.forget(r.events[0].seq)
			}
			return
		}
	}
}
