// Package lease runs each room on exactly one of several server instances
// sharing a PostgreSQL database, through lease rows the holder renews with
// its heartbeat.
//
// Why lease rows and not advisory locks: an advisory lock lives in one
// database session, but the store's pool hands any connection to any
// query, so thousands of room locks would pin one connection for good, and
// an instance cut off from the database could not tell when the server
// ended that session and its locks went to someone else. A row with an
// expiry on the database's clock can be renewed over any connection, shows
// in a plain SELECT, and gives the holder a deadline it knows without
// asking: it stops serving its rooms before the expiry it last set.
package lease

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	mrand "math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"topsecret/internal/store"
)

// ErrDraining is Claim's answer while this instance hands its rooms over
// or cannot reach the database: the client should try again, which lands
// it on another instance. It wraps store.ErrBusy, which the web layer
// answers with 503.
var ErrDraining = fmt.Errorf("this instance is not taking rooms: %w", store.ErrBusy)

// DefaultTTL is how long a lease lasts without renewal: how long a killed
// instance's rooms wait before another instance may start them.
const DefaultTTL = 5 * time.Second

// Keeper holds this instance's leases: it registers the instance, renews
// its leases, claims rooms for the registry, drops rooms whose lease was
// lost and adopts rooms whose instance died.
type Keeper struct {
	Store   store.Leases
	ID      string // this instance's id; NewKeeper makes a random one
	Address string // where the other instances forward this instance's rooms' requests
	// TTL is a lease's length; it is renewed every TTL/5. Default DefaultTTL.
	TTL time.Duration
	Log *slog.Logger
	// Lost is called for a room whose lease this instance no longer holds:
	// the registry must stop it at once.
	Lost func(code string)
	// Adopt is called for a room with a match in play whose instance died,
	// or one another instance handed to this one, so its bots and timers
	// run here without waiting for a phone.
	Adopt func(ctx context.Context, code string)
	// Handover stops a room running here and releases it (which Release
	// turns into handing its lease on), reporting whether it ran here: the
	// registry's HandOver. Nil never hands rooms over (see balance).
	Handover func(code string) bool

	mu sync.Mutex
	// held maps the rooms this instance believes it holds to when each
	// entered the map (monotonic clock).
	held map[string]time.Time
	// handing maps the rooms being handed over to where they go.
	handing map[string]handTarget
	// renewed is when the last successful renewal started: every lease
	// held then lasts until at least renewed+TTL.
	renewed  time.Time
	live     int
	draining bool
	crashed  bool
	renewing atomic.Bool // a renewal is running
	adopting atomic.Bool // an adoption round is running
	stopc    chan struct{}
	done     chan struct{}
}

// NewKeeper returns a keeper for an instance reachable at address.
func NewKeeper(st store.Leases, address string, log *slog.Logger) *Keeper {
	if log == nil {
		log = slog.Default()
	}
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	return &Keeper{Store: st, ID: hex.EncodeToString(b), Address: address, TTL: DefaultTTL, Log: log,
		held: map[string]time.Time{}, handing: map[string]handTarget{}}
}

// Start registers the instance, supersedes a killed one at its address,
// and starts renewing and adopting.
func (k *Keeper) Start(ctx context.Context) error {
	if err := k.Store.Register(ctx, k.ID, k.Address); err != nil {
		return err
	}
	// A server restarted after a kill listens where it did: its rooms are
	// its own again at once, not after their leases lapse (every room
	// serves within a second of a restart). Only here, not when a renewal
	// registers again, so that two instances misconfigured with one
	// address do not retire each other for ever.
	n, err := k.Store.Supersede(ctx, k.ID, k.Address)
	if err != nil {
		return err
	}
	if n > 0 {
		k.Log.Info("took over from the instance that had this address before: its rooms are free at once",
			"address", k.Address, "instances", n)
	}
	k.mu.Lock()
	k.renewed, k.live = time.Now(), 1
	k.stopc, k.done = make(chan struct{}), make(chan struct{})
	stopc, done := k.stopc, k.done
	k.mu.Unlock()
	go k.run(stopc, done)
	return nil
}

