package room

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"topsecret/internal/game"
	"topsecret/internal/store"
)

// liveMatch is the match a room is playing: its record and its state, which is
// always the stored log replayed.
type liveMatch struct {
	rec     store.Match
	state   game.State
	n       int            // actions in the log
	clients map[string]int // client action id → its index in the log
	lastAt  int64
	// lastMove is when a person's seat last acted (Unix ms), or the
	// match's start: AbandonAfter counts from it. It is read from the log,
	// so it is the same after a reload.
	lastMove int64
	notes    map[game.Seat]json.RawMessage // each seat's private notes
	bots     map[int]botIntent             // each bot seat's pending intention
	memo     *Memo                         // what encoders made of the events
	grace    *Grace                        // a timer held back for a seat back (fairtime.go)
}

func newLiveMatch(m store.Match, st game.State) *liveMatch {
	return &liveMatch{rec: m, state: st, clients: map[string]int{}, notes: map[game.Seat]json.RawMessage{},
		bots: map[int]botIntent{}, memo: &Memo{}, lastMove: m.Setup.Started}
}

func (m *liveMatch) record(rec store.ActionRecord) {
	m.n = rec.Index + 1
	if rec.ClientID != "" {
		m.clients[rec.ClientID] = rec.Index
	}
	m.lastAt = max(m.lastAt, rec.Action.At)
	// A person's seat: not the referee's timers, not a bot's seat. A bot
	// standing in for a person counts, as the log cannot tell them apart.
	if s := int(rec.Action.Seat); s >= 0 && s < len(m.rec.Seats) && !m.rec.Seats[s].Bot {
		m.lastMove = max(m.lastMove, rec.Action.At)
	}
}

func (m *liveMatch) names() []string {
	out := make([]string, len(m.rec.Seats))
	for i, s := range m.rec.Seats {
		out[i] = s.Name
	}
	return out
}

// seatOf returns the game seat of a room seat id in this match, or false.
func (m *liveMatch) seatOf(seatID string) (game.Seat, bool) {
	for i, s := range m.rec.Seats {
		if seatID != "" && s.SeatID == seatID {
			return game.Seat(i), true
		}
	}
	return game.System, false
}

func (r *Room) playing() bool { return r.match != nil && r.match.rec.Status == store.StatusPlaying }

// Landed is where an accepted action sits: its match and its 0-based
// position in that match's log. Every frame from Version on shows the
// action's effect. Index stays in the room: it counts hidden actions too.
type Landed struct {
	MatchID string
	Index   int
	Version int64
}

// Act submits an action for the seat held by seatID and says where it
// landed. clientID makes retries idempotent: an id already stored in any
// match of this room is acknowledged with the place it landed then,
// without acting again and without a refusal.
func (r *Room) Act(ctx context.Context, seatID, clientID string, a game.Action) (Landed, error) {
	var at Landed
	err := r.do(ctx, func() error {
		var err error
		at, err = r.act(ctx, seatID, clientID, a)
		if err != nil && clientID != "" {
			// A resend whose first try landed before a crash or a rematch
			// is refused or conflicts here (the match moved on, or the store
			// holds the id). Looking it up only then keeps the store off the
			// path of every accepted action: the unique key already stops
			// a resend that would pass.
			if prev, ok := r.stored(ctx, clientID); ok {
				at = prev
				err = nil
			}
		}
		if err == nil && at.Version == 0 {
			// Played before this call: every frame from now on shows it.
			at.Version = r.stamp()
		}
		return err
	})
	if err != nil {
		// at is not read then: a caller that gave up (its socket closed)
		// returns while the closure may still be writing it.
		return Landed{}, err
	}
	return at, nil
}

func (r *Room) act(ctx context.Context, seatID, clientID string, a game.Action) (Landed, error) {
	if r.match == nil {
		return Landed{}, game.Illegal("", "game.no_match")
	}
	m := r.match
	seat, ok := m.seatOf(seatID)
	if !ok {
		return Landed{}, ErrNotSeated
	}
	if i, ok := m.clients[clientID]; ok {
		return Landed{MatchID: m.rec.ID, Index: i}, nil
	}
	a.Seat = seat
	if r.standin(seatID) {
		// The player is back and plays: the bot steps back first, so the
		// action is the player's and the log reads in the order it
		// happened. A move the rules refuse takes nothing back.
		if err := r.mayPlay(a); err != nil {
			return Landed{}, err
		}
		if err := r.takeBack(ctx, seatID); err != nil {
			return Landed{}, err
		}
	}
	return r.apply(ctx, clientID, a)
}

// mayPlay is Check of the live match for a, as apply will stamp it.
func (r *Room) mayPlay(a game.Action) error {
	m := r.match
	if m.rec.Status != store.StatusPlaying {
		return game.Over()
	}
	a.At = max(r.now().UnixMilli(), m.lastAt)
	return m.state.Check(a)
}

// stored looks clientID up among the room's stored actions.
func (r *Room) stored(ctx context.Context, clientID string) (Landed, bool) {
	rec, err := r.reg.Store.ClientAction(ctx, r.rec.Code, clientID)
	if err != nil {
		if !errors.Is(err, store.ErrNotFound) {
			r.log().Error("look up client action", "err", err)
		}
		return Landed{}, false
	}
	return Landed{MatchID: rec.MatchID, Index: rec.Index}, true
}

// landedBefore finds where clientID landed when that landing is one the
// live match already shows: in an earlier match, or at a position this
// room applied. An id another server stored at a position past ours means
// our state is behind, which only catching up with the log mends.
func (r *Room) landedBefore(ctx context.Context, clientID string) (Landed, bool) {
	if clientID == "" {
		return Landed{}, false
	}
	prev, ok := r.stored(ctx, clientID)
	if !ok || (prev.MatchID == r.match.rec.ID && prev.Index >= r.match.n) {
		return Landed{}, false
	}
	return prev, true
}

