// Package loadtest drives a running server with rooms of real websocket
// players at a fixed, open-loop rate and measures how long every seat waits
// to see each action.
package loadtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
)

// Config says what load to offer and where.
type Config struct {
	// URL is the server, e.g. http://127.0.0.1:8080.
	URL string
	// Game is the slug of the game played; Options its lobby options.
	Game    string
	Options json.RawMessage
	// Rooms and Seats: that many rooms of that many players (Seats 0: the
	// game's minimum).
	Rooms, Seats int
	// Rate is the actions sent per second across all rooms.
	Rate float64
	// Warmup runs before the measured Duration; its actions are not counted.
	Warmup, Duration time.Duration
	// Matches above zero ends the run early, once every room has finished
	// that many matches (a night of so many rematches); Duration stays
	// the longest it may take.
	Matches int
	// Until, closed, ends the run early too: for a test that plays on
	// until it has done what it came for (so many kills, say), however
	// long that takes.
	Until <-chan struct{}
	// Timeout is how long an action may take to reach every seat before
	// it counts as a timeout. Default 5s.
	Timeout time.Duration
	// Mode is "play" (the default) or "idle": open Conns sockets, play
	// nothing, hold them for Hold and measure memory.
	Mode  string
	Conns int
	Hold  time.Duration
	// PID is the server's process, read from /proc for CPU and memory; 0
	// when it is not on this machine. InProcess says it is this process,
	// so its figures include the load tool's own.
	PID       int
	InProcess bool
	// Deflate offers permessage-deflate as browsers do.
	Deflate bool
	// Seed makes the choice of seats and moves repeatable.
	Seed uint64
	// Progress receives a line per stage of the run; nil: none.
	Progress io.Writer
	// Acked receives every acknowledged action as "match id", one a line,
	// warm-up included; nil: none.
	Acked io.Writer
	// Opened receives the code of each room the tool seats, one a line (a
	// match's public record does not name its room); nil: none.
	Opened io.Writer
}

func (c *Config) defaults() {
	if c.Game == "" {
		c.Game = "wink"
	}
	if c.Mode == "" {
		c.Mode = "play"
	}
	if c.Timeout <= 0 {
		c.Timeout = 5 * time.Second
	}
	if c.Progress == nil {
		c.Progress = io.Discard
	}
	c.URL = strings.TrimRight(c.URL, "/")
}

// runner is one run: its rooms, the seats ready to act, and the counts.
type runner struct {
	cfg   Config
	ctx   context.Context
	lobby *lobby
	// free are the seats with moves waiting for no answer; movable every
	// seat with moves.
	free, movable *seatSet
	stats         *stats
	tables        []*table
	acked         *ackLog
	// prefix makes this run's action ids unique in any room.
	prefix string
	nextID atomic.Uint64
	// wire counts the bytes read from every socket, framing included.
	wire     atomic.Int64
	wsClient *http.Client

	window window

	// played counts the rooms that finished Matches matches; done closes
	// when all have.
	played   atomic.Int64
	done     chan struct{}
	doneOnce sync.Once
}

// window is the measured stretch: when it opened and closed, and the
// server's process and the socket byte count at both ends.
type window struct {
	from, to         time.Time
	procFrom, procTo ProcSample
	// selfFrom and selfTo are the load tool's own process.
	selfFrom, selfTo ProcSample
	wireFrom, wireTo int64
}

// roomPlayed notes that a room finished its Matches matches, and ends
// the pacing once every room has.
func (r *runner) roomPlayed() {
	if r.played.Add(1) == int64(r.cfg.Rooms) {
		r.doneOnce.Do(func() { close(r.done) })
	}
}

