package lease

import (
	"context"
	"errors"
	"fmt"
	"time"

	"topsecret/internal/store"
)

// Claim takes the room's lease for this instance unless a live instance
// holds it, and returns that instance's address ("" when ours).
// ErrDraining while draining, crashed or unable to renew.
func (k *Keeper) Claim(ctx context.Context, code string) (string, error) {
	k.mu.Lock()
	refuse := k.draining || k.crashed || k.overdue()
	to, handing := k.handing[code]
	k.mu.Unlock()
	if refuse {
		return "", ErrDraining
	}
	if handing {
		// Stopping here for the instance it goes to: sent there, whose
		// claim waits for the lease.
		return to.address, nil
	}
	l, err := k.Store.Claim(ctx, code, k.ID, k.TTL)
	if errors.Is(err, store.ErrNotFound) {
		// The holder's row appeared or vanished between the two halves of
		// the claim: ask once more.
		l, err = k.Store.Claim(ctx, code, k.ID, k.TTL)
	}
	if err != nil {
		return "", err
	}
	if l.Instance != k.ID {
		if l.Address == "" {
			return "", fmt.Errorf("room %s: holder %s has no address: %w", code, l.Instance, store.ErrBusy)
		}
		return l.Address, nil
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.crashed {
		return "", ErrDraining
	}
	k.held[code] = time.Now()
	return "", nil
}

// Release gives up the room's lease, after the registry stopped the room;
// a room being handed over has its lease passed on instead.
func (k *Keeper) Release(code string) {
	k.mu.Lock()
	_, ok := k.held[code]
	delete(k.held, code)
	crashed := k.crashed
	to, handing := k.handing[code]
	k.mu.Unlock()
	if handing {
		defer func() {
			k.mu.Lock()
			delete(k.handing, code)
			k.mu.Unlock()
		}()
	}
	if !ok || crashed {
		return
	}
	if handing {
		k.hand(code, to)
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), k.TTL)
	defer cancel()
	if err := k.Store.Release(ctx, code, k.ID); err != nil {
		// It expires by itself within a TTL.
		k.Log.Warn("release lease", "room", code, "err", err)
	}
}

// Drain stops claiming and adopting rooms: the instance is handing its
// rooms over before it stops. Renewal goes on, so the rooms still running
// keep their leases until the registry releases each after its last commit.
func (k *Keeper) Drain() {
	k.mu.Lock()
	k.draining = true
	k.mu.Unlock()
}

// Stop ends renewal and retires the instance: any lease left is released.
func (k *Keeper) Stop(ctx context.Context) error {
	k.halt()
	k.mu.Lock()
	crashed := k.crashed
	clear(k.held)
	k.mu.Unlock()
	if crashed {
		return nil
	}
	return k.Store.Retire(ctx, k.ID)
}

// Crash ends renewal as a killed process would: nothing is released and
// no more is written, so the leases lapse by themselves. Tests use it to
// play a power cut inside one process.
func (k *Keeper) Crash() {
	k.mu.Lock()
	k.crashed = true
	k.mu.Unlock()
	k.halt()
}

func (k *Keeper) halt() {
	k.mu.Lock()
	stopc, done := k.stopc, k.done
	k.stopc = nil
	k.mu.Unlock()
	if stopc != nil {
		close(stopc)
		<-done
	}
}
