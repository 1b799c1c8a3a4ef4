package room

import (
	"context"
	"fmt"

	"topsecret/internal/night"
)

// NightState is the night so far as every screen sees it between
// matches: the night table over every game the room played, and whether
// the host closed the night. While a match is played frames carry none.
type NightState struct {
	// Closed says the host closed the night: every screen shows its recap.
	Closed bool `json:"closed"`
	// Matches counts the finished matches the table adds up.
	Matches int `json:"matches"`
	// Players are everyone who played, in the order they first played
	// (the chart's lines); Table ranks them.
	Players []night.Player `json:"players"`
	Table   []night.Place  `json:"table"`
	// Steps are the finished matches, oldest first: the chart's points.
	Steps []NightStep `json:"steps"`
}

// NightStep is one finished match of the night as the chart draws it.
type NightStep struct {
	Number int    `json:"number"`
	Game   string `json:"game"`
	// Players are the NightState.Players index of each of its game seats.
	Players []int `json:"players"`
	// After is every player's night total once it counted, index =
	// NightState.Players.
	After []night.Points `json:"after"`
}

// nightState tallies the room's finished matches, between matches only:
// no screen shows the night table during one.
func (r *Room) nightState() *NightState {
	if r.playing() {
		return nil
	}
	n := night.Tally(night.FromStore(r.finishedOldestFirst()))
	ns := &NightState{Closed: r.rec.NightClosed, Matches: len(n.Matches), Players: n.Players, Table: n.Table}
	if ns.Players == nil {
		ns.Players, ns.Table = []night.Player{}, []night.Place{}
	}
	ns.Steps = make([]NightStep, len(n.Matches))
	for i, m := range n.Matches {
		ns.Steps[i] = NightStep{Number: m.Number, Game: m.Game, Players: m.Players, After: m.After}
	}
	return ns
}

// CloseNight closes the room's night (closed true: every screen shows its
// recap) or opens it again. Only the host may, and not while a match is
// being played: the night ends between matches.
func (r *Room) CloseNight(ctx context.Context, id Identity, closed bool) error {
	return r.do(ctx, func() error {
		if !r.isHost(id) {
			return ErrForbidden
		}
		if closed && r.playing() {
			return refuseSaid("game.night.refuse.playing")
		}
		if closed && len(r.finishedOldestFirst()) == 0 {
			return refuseSaid("game.night.refuse.empty")
		}
		if err := r.setNightClosed(ctx, closed); err != nil {
			return err
		}
		r.changed()
		return nil
	})
}

// setNightClosed stores and keeps whether the night is closed. Caller is
// the room's goroutine.
func (r *Room) setNightClosed(ctx context.Context, closed bool) error {
	if r.rec.NightClosed == closed {
		return nil
	}
	if err := r.reg.Store.SetRoomNightClosed(ctx, r.rec.Code, closed); err != nil {
		return fmt.Errorf("set night closed: %w", err)
	}
	r.rec.NightClosed = closed
	return nil
}