func newRunner(ctx context.Context, cfg Config) *runner {
	var b [4]byte
	_, _ = rand.Read(b[:])
	r := &runner{cfg: cfg, ctx: ctx, lobby: newLobby(cfg.URL), free: newSeatSet(), movable: newSeatSet(), stats: newStats(), acked: &ackLog{w: cfg.Acked}, prefix: "lt" + hex.EncodeToString(b[:]) + "-", done: make(chan struct{})}
	d := &net.Dialer{Timeout: dialTimeout}
	tr := &http.Transport{DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
		c, err := d.DialContext(ctx, network, addr)
		if err != nil {
			return nil, err
		}
		return &countedConn{Conn: c, n: &r.wire}, nil
	}}
	r.wsClient = &http.Client{Transport: tr}
	return r
}

// countedConn counts the bytes read from a socket.
type countedConn struct {
	net.Conn
	n *atomic.Int64
}

func (c *countedConn) Read(b []byte) (int, error) {
	n, err := c.Conn.Read(b)
	c.n.Add(int64(n))
	return n, err
}

func (r *runner) dialOptions() *websocket.DialOptions {
	o := &websocket.DialOptions{HTTPClient: r.wsClient}
	if r.cfg.Deflate {
		o.CompressionMode = websocket.CompressionContextTakeover
	}
	return o
}

func (r *runner) say(format string, args ...any) {
	fmt.Fprintf(r.cfg.Progress, format+"\n", args...)
}

// sample reads the server's process, or nothing when it is not local.
func (r *runner) sample() ProcSample {
	if r.cfg.PID == 0 {
		return ProcSample{At: time.Now()}
	}
	s, err := ReadProc(r.cfg.PID)
	if err != nil {
		r.say("reading /proc/%d: %v", r.cfg.PID, err)
	}
	return s
}

func (r *runner) openWindow() {
	r.window.from = time.Now()
	r.window.procFrom = r.sample()
	r.window.selfFrom, _ = ReadProc(os.Getpid())
	r.window.wireFrom = r.wire.Load()
	r.stats.measuring.Store(true)
}

// closeWindow ends the window's time and CPU when sending stops.
func (r *runner) closeWindow() {
	r.window.to = time.Now()
	r.window.procTo = r.sample()
	r.window.selfTo, _ = ReadProc(os.Getpid())
}

// stopCounting ends the count of frames and bytes once the last measured
// actions have landed, so their frames are counted too.
func (r *runner) stopCounting() {
	r.stats.measuring.Store(false)
	r.window.wireTo = r.wire.Load()
}

// Run offers the configured load to the server at cfg.URL and reports what
// it measured. It fails only when the rooms cannot be set up; errors
// during the run are counted in the report.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	cfg.defaults()
	if cfg.URL == "" {
		return nil, fmt.Errorf("loadtest: no server URL")
	}
	rep := &Report{Mode: cfg.Mode, Game: cfg.Game, Options: cfg.Options, URL: cfg.URL}
	was, now, err := RaiseFileLimit()
	if err != nil {
		return nil, fmt.Errorf("loadtest: file limit: %w", err)
	}
	rep.FileLimit = now
	if now != was {
		fmt.Fprintf(cfg.Progress, "open-file limit raised from %d to %d\n", was, now)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	r := newRunner(ctx, cfg)
	lo, hi, err := r.lobby.gameSeats(ctx, cfg.Game)
	if err != nil {
		return nil, fmt.Errorf("loadtest: %w", err)
	}
	if r.cfg.Seats == 0 {
		r.cfg.Seats = lo
	}
	if r.cfg.Seats < lo || r.cfg.Seats > hi {
		return nil, fmt.Errorf("loadtest: %s seats %d to %d players, not %d", cfg.Game, lo, hi, r.cfg.Seats)
	}
	switch cfg.Mode {
	case "play":
		err = r.play(rep)
	case "idle":
		err = r.idle(rep)
	default:
		err = fmt.Errorf("unknown mode %q (play or idle)", cfg.Mode)
	}
	if err != nil {
		return nil, fmt.Errorf("loadtest: %w", err)
	}
	return rep, nil
}

