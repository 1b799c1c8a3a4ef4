package room

import (
	"cmp"
	"context"
	"errors"
	"slices"
	"time"

	"topsecret/internal/store"
)

// Watchers are the connections that hold neither a seat nor the host
// token: spectators, and table screens opened without either. The host
// sees them grouped by the network they come from and may remove a group.
// A removed network's watchers are kept out for BarLife; phones holding
// seats on that network (a café's one address) go on playing.

// BarLife is how long the watchers of a network the host removed are kept
// out of the room.
const BarLife = 10 * time.Minute

// CauseRemoved is why a watcher's connection is dropped when the host
// removes it; the server tells the watcher so in words.
const CauseRemoved = "removed by the host"

// ErrBarred means the host removed this network's watchers a short while
// ago: a connection without a seat or the host token from there is refused.
var ErrBarred = errors.New("the host removed the watchers of this network")

// WatcherState is what the host's frame says about the room's watchers.
type WatcherState struct {
	Count  int            `json:"count"`
	Groups []WatcherGroup `json:"groups"`
}

// WatcherGroup is the watchers that come from one network.
type WatcherGroup struct {
	// ID names the network without giving its address away; the host
	// removes the group by it.
	ID      string `json:"id"`
	Screens int    `json:"screens"`
	// Tables is how many of the Screens are table screens.
	Tables int `json:"tables,omitempty"`
	// Since is when the oldest of them connected, in Unix milliseconds.
	Since int64 `json:"since"`
	// Seats are the players whose phones are connected from the same
	// network, and Host says the host's phone is: the table screen on the
	// host's own Wi-Fi is not a stranger.
	Seats []string `json:"seats,omitempty"`
	Host  bool     `json:"host,omitempty"`
}

// Connection is what a new connection brings to the room.
type Connection struct {
	ID  Identity
	Enc Encoder
	// Network names the network the connection comes from (the server
	// hashes its address): watchers are listed and removed by it.
	Network string
	// Notify, when set, is called whenever a message is queued for the
	// subscriber and when it is dropped; it must not block.
	Notify func()
}

// Watching reports whether id is a watcher: no seat, no host token.
func Watching(id Identity) bool { return id.SeatID == "" && !id.Host }

// Barred reports whether watchers from network are kept out, the host
// having removed them less than BarLife ago.
func (r *Room) Barred(ctx context.Context, network string) bool {
	var barred bool
	_ = r.do(ctx, func() error {
		barred = r.barred(network)
		return nil
	})
	return barred
}

func (r *Room) barred(network string) bool {
	until, ok := r.bars[network]
	if ok && !r.now().Before(until) {
		delete(r.bars, network)
		return false
	}
	return ok
}

// RemoveWatchers closes the connections of the watchers from network and
// keeps that network's watchers out for BarLife; host only. Seats and the
// host token's connections from the same network stay. ErrNotFound when
// no watcher comes from there (any more).
func (r *Room) RemoveWatchers(ctx context.Context, by Identity, network string) error {
	return r.do(ctx, func() error {
		if !r.isHost(by) {
			return ErrForbidden
		}
		removed := 0
		for s := range r.subs {
			if Watching(s.id) && s.network == network {
				s.close(CauseRemoved)
				delete(r.subs, s)
				removed++
			}
		}
		if removed == 0 {
			return store.ErrNotFound
		}
		if len(r.subs) == 0 {
			r.idleAt = r.now()
		}
		if r.bars == nil {
			r.bars = map[string]time.Time{}
		}
		for n := range r.bars {
			r.barred(n) // forget the bars that ran out
		}
		r.bars[network] = r.now().Add(BarLife)
		r.showHost()
		return nil
	})
}

// watcherState is what the host's frame id shows of the watchers; nil for
// everyone else, and for the host when nobody watches.
func (r *Room) watcherState(id Identity) *WatcherState {
	if !r.isHost(id) || id.Table {
		return nil
	}
	st := &WatcherState{}
	byNet := map[string]int{} // index in st.Groups
	for s := range r.subs {
		if !Watching(s.id) {
			continue
		}
		st.Count++
		k, ok := byNet[s.network]
		if !ok {
			k = len(st.Groups)
			byNet[s.network] = k
			st.Groups = append(st.Groups, WatcherGroup{ID: s.network, Since: s.since.UnixMilli()})
		}
		g := &st.Groups[k]
		g.Screens++
		if s.id.Table {
			g.Tables++
		}
		g.Since = min(g.Since, s.since.UnixMilli())
	}
	if st.Count == 0 {
		return nil
	}
	seated := map[string]map[string]bool{} // network → seat ids connected from it
	for s := range r.subs {
		k, ok := byNet[s.network]
		if !ok || Watching(s.id) {
			continue
		}
		st.Groups[k].Host = st.Groups[k].Host || r.isHost(s.id)
		if s.id.SeatID != "" {
			if seated[s.network] == nil {
				seated[s.network] = map[string]bool{}
			}
			seated[s.network][s.id.SeatID] = true
		}
	}
	for i := range st.Groups {
		for _, seat := range r.seats {
			if seated[st.Groups[i].ID][seat.ID] {
				st.Groups[i].Seats = append(st.Groups[i].Seats, seat.Name)
			}
		}
	}
	// The room's order, not the map's: a frame's content must not change
	// when nothing did.
	slices.SortFunc(st.Groups, func(a, b WatcherGroup) int {
		return cmp.Or(cmp.Compare(a.Since, b.Since), cmp.Compare(a.ID, b.ID))
	})
	return st
}

// showHost sends the host's connections their frame after a change that
// only the host sees (a watcher came or went): nobody else's frame is
// rebuilt for it.
func (r *Room) showHost() {
	cache := newViews()
	for s := range r.subs {
		if r.isHost(s.id) && !s.id.Table {
			r.sendFrame(s, cache, false)
		}
	}
}
