// Package nighttest puts bot-played nights into a store, for the tests and
// measurements of the night's file: finished matches of any games in one
// room, as a night of rematches and game changes leaves them.
package nighttest

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"

	"topsecret/internal/game"
	"topsecret/internal/selfplay"
	"topsecret/internal/store"
	"topsecret/web/catalogue"
)

// Match is one match of a night: its game, how many play it, and the
// seed its bots play from.
type Match struct {
	Game    string
	Players int
	Seed    int64
}

// Names are the players' names, seat by seat, in every match.
var Names = []string{"Åsa", "Jörg", "Chloé", "Dmitri", "Eva", "Farid"}

// MustRoom creates room code in st, playing game slug, for matches to be
// added to; it returns the room's host token. A room opened after its
// matches are added reads their options as its game's: the night's last
// match should be of slug.
func MustRoom(tb testing.TB, st store.Store, code, slug string) string {
	tb.Helper()
	host := "host-token-" + code
	err := st.CreateRoom(context.Background(), store.Room{Code: code, Game: slug, Options: []byte(`{}`),
		HostHash: store.Hash(host), CreatedAt: time.Now().UTC()})
	if err != nil {
		tb.Fatalf("create room %s: %v", code, err)
	}
	return host
}

// MustPlay plays ms with bots and stores each as a finished match of room
// code, numbered after the room's matches so far, an hour apart from
// start. It returns the matches as stored.
func MustPlay(tb testing.TB, st store.Store, games *catalogue.Shelf, code string, start time.Time, ms ...Match) []store.Match {
	tb.Helper()
	out, err := Play(context.Background(), st, games, code, start, ms...)
	if err != nil {
		tb.Fatal(err)
	}
	return out
}

// Play is MustPlay for a caller without a test.
func Play(ctx context.Context, st store.Store, games *catalogue.Shelf, code string, start time.Time, ms ...Match) ([]store.Match, error) {
	had, err := st.Matches(ctx, code)
	if err != nil {
		return nil, fmt.Errorf("room %s: %w", code, err)
	}
	var out []store.Match
	for i, m := range ms {
		rec, err := play(ctx, st, games, code, len(had)+i+1, start.Add(time.Duration(i)*time.Hour), m)
		if err != nil {
			return nil, fmt.Errorf("match %d (%s): %w", len(had)+i+1, m.Game, err)
		}
		out = append(out, rec)
	}
	return out, nil
}

func play(ctx context.Context, st store.Store, games *catalogue.Shelf, code string, number int, at time.Time, m Match) (store.Match, error) {
	g, ok := games.Lookup(m.Game)
	if !ok {
		return store.Match{}, fmt.Errorf("no game %q on the shelf", m.Game)
	}
	setup, log, err := selfplay.Match(selfplay.Config{Rules: g.Rules, Players: m.Players, Seed: m.Seed}, number)
	if err != nil {
		return store.Match{}, err
	}
	// The bots play from a fixed hour; the match is moved to its own.
	shift := at.UnixMilli() - setup.Started
	setup.Started += shift
	for i := range log {
		log[i].At += shift
	}
	end, err := game.Replay(g.Rules, setup, log)
	if err != nil {
		return store.Match{}, err
	}
	res, over := end.Result()
	if !over {
		return store.Match{}, fmt.Errorf("the bots' match did not end")
	}
	rec := store.Match{ID: uuid.NewString(), RoomCode: code, Number: number, Setup: setup,
		Status: store.StatusPlaying, CreatedAt: at}
	for s := range m.Players {
		rec.Seats = append(rec.Seats, store.MatchSeat{SeatID: fmt.Sprintf("seat-%d", s), Name: Names[s%len(Names)]})
	}
	if err := st.CreateMatch(ctx, rec); err != nil {
		return store.Match{}, err
	}
	for i, a := range log {
		if err := st.AppendAction(ctx, store.ActionRecord{MatchID: rec.ID, Index: i, Action: a}); err != nil {
			return store.Match{}, err
		}
	}
	finished := at
	if len(log) > 0 {
		finished = time.UnixMilli(log[len(log)-1].At).UTC()
	}
	if err := st.FinishMatch(ctx, rec.ID, res, finished); err != nil {
		return store.Match{}, err
	}
	rec.Status, rec.Result, rec.FinishedAt = store.StatusFinished, &res, &finished
	return rec, nil
}
