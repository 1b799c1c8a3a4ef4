package loadtest

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
)

// IdleUse is what holding many quiet sockets cost the server, and how many
// it took.
type IdleUse struct {
	Wanted int `json:"conns_wanted"`
	// Opened is the connection ceiling reached: sockets open at once.
	Opened     int              `json:"conns_opened"`
	OpenErrors map[string]int64 `json:"open_errors,omitempty"`
	// Alive are the sockets still open when the hold ended.
	Alive       int     `json:"alive_after_hold"`
	HoldSeconds float64 `json:"hold_seconds"`

	// RSSRoomsKiB and RSSHeldKiB are medians over the second half of the
	// rooms' rest and of the hold (resting).
	RSSBeforeKiB int64 `json:"rss_before_kib,omitempty"`
	RSSRoomsKiB  int64 `json:"rss_rooms_kib,omitempty"`
	RSSHeldKiB   int64 `json:"rss_held_kib,omitempty"`
	// RSSPerConnKiB is (held - rooms) / opened: the socket alone.
	RSSPerConnKiB float64 `json:"rss_per_conn_kib,omitempty"`
	// RSSPerConnWithRoomKiB is (held - before) / opened: the socket and
	// its share of its room and match.
	RSSPerConnWithRoomKiB float64 `json:"rss_per_conn_with_room_kib,omitempty"`
}

// dialWorkers bounds the sockets being opened at once in idle mode.
const dialWorkers = 64

// idle seats rooms enough for Conns sockets, starts their matches, lets
// them rest for Hold, opens the sockets (seat i%rooms of the rooms in
// turn) and holds them for Hold without acting.
func (r *runner) idle(rep *Report) error {
	c := r.cfg
	if c.Conns <= 0 {
		return fmt.Errorf("idle needs -conns above zero")
	}
	if c.Rooms <= 0 {
		c.Rooms = (c.Conns + c.Seats - 1) / c.Seats
	}
	use := &IdleUse{Wanted: c.Conns, OpenErrors: map[string]int64{}}
	rep.Idle, rep.Rooms, rep.Seats = use, c.Rooms, c.Seats
	before := r.sample()
	r.say("seating %d rooms of %d players of %s…", c.Rooms, c.Seats, c.Game)
	rooms, err := r.seatRooms(c.Rooms)
	if err != nil {
		return err
	}
	if err := parallel(r.ctx, len(rooms), func(ctx context.Context, i int) error { return r.lobby.start(ctx, rooms[i]) }); err != nil {
		return err
	}
	// The rooms rest as long as the sockets will: both readings are then
	// of a server at rest (one that gives memory back once quiet has done
	// so), not one reading mid-way through what seating them left behind.
	r.say("%d rooms seated; letting them rest %v…", len(rooms), c.Hold)
	seated, err := r.resting(r.ctx, c.Hold)
	if err != nil {
		return err
	}
	r.say("opening %d sockets…", c.Conns)
	ctx, cancel := context.WithCancel(r.ctx)
	defer cancel()
	held := r.openIdle(ctx, rooms, use)
	rep.Conns = use.Opened
	r.say("%d open; holding them %v…", use.Opened, c.Hold)
	start := time.Now()
	end, err := r.resting(r.ctx, c.Hold)
	if err != nil {
		return err
	}
	use.HoldSeconds = time.Since(start).Seconds()
	use.Alive = use.Opened - int(held.dropped.Load())
	cancel()
	held.wg.Wait()
	if c.PID != 0 {
		use.RSSBeforeKiB, use.RSSRoomsKiB, use.RSSHeldKiB = before.RSS>>10, seated.RSS>>10, end.RSS>>10
		use.RSSPerConnKiB = per(float64(end.RSS-seated.RSS)/1024, float64(use.Opened))
		use.RSSPerConnWithRoomKiB = per(float64(end.RSS-before.RSS)/1024, float64(use.Opened))
		rep.Server = &ServerUse{PID: c.PID, InProcess: c.InProcess, RSSBeforeKiB: use.RSSBeforeKiB,
			RSSSeatedKiB: use.RSSRoomsKiB, RSSEndKiB: use.RSSHeldKiB, RSSPeakKiB: end.HWM >> 10, RSSPerConnKiB: use.RSSPerConnWithRoomKiB}
	}
	return nil
}

