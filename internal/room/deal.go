package room

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"

	"github.com/google/uuid"

	"topsecret/internal/game"
	"topsecret/internal/store"
)

// Start deals a new match with the room's current seats: the first match or
// a rematch. Only the host may start.
func (r *Room) Start(ctx context.Context, id Identity) (string, error) {
	var matchID string
	err := r.do(ctx, func() error {
		if !r.isHost(id) {
			return ErrForbidden
		}
		if r.playing() {
			return refuseSaid("game.refuse.playing")
		}
		if err := r.canStart(); err != nil {
			return err
		}
		m, err := r.startMatch(ctx)
		if err != nil {
			return err
		}
		matchID = m.rec.ID
		r.changed()
		r.arm()
		return nil
	})
	return matchID, err
}

func (r *Room) canStart() error {
	info := r.entry.Info
	if n := len(r.players()); n < info.MinPlayers || n > info.MaxPlayers {
		return refuseSaid("game.refuse.players", game.N("min", info.MinPlayers), game.N("max", info.MaxPlayers), game.N("n", n))
	}
	return nil
}

func (r *Room) startMatch(ctx context.Context) (*liveMatch, error) {
	var seed game.Seed
	if _, err := rand.Read(seed[:]); err != nil {
		return nil, fmt.Errorf("seed: %w", err)
	}
	players := r.players()
	seats := make([]store.MatchSeat, len(players))
	for i, s := range players {
		seats[i] = store.MatchSeat{SeatID: s.ID, Name: s.Name, Bot: s.Bot}
	}
	number := r.lastNumber() + 1
	m := store.Match{ID: uuid.NewString(), RoomCode: r.rec.Code, Number: number,
		Setup: game.Setup{Game: r.rec.Game, Options: r.sequelOptions(len(seats)), Seats: len(seats), Seed: seed,
			Started: r.now().UnixMilli()},
		Seats: seats, Status: store.StatusPlaying, CreatedAt: r.now().UTC()}
	st, err := r.entry.Rules.New(m.Setup)
	if err != nil {
		return nil, refuseFor(err)
	}
	// Playing on opens a closed night again.
	if err := r.setNightClosed(ctx, false); err != nil {
		return nil, err
	}
	if err := r.reg.Store.CreateMatch(ctx, m); err != nil {
		return nil, fmt.Errorf("create match: %w", err)
	}
	if r.match != nil && !r.playing() {
		if !sameTable(r.match.rec, seats) {
			// Its events name game seats other members play now.
			r.events = nil
		}
		r.finished = append([]store.Match{r.match.rec}, r.finished...)
	}
	r.match = newLiveMatch(m, st)
	r.match.lastAt = m.Setup.Started
	r.addEvents(&m, append([]game.Event{beginning(m)}, game.Opening(st)...))
	return r.match, nil
}

// beginning is the event that opens a match's lines in the room's history.
func beginning(m store.Match) game.Event {
	return game.Event{Msg: game.M("game.match_begins", game.N("number", m.Number))}
}

// sequelOptions are the lobby options, with what the last match passes on to
// the next (a rotating start seat) merged over them when the same table
// plays on.
func (r *Room) sequelOptions(seats int) json.RawMessage {
	if r.match == nil || r.playing() || len(r.match.rec.Seats) != seats || r.match.rec.Setup.Game != r.rec.Game {
		return r.rec.Options
	}
	sq, ok := r.match.state.(game.Sequel)
	if !ok {
		return r.rec.Options
	}
	var opts map[string]json.RawMessage
	if err := json.Unmarshal(r.rec.Options, &opts); err != nil || opts == nil {
		opts = map[string]json.RawMessage{}
	}
	var next map[string]json.RawMessage
	if err := json.Unmarshal(sq.Sequel(), &next); err != nil {
		return r.rec.Options
	}
	for k, v := range next {
		opts[k] = v
	}
	merged, err := json.Marshal(opts)
	if err != nil {
		return r.rec.Options
	}
	if norm, err := r.entry.Rules.Options(merged); err == nil {
		return norm
	}
	return r.rec.Options
}
