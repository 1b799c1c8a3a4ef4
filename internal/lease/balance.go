package lease

import (
	"context"
	"slices"
	"time"

	"topsecret/internal/store"
)

// Why rooms need evening out: a room runs where its first request after
// a free lease lands. An instance drained and started again, or killed and
// restarted, comes back holding nothing, and after a rolling deploy the
// last instance restarted would hold nothing for good while the others
// carry every room. So every adoption round an instance holding more than
// its share hands rooms, a few at a time, to the instance holding the
// fewest, which loads them at once.

// handTarget is where a room being handed over goes.
type handTarget struct{ id, address string }

// balance loads the rooms handed to this instance and, when this instance
// holds more than its share of the fleet's rooms, hands a few of them to
// the emptiest instances.
func (k *Keeper) balance(timeout time.Duration) {
	k.mu.Lock()
	skip := k.draining || k.crashed || k.overdue()
	k.mu.Unlock()
	if skip {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	fleet, err := k.Store.Instances(ctx, k.TTL)
	var held []store.Lease
	if err == nil {
		held, err = k.Store.Held(ctx)
	}
	cancel()
	if err != nil {
		k.Log.Warn("read the fleet's leases", "err", err)
		return
	}
	k.takeHanded(held)
	if k.Handover == nil {
		return
	}
	counts := map[string]int{}
	address := map[string]string{}
	for _, in := range fleet {
		counts[in.ID], address[in.ID] = 0, in.Address
	}
	for _, l := range held {
		if _, ok := counts[l.Instance]; ok {
			counts[l.Instance]++
		}
	}
	if _, ok := counts[k.ID]; !ok {
		return // not beating yet: the others do not count on this one
	}
	targets := shares(counts, k.ID)
	if len(targets) == 0 {
		return
	}
	for _, code := range k.settled(len(targets)) {
		id := targets[0]
		targets = targets[1:]
		k.handOver(code, handTarget{id: id, address: address[id]})
	}
}

// takeHanded loads the rooms whose lease another instance handed to this
// one and no request brought here yet, so their bots and timers run on.
func (k *Keeper) takeHanded(held []store.Lease) {
	if k.Adopt == nil {
		return
	}
	for _, l := range held {
		if l.Instance != k.ID {
			continue
		}
		k.mu.Lock()
		_, ours := k.held[l.RoomCode]
		stop := k.draining || k.crashed
		k.mu.Unlock()
		if stop {
			return
		}
		if !ours {
			k.Adopt(context.Background(), l.RoomCode)
		}
	}
}

// shares plans this round's hand-overs from counts (rooms per live
// instance, by id): while me holds more than its share (the fleet's rooms
// over its instances, rounded up) and at least two more than the emptiest
// other instance, one room goes to that one. A round moves at most a
// quarter of a share, and fills a target only up to its part of the gap,
// as the other instances over their share hand it rooms in the same
// round. It returns the target of each room to move.
func shares(counts map[string]int, me string) []string {
	total := 0
	for _, n := range counts {
		total += n
	}
	share := (total + len(counts) - 1) / len(counts)
	over := 0
	for _, n := range counts {
		if n > share {
			over++
		}
	}
	if counts[me] <= share {
		return nil
	}
	ids := make([]string, 0, len(counts))
	for id := range counts {
		if id != me {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	room := map[string]int{} // how many more each target may take this round
	for _, id := range ids {
		room[id] = (share - counts[id] + over - 1) / over
	}
	n := counts[me]
	var targets []string
	for len(targets) < max(1, share/4) && n > share {
		t := ""
		for _, id := range ids {
			if room[id] > 0 && (t == "" || counts[id] < counts[t]) {
				t = id
			}
		}
		if t == "" || n-counts[t] < 2 {
			break
		}
		n--
		counts[t]++
		room[t]--
		targets = append(targets, t)
	}
	return targets
}

// settled picks up to n rooms held here for longer than a TTL: a room
// that just arrived is not sent on again at once.
func (k *Keeper) settled(n int) []string {
	k.mu.Lock()
	defer k.mu.Unlock()
	var codes []string
	for code, at := range k.held {
		if len(codes) == n {
			break
		}
		if _, going := k.handing[code]; !going && time.Since(at) > k.TTL {
			codes = append(codes, code)
		}
	}
	return codes
}

// handOver stops the room here and passes its lease to t. Until the lease
// is t's, a request for the room here is forwarded to t.
func (k *Keeper) handOver(code string, t handTarget) {
	k.mu.Lock()
	if k.draining || k.crashed {
		k.mu.Unlock()
		return
	}
	k.handing[code] = t
	k.mu.Unlock()
	if !k.Handover(code) {
		k.mu.Lock()
		delete(k.handing, code)
		k.mu.Unlock()
		return
	}
	k.Log.Info("handed a room to the instance holding the fewest", "room", code, "to", t.address)
}

// hand is Release for a room being handed over: its lease goes to the
// target, or, if that fails, is released.
func (k *Keeper) hand(code string, t handTarget) {
	ctx, cancel := context.WithTimeout(context.Background(), k.TTL)
	defer cancel()
	ok, err := k.Store.Hand(ctx, code, k.ID, t.id, k.TTL)
	if err == nil && !ok {
		err = k.Store.Release(ctx, code, k.ID)
	}
	if err != nil {
		k.Log.Warn("hand a room over", "room", code, "err", err)
	}
}