// resting waits d, reading the server's RSS every second, and returns the
// last reading with the median RSS of the second half of the wait in it.
// An idle Go server's RSS still moves (its collector runs as pings
// allocate, and what it freed is given back a while later), so a single
// reading says as much about when it was taken as about the sockets.
func (r *runner) resting(ctx context.Context, d time.Duration) (ProcSample, error) {
	var rss []int64
	until := time.Now().Add(d)
	half := time.Now().Add(d / 2)
	for {
		now := time.Now()
		if !now.Before(until) {
			break
		}
		if err := sleep(ctx, min(time.Second, until.Sub(now))); err != nil {
			return ProcSample{}, err
		}
		if time.Now().After(half) {
			rss = append(rss, r.sample().RSS)
		}
	}
	last := r.sample()
	if len(rss) > 0 {
		slices.Sort(rss)
		last.RSS = rss[len(rss)/2]
	}
	return last, nil
}

// heldSockets are the idle sockets' readers and how many of them ended.
type heldSockets struct {
	wg      sync.WaitGroup
	dropped atomic.Int64
}

// openIdle opens the sockets; a failure is counted by its cause and the
// rest are still tried, so the ceiling shows.
func (r *runner) openIdle(ctx context.Context, rooms []seatedRoom, use *IdleUse) *heldSockets {
	h := &heldSockets{}
	var mu sync.Mutex
	next := make(chan int)
	var workers sync.WaitGroup
	for range min(dialWorkers, r.cfg.Conns) {
		workers.Go(func() {
			for i := range next {
				room := rooms[i%len(rooms)]
				s := room.Seats[(i/len(rooms))%len(room.Seats)]
				conn, err := r.dial(ctx, room.Code, s.Token)
				mu.Lock()
				if err != nil {
					use.OpenErrors[cause(err)]++
				} else {
					use.Opened++
				}
				mu.Unlock()
				if err == nil {
					h.wg.Go(func() { h.hold(ctx, conn) })
				}
			}
		})
	}
feed:
	for i := range r.cfg.Conns {
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	workers.Wait()
	return h
}

// hold reads and drops frames until the socket or the run ends.
func (h *heldSockets) hold(ctx context.Context, c *websocket.Conn) {
	defer c.CloseNow()
	for {
		if _, _, err := c.Read(ctx); err != nil {
			if ctx.Err() == nil {
				h.dropped.Add(1)
			}
			return
		}
	}
}

// cause is the innermost part of a dial error ("too many open files",
// "connection refused"), without the URL that makes each one unique.
func cause(err error) string {
	s := err.Error()
	if i := strings.LastIndex(s, ": "); i >= 0 {
		s = s[i+2:]
	}
	return s
}

func (u *IdleUse) writeRows(row func(name, format string, args ...any), s *ServerUse) {
	row("idle sockets", "%d wanted, %d opened (the ceiling), %d alive after %.1fs", u.Wanted, u.Opened, u.Alive, u.HoldSeconds)
	for k, n := range u.OpenErrors {
		row("", "open failed: %s: %d", k, n)
	}
	if s != nil {
		row("server rss", "%d KiB before, %d with the rooms, %d holding the sockets%s", u.RSSBeforeKiB, u.RSSRoomsKiB, u.RSSHeldKiB, inProcessNote(s))
		row("rss per socket", "%.1f KiB alone, %.1f KiB with its room", u.RSSPerConnKiB, u.RSSPerConnWithRoomKiB)
	}
}