// play seats the rooms, starts their matches and paces actions through
// warm-up and the measured window, then waits for the last measured
// actions to land or time out.
func (r *runner) play(rep *Report) error {
	c := r.cfg
	if c.Rooms <= 0 || c.Rate <= 0 || c.Duration <= 0 {
		return fmt.Errorf("play needs rooms, a rate and a duration above zero")
	}
	before := r.sample()
	r.say("seating %d rooms of %d players of %s…", c.Rooms, c.Seats, c.Game)
	rooms, err := r.seatRooms(c.Rooms)
	if err != nil {
		return err
	}
	for _, room := range rooms {
		r.tables = append(r.tables, newTable(r, room))
	}
	playCtx, stopPlayers := context.WithCancel(r.ctx)
	var players sync.WaitGroup
	defer func() { stopPlayers(); players.Wait() }()
	if err := r.connect(playCtx, &players); err != nil {
		return err
	}
	r.say("%d sockets open; starting %d matches…", c.Rooms*c.Seats, c.Rooms)
	if err := parallel(r.ctx, len(rooms), func(ctx context.Context, i int) error {
		return r.lobby.start(ctx, rooms[i])
	}); err != nil {
		return err
	}
	seated := r.sample()
	sweepCtx, stopSweeping := context.WithCancel(r.ctx)
	go r.sweepEvery(sweepCtx, 20*time.Millisecond)
	r.say("warming up %v, then measuring %v at %g actions/s…", c.Warmup, c.Duration, c.Rate)
	start := time.Now()
	paceCtx, stopPacing := context.WithCancel(r.ctx)
	go func() {
		select {
		case <-r.done:
		case <-c.Until:
		case <-paceCtx.Done():
		}
		stopPacing()
	}()
	r.pace(paceCtx, start, start.Add(c.Warmup), start.Add(c.Warmup+c.Duration))
	stopPacing()
	if !r.stats.measuring.Load() {
		r.openWindow() // a rate too low for one tick in the window
	}
	r.closeWindow()
	r.drain()
	r.stopCounting()
	stopSweeping()
	if r.ctx.Err() != nil {
		return r.ctx.Err()
	}
	r.fill(rep, before, seated)
	return nil
}

// connect opens every seat's socket and keeps each playing until ctx ends.
func (r *runner) connect(ctx context.Context, wg *sync.WaitGroup) error {
	var seats []*player
	for _, t := range r.tables {
		seats = append(seats, t.seats...)
	}
	return parallel(r.ctx, len(seats), func(_ context.Context, i int) error {
		p := seats[i]
		c, err := p.dial(ctx, r)
		if err != nil {
			return fmt.Errorf("room %s seat %d: %w", p.t.room.Code, p.seat, err)
		}
		wg.Go(func() { p.play(ctx, r, c) })
		return nil
	})
}

func (r *runner) sweepEvery(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-t.C:
			r.sweep(now)
		}
	}
}

// sweep times out late actions everywhere; it reports whether any
// measured action is still awaited.
func (r *runner) sweep(now time.Time) bool {
	waiting := false
	for _, t := range r.tables {
		waiting = t.sweep(now, r.cfg.Timeout) || waiting
	}
	return waiting
}

// drain waits for the measured actions still in flight: each lands or
// times out within Timeout of being due.
func (r *runner) drain() {
	deadline := time.Now().Add(r.cfg.Timeout + time.Second)
	for time.Now().Before(deadline) && r.sweep(time.Now()) {
		if sleep(r.ctx, 10*time.Millisecond) != nil {
			return
		}
	}
}

// seatRooms seats n rooms as configured and writes their codes to Opened.
func (r *runner) seatRooms(n int) ([]seatedRoom, error) {
	c := r.cfg
	rooms, err := r.lobby.seatRooms(r.ctx, c.Game, c.Options, c.Seats, n)
	if err != nil || c.Opened == nil {
		return rooms, err
	}
	for _, room := range rooms {
		if _, err := fmt.Fprintln(c.Opened, room.Code); err != nil {
			return rooms, err
		}
	}
	return rooms, nil
}