// apply runs one action through the fixed order: check, store, apply, fan out.
// Nothing changes unless the store accepted the action.
func (r *Room) apply(ctx context.Context, clientID string, a game.Action) (Landed, error) {
	m := r.match
	if m.rec.Status != store.StatusPlaying {
		return Landed{}, game.Over()
	}
	a.At = max(r.now().UnixMilli(), m.lastAt)
	if err := m.state.Check(a); err != nil {
		return Landed{}, err
	}
	rec := store.ActionRecord{MatchID: m.rec.ID, Index: m.n, ClientID: clientID, Action: a}
	err := r.reg.Store.AppendAction(ctx, rec)
	r.diskTrouble(err)
	if err != nil {
		if errors.Is(err, store.ErrConflict) {
			if prev, ok := r.landedBefore(ctx, clientID); ok {
				// The id was stored before, in an earlier match or at a
				// position this room applied: acknowledged where it landed,
				// as any resend is. Reloading here replayed the whole match
				// for every message that reused an old id. (Were the
				// position taken too, the next append meets it and catches up.)
				return prev, nil
			}
			// Another server wrote this position: our state is behind the
			// log. Catch up with it rather than fork the match.
			r.catchUp(ctx)
		}
		return Landed{}, fmt.Errorf("store action: %w", err)
	}
	evs := m.state.Apply(a, game.RandFor(m.rec.Setup.Seed, rec.Index+1))
	// Whom it concerns in a frame: whose view or moves the game says it
	// changed, and every reader of what it told.
	aud := game.AudienceOf(m.state)
	aud.Told(evs)
	m.record(rec)
	r.addEvents(&m.rec, evs)
	if res, over := m.state.Result(); over {
		r.finish(ctx, res)
	}
	// Frames only for whom the action concerns: a look nobody watches
	// costs its stored row and its looker's frame.
	r.fanoutTo(aud)
	at := Landed{MatchID: rec.MatchID, Index: rec.Index, Version: r.versions.last}
	r.arm()
	return at, nil
}

func (r *Room) finish(ctx context.Context, res game.Result) {
	if err := r.storeFinish(ctx, res); err != nil {
		// The log is complete, so the result can always be recomputed;
		// a later load finishes it again.
		r.log().Error("finish match", "match", r.match.rec.ID, "err", err)
	}
}

// storeFinish stores the live match's result, then marks it finished.
func (r *Room) storeFinish(ctx context.Context, res game.Result) error {
	m := r.match
	at := r.now().UTC()
	if err := r.reg.Store.FinishMatch(ctx, m.rec.ID, res, at); err != nil && !errors.Is(err, store.ErrConflict) {
		return fmt.Errorf("finish match: %w", err)
	}
	m.rec.Status = store.StatusFinished
	m.rec.Result = &res
	m.rec.FinishedAt = &at
	return nil
}

// catchUp plays the actions another server stored past the live match's
// end, after an append met a taken position. The live state is the log's
// first n actions (each was stored before it was applied), so only the
// rest is played: replaying the whole log again, as a fresh load does,
// added every event of the match a second time. The match's timers and
// bots are armed for where the log stands.
func (r *Room) catchUp(ctx context.Context) {
	m := r.match
	recs, err := r.reg.Store.Actions(ctx, m.rec.ID)
	if err != nil {
		r.log().Error("catch up with the match's log", "err", err)
		return
	}
	for _, rec := range recs {
		if rec.Index < m.n {
			continue
		}
		evs, err := game.StepEvents(m.state, m.rec.Setup.Seed, rec.Index, rec.Action)
		if err != nil {
			r.log().Error("catch up with the match's log", "match", m.rec.ID, "err", err)
			break
		}
		m.record(rec)
		r.sawPlay(m.rec, rec.Action)
		r.addEvents(&m.rec, evs)
	}
	r.changed()
	r.arm() // finishes a match the log ended
}

// arm cancels the armed timers and arms what the match asks for now, plus
// the bots' next look. Timer deadlines are absolute, so after a restart an
// overdue timer fires at once.
func (r *Room) arm() {
	r.disarm()
	if !r.playing() {
		return
	}
	m := r.match
	if _, over := m.state.Result(); over {
		// A match that ended in the log but whose finish was not stored.
		res, _ := m.state.Result()
		r.finish(context.Background(), res)
		r.changed()
		return
	}
	now := r.now().UnixMilli()
	for _, t := range m.state.Next().Timers {
		fires, matchID := t.Fires, m.rec.ID
		d := time.Duration(max(m.graceFor(t.At)-now, 0)) * time.Millisecond
		r.timers = append(r.timers, r.reg.Clock.AfterFunc(d, func() {
			r.wake(func() { r.fire(matchID, fires) })
		}))
	}
	r.armBots()
}

func (r *Room) disarm() {
	for _, t := range r.timers {
		t.Stop()
	}
	r.timers = nil
	r.stopBots()
}

// fire submits an expired timer's action. A stale one (the turn moved on) is
// refused by the rules and simply dropped.
func (r *Room) fire(matchID string, a game.Action) {
	if r.match == nil || r.match.rec.ID != matchID || !r.playing() {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	waiting := r.match.state.Next().Seats
	if _, err := r.apply(ctx, "", a); err != nil {
		var re *game.RuleError
		if !errors.As(err, &re) {
			r.log().Error("timer action", "type", a.Type, "err", err)
			r.refire(matchID, a)
		}
		return
	}
	r.misfires = 0
	if r.playing() {
		r.strike(ctx, waiting)
	}
}