// run ticks every TTL/5: it starts a renewal unless one is still going,
// drops every room once the last good renewal is half a TTL old (fence),
// and every other tick adopts orphans and evens out the rooms. A renewal may take up to half a TTL
// (a slow database is not a dead one), but the fence does not wait for it:
// rooms stop at most half a TTL plus one tick (seven tenths of a TTL) after
// the start of the last good renewal, before any lease it renewed can lapse.
func (k *Keeper) run(stopc <-chan struct{}, done chan<- struct{}) {
	defer close(done)
	every := k.TTL / 5
	t := time.NewTicker(every)
	defer t.Stop()
	for n := 0; ; n++ {
		select {
		case <-stopc:
			return
		case <-t.C:
		}
		k.fenceIfOverdue()
		if k.renewing.CompareAndSwap(false, true) {
			go func() {
				defer k.renewing.Store(false)
				k.renew(k.TTL / 2)
			}()
		}
		if n%2 == 1 && k.adopting.CompareAndSwap(false, true) {
			// Loading rooms can take long: it never holds up the ticks.
			go func() {
				defer k.adopting.Store(false)
				k.adopt(every)
				k.balance(every)
			}()
		}
	}
}

func (k *Keeper) renew(timeout time.Duration) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	// Only rooms running here are renewed: a room dropped without a
	// release (a fence) lets its lease lapse, and is adopted from the log.
	// The list is taken after started, so every room held before started
	// is in it.
	started := time.Now()
	k.mu.Lock()
	codes := make([]string, 0, len(k.held))
	for c := range k.held {
		codes = append(codes, c)
	}
	k.mu.Unlock()
	held, live, err := k.Store.Renew(ctx, k.ID, codes, k.TTL)
	if errors.Is(err, store.ErrNotFound) {
		// Our record was removed (an operator, or a clean-up): register again.
		err = k.Store.Register(ctx, k.ID, k.Address)
	}
	if err != nil {
		k.Log.Warn("lease renewal failed", "err", err)
		return
	}
	still := make(map[string]bool, len(held))
	for _, c := range held {
		still[c] = true
	}
	var lost []string
	k.mu.Lock()
	if k.crashed {
		k.mu.Unlock()
		return
	}
	k.renewed, k.live = started, max(1, live)
	for code, at := range k.held {
		// A room claimed after this renewal started may be missing from
		// its answer without being lost.
		if !still[code] && at.Before(started) {
			lost = append(lost, code)
			delete(k.held, code)
		}
	}
	k.mu.Unlock()
	k.lose(lost)
}

// fenceIfOverdue drops every room once the last good renewal is half a TTL
// old: this instance can no longer prove its leases, and another instance
// may start the rooms as soon as they expire.
func (k *Keeper) fenceIfOverdue() {
	k.mu.Lock()
	if time.Since(k.renewed) < k.TTL/2 {
		k.mu.Unlock()
		return
	}
	var lost []string
	for code := range k.held {
		lost = append(lost, code)
	}
	clear(k.held)
	k.mu.Unlock()
	if len(lost) > 0 {
		k.Log.Error("cannot renew leases: dropping every room", "rooms", len(lost))
	}
	k.lose(lost)
}

func (k *Keeper) lose(codes []string) {
	for _, c := range codes {
		if k.Lost != nil {
			k.Lost(c)
		}
	}
}

// overdue reports whether this instance may no longer trust its leases.
func (k *Keeper) overdue() bool { return time.Since(k.renewed) >= k.TTL/2 }

// adopt starts a share of the orphaned rooms here: about an even split
// among the live instances, picked at random so that instances adopting at
// the same moment mostly pick different rooms (Claim settles any clash).
func (k *Keeper) adopt(timeout time.Duration) {
	k.mu.Lock()
	skip := k.draining || k.crashed || k.Adopt == nil || k.overdue()
	live := k.live
	k.mu.Unlock()
	if skip {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	codes, err := k.Store.Orphans(ctx)
	cancel()
	if err != nil {
		k.Log.Warn("list orphaned rooms", "err", err)
		return
	}
	mrand.Shuffle(len(codes), func(i, j int) { codes[i], codes[j] = codes[j], codes[i] })
	for _, code := range codes[:min(len(codes), len(codes)/live+1)] {
		k.mu.Lock()
		stop := k.draining || k.crashed
		k.mu.Unlock()
		if stop {
			return
		}
		k.Adopt(context.Background(), code)
	}
}
