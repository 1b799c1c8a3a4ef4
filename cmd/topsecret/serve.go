package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"runtime"
	"strings"
	"time"

	"topsecret/internal/overload"
	"topsecret/internal/quiet"
	"topsecret/internal/server"
	"topsecret/internal/store"
)

// newServer is the HTTP side of the rooms, as the flags ask.
func (m *Main) newServer(st store.Store) *server.Server {
	s := server.New(m.Games, m.Rooms, st, m.Log)
	s.BaseURL = m.Config.BaseURL
	s.TrustProxy = m.Config.TrustProxy
	s.TrustedProxies = m.Config.TrustedProxies
	if h := hostOf(m.Config.Advertise); h != "" {
		s.Hosts = []string{h}
	}
	if m.Config.NoLimits {
		s.Doorman = server.NoDoorman()
	}
	s.Deflate = deflateModes[m.Config.Deflate]
	// Without a base URL, links name this machine's LAN address; with
	// one, pages served through it may open websockets.
	if m.Config.BaseURL == "" {
		s.LANHost = server.LANAddress()
	} else if h := hostOf(m.Config.BaseURL); h != "" {
		s.OriginPatterns = []string{h}
	}
	return s
}

// watchLoad starts what watches the process while it serves: the overload
// gauge (unless shedding is off) and the quiet spell that returns memory.
func (m *Main) watchLoad() {
	lctx, stop := context.WithCancel(context.Background())
	m.stopLooking = stop
	if m.Config.ShedAbove > 0 {
		m.Server.Overload = &overload.Gauge{Target: m.Config.ShedAbove, MaxInFlight: m.Config.MaxInFlight,
			Procs: procsToLend(m.Config.DatabaseURL == "")}
		if n := m.Server.Overload.Procs; n > 0 {
			m.Log.Info("one CPU: while late, the server runs a second Go processor, so the SQLite writer's fsync does not hold the only one",
				"gomaxprocs", runtime.GOMAXPROCS(0), "while_late", n)
		}
		go m.Server.Overload.Run(lctx)
	}
	go (&quiet.Spell{Log: m.Log}).Run(lctx)
}

// serve starts answering on the listener.
func (m *Main) serve() {
	// Websockets are hijacked, which clears these deadlines: they bound
	// only plain requests and idle keep-alive connections.
	m.http = &http.Server{Handler: m.Server.Handler(), ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout: 30 * time.Second, WriteTimeout: 60 * time.Second, IdleTimeout: 2 * time.Minute}
	m.served = make(chan error, 1)
	go func() {
		// A server that stops by itself leaves players with a dead page:
		// hand the error to Wait so the process ends and says why.
		if err := m.http.Serve(m.ln); !errors.Is(err, http.ErrServerClosed) {
			m.served <- fmt.Errorf("serve on %s: %w", m.ln.Addr(), err)
		}
	}()
}

// announce says where the server listens, and where phones join.
func (m *Main) announce() {
	m.Log.Info("serving", "addr", m.ln.Addr().String(), "store", storeName(m.Config))
	if m.Stdout != nil {
		if u := m.PhonesURL(); u != "" {
			fmt.Fprintf(m.Stdout, "Phones join at %s\n", u)
		} else {
			fmt.Fprintln(m.Stdout, "No network address found: phones can join only once this computer is on their Wi-Fi (or with --base-url).")
		}
	}
}

// hostOf is the host (and port) of a URL, for the websocket origin check.
func hostOf(u string) string {
	u = strings.TrimPrefix(strings.TrimPrefix(u, "https://"), "http://")
	if i := strings.IndexByte(u, '/'); i >= 0 {
		u = u[:i]
	}
	return u
}
