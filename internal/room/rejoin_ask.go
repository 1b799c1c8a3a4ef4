package room

import (
	"context"
	"errors"
	"slices"
	"time"

	"github.com/google/uuid"

	"topsecret/internal/game"
	"topsecret/internal/store"
)

// AskLife is how long a request to rejoin waits for the host's answer, and
// how long an answered one waits for its phone to come for the seat.
const AskLife = 5 * time.Minute

// maxAsks bounds the requests a room keeps, so nobody can bury the host's
// phone in prompts.
const maxAsks = 4

// ErrAskWaiting means the host has not answered the request yet; ask again later.
var ErrAskWaiting = errors.New("waiting for the host")

// ask is a visitor's request to take a seat whose phone is away ("I was
// Bob: rejoin"). Requests live in memory only: they last minutes, and
// after a restart the visitor simply asks again.
type ask struct {
	id     string // names the request to the host
	grant  string // the requester's secret: proves the request is theirs
	seatID string
	at     time.Time
	answer askAnswer
}

type askAnswer int

const (
	askWaiting askAnswer = iota
	askAllowed
	askRefused
)

// AskState is a request as the host sees it.
type AskState struct {
	ID     string `json:"id"`
	SeatID string `json:"seat_id"`
	Name   string `json:"name"`
}

// Asked is a new request: Grant is the requester's secret to claim the seat
// with once the host allows it.
type Asked struct {
	ID      string
	Grant   string
	Name    string
	Expires time.Time
}

// Ask asks the host to let the browser by take the person's seat seatID,
// whose phone is away. Only a visitor without a seat of this room may ask.
func (r *Room) Ask(ctx context.Context, by Identity, seatID string) (Asked, error) {
	var out Asked
	err := r.do(ctx, func() error {
		if by.SeatID != "" {
			if i := r.seatIndex(by.SeatID); i >= 0 {
				return refuseSaid("game.rejoin.seated_elsewhere", game.X("name", r.seats[i].Name))
			}
		}
		i := r.seatIndex(seatID)
		if i < 0 {
			return store.ErrNotFound
		}
		s := r.seats[i]
		switch {
		case s.Bot:
			return refuseSaid("game.rejoin.not_a_person")
		case r.online[s.ID] > 0:
			return refuseSaid("game.rejoin.ask_connected", game.X("name", s.Name))
		}
		r.pruneAsks()
		if len(r.asks) >= maxAsks {
			return refuseSaid("game.rejoin.asks_full")
		}
		a := &ask{id: uuid.NewString(), grant: NewToken(), seatID: s.ID, at: r.now()}
		r.asks = append(r.asks, a)
		r.reg.Clock.AfterFunc(AskLife, func() {
			r.post(func() {
				if r.pruneAsks() {
					r.changed()
				}
			})
		})
		out = Asked{ID: a.id, Grant: a.grant, Name: s.Name, Expires: a.at.Add(AskLife).UTC()}
		r.changed()
		return nil
	})
	return out, err
}

// Answer allows or refuses a request; host only. Allowing one request
// refuses the others for the same seat. ErrNotFound once the request is
// answered, expired or its seat moved.
func (r *Room) Answer(ctx context.Context, by Identity, askID string, allow bool) error {
	return r.do(ctx, func() error {
		if !r.isHost(by) {
			return ErrForbidden
		}
		r.pruneAsks()
		i := slices.IndexFunc(r.asks, func(a *ask) bool { return a.id == askID && a.answer == askWaiting })
		if i < 0 {
			return store.ErrNotFound
		}
		a := r.asks[i]
		if !allow {
			a.answer = askRefused
			r.changed()
			return nil
		}
		a.answer = askAllowed
		for _, b := range r.asks {
			if b != a && b.seatID == a.seatID {
				b.answer = askRefused
			}
		}
		r.changed()
		return nil
	})
}

// grantSeat returns the index of the seat an allowed request's grant takes.
func (r *Room) grantSeat(grant string) (int, error) {
	r.pruneAsks()
	k := slices.IndexFunc(r.asks, func(a *ask) bool { return subtleEqual(a.grant, grant) })
	if k < 0 {
		return -1, refuseSaid("game.rejoin.ask_gone")
	}
	a := r.asks[k]
	switch a.answer {
	case askWaiting:
		return -1, ErrAskWaiting
	case askRefused:
		r.asks = slices.Delete(r.asks, k, k+1)
		return -1, refuseSaid("game.rejoin.ask_refused")
	}
	i := r.seatIndex(a.seatID)
	if i < 0 {
		return -1, refuseSaid("game.rejoin.ask_gone")
	}
	return i, nil
}

// pruneAsks drops requests older than AskLife and reports whether the
// host's prompts changed.
func (r *Room) pruneAsks() bool {
	shown := false
	r.asks = slices.DeleteFunc(r.asks, func(a *ask) bool {
		old := r.now().Sub(a.at) >= AskLife
		shown = shown || old && a.answer == askWaiting
		return old
	})
	return shown
}

// askStates are the requests waiting for the host, oldest first.
func (r *Room) askStates() []AskState {
	var out []AskState
	for _, a := range r.asks {
		i := r.seatIndex(a.seatID)
		if a.answer != askWaiting || i < 0 || r.now().Sub(a.at) >= AskLife {
			continue
		}
		out = append(out, AskState{ID: a.id, SeatID: a.seatID, Name: r.seats[i].Name})
	}
	return out
}
