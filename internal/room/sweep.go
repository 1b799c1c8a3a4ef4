package room

import (
	"context"
	"errors"
	"maps"
	"time"

	"topsecret/internal/store"
)

func (g *Registry) startSweeper() {
	if g.stopc != nil || g.IdleAfter <= 0 {
		return
	}
	g.stopc = make(chan struct{})
	every := g.IdleAfter / 4
	go func() {
		t := time.NewTicker(every)
		defer t.Stop()
		var forgot time.Time
		for {
			select {
			case <-t.C:
				g.Sweep()
				if now := g.Clock.Now(); now.Sub(forgot) >= time.Hour {
					forgot = now
					if _, err := g.ForgetUnplayed(context.Background()); err != nil {
						g.Log.Error("forget unplayed rooms", "err", err)
					}
				}
			case <-g.stopc:
				return
			}
		}
	}()
}

// Sweep ends the abandoned matches of the live rooms (AbandonAfter) and
// evicts the rooms that have been without subscribers for IdleAfter, with
// a match in play or not: nothing of a room lives only in memory, and a
// phone that comes back loads it again. Each room is asked on its own
// goroutine, outside the registry's lock; a room stopped but not yet
// removed is never handed out: Get loads it anew.
func (g *Registry) Sweep() {
	g.mu.Lock()
	rooms := maps.Clone(g.rooms)
	g.mu.Unlock()
	for code, r := range rooms {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		evict := false
		_ = r.do(ctx, func() error {
			r.endIfAbandoned()
			if len(r.subs) == 0 && g.Clock.Now().Sub(r.idleAt) >= g.IdleAfter {
				evict = true
				r.stop()
			}
			return nil
		})
		cancel()
		if evict {
			g.mu.Lock()
			gone := g.rooms[code] == r
			if gone {
				delete(g.rooms, code)
			}
			g.mu.Unlock()
			if gone {
				g.release(code)
			}
		}
	}
}

// ForgetUnplayed deletes the rooms that never started a match within
// UnplayedAfter of being made, except those live right now (someone is in
// the lobby) here or, on a shared database, on another instance (the store
// refuses to delete a room under a lease). It returns how many it deleted.
func (g *Registry) ForgetUnplayed(ctx context.Context) (int, error) {
	if g.UnplayedAfter <= 0 {
		return 0, nil
	}
	codes, err := g.Store.UnplayedRooms(ctx, g.Clock.Now().Add(-g.UnplayedAfter))
	if err != nil {
		return 0, err
	}
	n := 0
	for _, code := range codes {
		g.mu.Lock()
		_, live := g.rooms[code]
		_, loading := g.loading[code]
		if !live && !loading {
			// Under the lock, so no Get starts loading it meanwhile.
			err = g.Store.DeleteUnplayedRoom(ctx, code)
		}
		g.mu.Unlock()
		switch {
		case live || loading:
		case err == nil:
			n++
		case errors.Is(err, store.ErrConflict), errors.Is(err, store.ErrNotFound):
			// A match started, another instance deleted it first, or
			// (on a shared database) its lobby is live on another
			// instance, which holds its lease.
		default:
			return n, err
		}
	}
	if n > 0 {
		g.Log.Info("deleted rooms that never played", "rooms", n, "older_than", g.UnplayedAfter)
	}
	return n, nil
}
