package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strings"
	"sync"
	"time"

	"topsecret/internal/lease"
	"topsecret/internal/server"
	"topsecret/internal/store"
)

// joinFleet makes this server one of several instances on the shared
// database: it registers under its advertised address, and from then on
// runs a room only while it holds the room's lease. Rooms in play whose
// instance died are adopted by the keeper, an even share at a time, instead
// of all at once by whichever instance starts first, and an instance
// holding more than its share hands rooms to the emptiest, so a restarted
// instance gets its part again.
func (m *Main) joinFleet(ctx context.Context) error {
	leases, ok := m.Store.(store.Leases)
	if !ok {
		return errors.New("this store cannot share rooms between instances")
	}
	addr, err := advertised(m.Config.Advertise, m.ln.Addr())
	if err != nil {
		return err
	}
	k := lease.NewKeeper(leases, addr, m.Log)
	if m.Config.LeaseTTL > 0 {
		k.TTL = m.Config.LeaseTTL
	}
	k.Lost = m.Rooms.Drop
	// Seat, host and option changes, and new matches, are written only
	// while this instance holds the room's lease.
	m.Rooms.Fence(leases.FencedBy(k.ID))
	k.Adopt = func(ctx context.Context, code string) {
		ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		defer cancel()
		_, _ = m.Rooms.Get(ctx, code) // an error leaves it for the next round
	}
	k.Handover = m.Rooms.HandOver
	m.Rooms.Owners = k
	if err := k.Start(ctx); err != nil {
		return err
	}
	m.Keeper = k
	m.Log.Info("joined the instances on this database", "instance", k.ID, "address", addr, "lease_ttl", k.TTL)
	return nil
}

// advertised is the address other instances reach this one at: the flag
// if given, else the listening address with this machine's LAN address in
// place of an unspecified host.
func advertised(flag string, ln net.Addr) (string, error) {
	if flag != "" {
		if !strings.Contains(flag, "://") {
			flag = "http://" + flag
		}
		return strings.TrimRight(flag, "/"), nil
	}
	host, port, err := net.SplitHostPort(ln.String())
	if err != nil {
		return "", fmt.Errorf("advertise: %w", err)
	}
	if ip := net.ParseIP(host); ip == nil || ip.IsUnspecified() {
		if host = server.LANAddress(); host == "" {
			return "", errors.New("advertise: no network address found: set --advertise to where the other instances reach this one")
		}
	}
	return "http://" + net.JoinHostPort(host, port), nil
}

// drain hands this instance's rooms over before it stops, as a rolling
// deploy's SIGTERM asks: /readyz fails and new websockets are refused, each
// room stops after its last commit and releases its lease, and its clients
// are told to reconnect, which brings them to whichever instance takes the
// room next.
func (m *Main) drain() {
	if m.Server != nil {
		m.Server.Drain()
	}
	if m.Keeper != nil {
		m.Keeper.Drain()
	}
	if m.Rooms != nil {
		m.Rooms.Close()
	}
	if m.Keeper != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := m.Keeper.Stop(ctx); err != nil {
			m.Log.Warn("retire instance", "err", err)
		}
	}
}

// Crash stops this instance as kill -9 would, for tests: connections are
// cut, nothing is released, and its leases lapse on their own.
func (m *Main) Crash() {
	if m.Keeper != nil {
		m.Keeper.Crash()
	}
	m.http.Close()
	m.ln.Close()
	if c, ok := m.ln.(interface{ CutAll() }); ok {
		c.CutAll()
	}
	m.Rooms.Close()
	m.Store.Close()
}

// cutListener remembers every connection it accepts so Crash can cut them
// all, hijacked websockets included, the way a dead process's sockets end.
type cutListener struct {
	net.Listener
	mu    sync.Mutex
	conns map[net.Conn]struct{}
}

func (l *cutListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err == nil {
		l.mu.Lock()
		l.conns[c] = struct{}{}
		l.mu.Unlock()
	}
	return c, err
}

// CutAll closes every connection accepted so far.
func (l *cutListener) CutAll() {
	l.mu.Lock()
	defer l.mu.Unlock()
	for c := range l.conns {
		c.Close()
	}
	clear(l.conns)
}
