package room

import (
	"cmp"
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

// asksPerSeat bounds the requests a room keeps for one seat, so nobody
// can bury the host's phone in prompts: a room keeps at most this many
// times its seats. Each network address holds at most one of a seat's
// open (waiting or allowed) requests, and a full seat makes room for a new
// address's request by dropping its oldest, so a stranger's requests never
// lock out the real player's: the host tells them apart by the pictures.
const asksPerSeat = 3

// ErrAskWaiting means the host has not answered the request yet; ask again later.
var ErrAskWaiting = errors.New("waiting for the host")

// ask is a visitor's request to take a seat whose phone is away ("I was
// Bob: rejoin"). Requests live in memory only: they last minutes, and
// after a restart the visitor simply asks again.
type ask struct {
	id     string // names the request to the host
	grant  string // the requester's secret: proves the request is theirs
	seatID string
	from   Asker
	signs  signPair
	at     time.Time
	answer askAnswer
}

// Asker is the browser behind a request, as the server knows it.
type Asker struct {
	// Addr is the network address it asks from.
	Addr string
	// Came is when it first opened the room (its arrival stamp); zero if
	// it never did.
	Came time.Time
}

type askAnswer int

const (
	askWaiting askAnswer = iota
	askAllowed
	askRefused
)

// AskState is a request as the host sees it: the pictures the asking
// phone shows, when it asked and when it first came into the room (zero:
// never before).
type AskState struct {
	ID     string    `json:"id"`
	SeatID string    `json:"seat_id"`
	Name   string    `json:"name"`
	Signs  []Sign    `json:"signs"`
	At     time.Time `json:"at"`
	Came   time.Time `json:"came,omitzero"`
}

// Asked is a new request: Grant is the requester's secret to claim the seat
// with once the host allows it; Signs are the pictures its phone shows.
type Asked struct {
	ID      string
	Grant   string
	Name    string
	Signs   []Sign
	Expires time.Time
}

// Ask asks the host to let the browser by (the asker from) take the
// person's seat seatID, whose phone is away. Only a visitor without a seat of this
// room may ask, once per seat and address while its request is open.
func (r *Room) Ask(ctx context.Context, by Identity, seatID string, from Asker) (Asked, error) {
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
		if r.askOpen(s.ID, from.Addr) {
			return refuseSaid("game.rejoin.ask_twice", game.X("name", s.Name))
		}
		r.makeRoomForAsk(s.ID)
		a := &ask{id: uuid.NewString(), grant: NewToken(), seatID: s.ID, from: from, signs: r.freeSigns(), at: r.now()}
		r.asks = append(r.asks, a)
		r.reg.Clock.AfterFunc(AskLife, func() {
			r.post(func() {
				if r.pruneAsks() {
					r.changed()
				}
			})
		})
		out = Asked{ID: a.id, Grant: a.grant, Name: s.Name, Signs: a.signs.signs(), Expires: a.at.Add(AskLife).UTC()}
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
		out = append(out, AskState{ID: a.id, SeatID: a.seatID, Name: r.seats[i].Name, Signs: a.signs.signs(),
			At: a.at.UTC(), Came: a.from.Came.UTC()})
	}
	return out
}

// askOpen reports whether addr has a request for seatID that is waiting
// or allowed: one is enough for a phone, and a second would only crowd
// out other phones' requests for the seat.
func (r *Room) askOpen(seatID, addr string) bool {
	return slices.ContainsFunc(r.asks, func(a *ask) bool {
		return a.seatID == seatID && a.from.Addr == addr && a.answer != askRefused
	})
}

// makeRoomForAsk drops a full seat's oldest refused request, else its
// oldest waiting one, so a new request always reaches the host. An
// allowed request stays: its phone is on its way to the seat.
func (r *Room) makeRoomForAsk(seatID string) {
	for {
		var refused, waiting *ask
		n := 0
		for _, a := range r.asks {
			if a.seatID != seatID {
				continue
			}
			n++
			// r.asks is in the order they came: the first found is the oldest.
			switch {
			case a.answer == askRefused && refused == nil:
				refused = a
			case a.answer == askWaiting && waiting == nil:
				waiting = a
			}
		}
		drop := cmp.Or(refused, waiting)
		if n < asksPerSeat || drop == nil {
			return
		}
		r.asks = slices.DeleteFunc(r.asks, func(a *ask) bool { return a == drop })
	}
}

// freeSigns draws pictures no request the room keeps shows.
func (r *Room) freeSigns() signPair {
	taken := make([]signPair, len(r.asks))
	for i, a := range r.asks {
		taken[i] = a.signs
	}
	return drawSigns(taken)
}
