package room

import (
	"context"
	"fmt"
	"time"

	"topsecret/internal/game"
	"topsecret/internal/store"
)

// DefaultHostAwayAfter is how long the host's phone may be away (no open
// connection) before the role passes by itself to a connected player.
const DefaultHostAwayAfter = 3 * time.Minute

// IsHost reports whether id holds the room's host role now: the holder of
// the host token, or of the seat the role passed to.
func (r *Room) IsHost(ctx context.Context, id Identity) bool {
	var host bool
	_ = r.do(ctx, func() error {
		host = r.isHost(id)
		return nil
	})
	return host
}

// HostToken reports whether token is the room's host token (the room's
// creator's, or a screen's the host handed the console to); whether its holder is the host now is IsHost's question. Only
// its hash is kept, compared in constant time.
func (r *Room) HostToken(token string) bool {
	if token == "" {
		return false
	}
	h := store.Hash(token)
	// A screen the host handed the console to holds a token of its own.
	return subtleEqual(h, r.rec.HostHash) || r.screens.holds(h)
}

func (r *Room) isHost(id Identity) bool { return holds(id, r.rec.Host.Seat) }

// holds reports whether id is the holder named as store.Host names one:
// a seat id, or "" for the holder of the host token.
func holds(id Identity, holder string) bool {
	if holder == "" {
		return id.Host
	}
	return id.SeatID == holder
}

// mayTakeHostBack reports whether id may take the host role back: it
// passed from them by itself while their phone was away.
func (r *Room) mayTakeHostBack(id Identity) bool {
	h := r.rec.Host
	return h.Returns && holds(id, h.Back) && !r.isHost(id)
}

// PassHost gives the host role to a person's seat on purpose ("Make
// host"); the giver cannot take it back by one tap. Host only.
func (r *Room) PassHost(ctx context.Context, id Identity, seatID string) error {
	return r.do(ctx, func() error {
		if !r.isHost(id) {
			return ErrForbidden
		}
		i := r.seatIndex(seatID)
		if i < 0 {
			return store.ErrNotFound
		}
		if r.seats[i].Bot {
			return refuseSaid("game.refuse.bot_host")
		}
		if err := r.setHost(ctx, store.Host{Seat: seatID}); err != nil {
			return err
		}
		r.announce(game.M("game.host.now", game.X("name", r.seats[i].Name)))
		r.changed()
		return nil
	})
}

// TakeHostBack returns the host role to id, from whom it passed by itself
// while their phone was away.
func (r *Room) TakeHostBack(ctx context.Context, id Identity) error {
	return r.do(ctx, func() error {
		if !r.mayTakeHostBack(id) {
			return ErrForbidden
		}
		if err := r.setHost(ctx, store.Host{Seat: r.rec.Host.Back}); err != nil {
			return err
		}
		r.announce(r.hostNowSaid("game.host.back"))
		r.changed()
		return nil
	})
}

// hostNowSaid says who holds the role now: the seat's player by name, or
// (the room's creator, who has no seat) withoutName.
func (r *Room) hostNowSaid(withoutName string) game.Msg {
	if i := r.seatIndex(r.rec.Host.Seat); i >= 0 {
		return game.M("game.host.now", game.X("name", r.seats[i].Name))
	}
	return game.M(withoutName)
}

// hostPassedTo reports whether id holds the role because it passed to
// them by itself (the previous host's phone was away): their screen
// explains the controls once.
func (r *Room) hostPassedTo(id Identity) bool {
	return r.rec.Host.Returns && r.isHost(id) && id.SeatID != ""
}

// setHost stores who holds the role, then shows it to everyone.
func (r *Room) setHost(ctx context.Context, h store.Host) error {
	if err := r.reg.Store.SetRoomHost(ctx, r.rec.Code, h); err != nil {
		return fmt.Errorf("set host: %w", err)
	}
	r.rec.Host = h
	// A seat's phone allowed the host it knew to move it, not the next.
	r.consents = nil
	r.changed()
	r.watchHost()
	return nil
}

// Knock tells the room that id tried to connect and was turned away (a
// socket cap, an address out of allowance). If id is the host, the away
// clock starts again: the role passes by itself only once the host stayed
// away while able to come back, never because something kept the host
// out.
func (r *Room) Knock(ctx context.Context, id Identity) {
	_ = r.do(ctx, func() error {
		if r.isHost(id) && !r.hostOnline() {
			r.hostAwaySince = r.now()
			r.watchHost()
		}
		return nil
	})
}

// hostOnline reports whether a phone of the host is connected.
func (r *Room) hostOnline() bool {
	for s := range r.subs {
		if r.isHost(s.id) {
			return true
		}
	}
	return false
}

// watchHost notes when the host's phone went away and passes the role on
// once it has been away for HostAwayAfter; call it whenever connections or
// the role change.
func (r *Room) watchHost() {
	if r.hostOnline() {
		r.hostAwaySince = time.Time{}
		if r.hostTimer != nil {
			r.hostTimer.Stop()
			r.hostTimer = nil
		}
		return
	}
	if r.hostAwaySince.IsZero() {
		r.hostAwaySince = r.now()
	}
	left := r.hostAwaySince.Add(r.reg.HostAwayAfter).Sub(r.now())
	if left <= 0 {
		r.passHostAway()
		return
	}
	if r.hostTimer == nil {
		// wake, not post: a call made after the timer fired finds the
		// role where the timer left it.
		r.hostTimer = r.reg.Clock.AfterFunc(left, func() {
			r.wake(func() {
				r.hostTimer = nil
				r.watchHost()
			})
		})
	}
}

// passHostAway gives the role to the first connected person, who may
// hand it back when the previous holder returns. With nobody connected it
// waits: the next phone to connect gets it.
func (r *Room) passHostAway() {
	if r.stopped() {
		return
	}
	for _, s := range r.seats {
		if s.Bot || r.online[s.ID] == 0 || s.ID == r.rec.Host.Seat {
			continue
		}
		prev := r.rec.Host
		back := prev.Seat
		if prev.Returns {
			back = prev.Back // the first holder keeps the way back
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := r.setHost(ctx, store.Host{Seat: s.ID, Returns: true, Back: back}); err != nil {
			r.log().Error("pass the host role", "err", err)
			return
		}
		// Said on every screen: a silent pass left phones saying "the
		// host can start the rematch" with nobody knowing who that was.
		r.announce(game.M("game.host.passed", game.X("name", s.Name)))
		r.changed()
		return
	}
}
