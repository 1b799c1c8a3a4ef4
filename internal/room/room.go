// Package room runs live rooms: seats, one goroutine per room, match timers, bots and fan-out of per-seat views.
package room

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"topsecret/internal/game"
	"topsecret/internal/store"
)

// Errors a room's callers branch on; the server maps them to HTTP statuses
// and websocket error codes.
var (
	// ErrClosed means the room was evicted while the call waited; get it again.
	ErrClosed = errors.New("room closed")
	// ErrForbidden means the caller lacks the host token or the seat.
	ErrForbidden = errors.New("forbidden")
	// ErrNotSeated means a spectator tried to act.
	ErrNotSeated = errors.New("you hold no seat in this match")
)

// Refusal is a lobby refusal a person can read ("The room is full").
// Said, when set, is the refusal as a catalogue message, which the web
// layer words in each reader's language; Msg is then its id, for logs. Err
// is the game's own reason, when it gave one (an *game.OptionError the
// server words in the host's language).
type Refusal struct {
	Msg  string
	Said *game.Msg
	Err  error
}

func (e *Refusal) Error() string { return e.Msg }

// Unwrap is the game's reason, if any.
func (e *Refusal) Unwrap() error { return e.Err }

// refuseSaid is a refusal worded by the catalogue message id.
func refuseSaid(id string, args ...game.Arg) error {
	m := game.M(id, args...)
	return &Refusal{Msg: id, Said: &m}
}

// refuseFor refuses with a game's error as the reason.
func refuseFor(err error) error { return &Refusal{Msg: err.Error(), Err: err} }

// Room is one live room. All of its mutable state belongs to its goroutine;
// every method hands a closure to that goroutine and waits for it, so no
// locks guard the state.
type Room struct {
	reg   *Registry
	inbox chan func()
	done  chan struct{}

	// Everything below is touched only by the room goroutine.
	rec      store.Room
	entry    entry
	seats    []store.Seat
	match    *liveMatch
	finished []store.Match // this room's finished matches, newest first
	subs     map[*Subscriber]struct{}
	online   map[string]int // seat id → open connections
	strikes  map[string]int // seat id → timers run out while its phone was away
	versions versionClock   // numbers frames (version.go)
	timers   []Stopper
	// misfires counts timer actions in a row the store did not take; it
	// sets how long the next try waits (refire.go).
	misfires int
	botTimer Stopper
	// botTurn counts the bots' schedules; a look queued in soon runs only
	// if no newer schedule replaced it.
	botTurn int
	// soon is work the room goroutine does right after the call in hand,
	// before the next one: a bot whose reaction time is already up.
	soon   []func()
	idleAt time.Time
	events []event
	// eventSeq is the last event's seq; public counts the public events
	// and told each room seat's private ones (by seat id: a member keeps
	// their count from game to game, whatever game seat they play), so
	// every viewer's lines are numbered by its own count of what it may
	// read (eventsFor).
	eventSeq uint64
	public   uint64
	told     map[string]uint64
	watch    *WatchState // the replay the host shows the room, if any
	// seen are the seat ids a phone has opened (presence.go); creatorSeat
	// is the seat the host token's holder sits in, learnt when that phone
	// connects, so the seat list can mark the host.
	seen        map[string]bool
	creatorSeat string
	// gone is when each seat's last phone went, Unix ms (presence.go).
	gone map[string]int64
	// hostAwaySince is when the host's last phone went away; zero while
	// one is connected. hostTimer passes the role on when it is overdue.
	hostAwaySince time.Time
	hostTimer     Stopper
	// asks are visitors' requests to rejoin, waiting for the host or for
	// their phone to claim the seat; retired maps the hash of a seat token
	// that was rotated away to its seat id, so the old phone is told where
	// it went.
	asks    []*ask
	retired map[string]string
	// bars are the networks whose watchers the host removed, until when
	// they are kept out (watchers.go).
	bars map[string]time.Time
	// consents are the host's requests to move connected seats, by seat
	// id, and links what this process knows of each seat's one-time link
	// (consent.go).
	consents map[string]*consent
	links    map[string]linkNote
	// announcements are what every screen shows for a while (announce.go).
	announcements []announcement
	// diskTroubled says the last append met a disk that refused it
	// (disk.go).
	diskTroubled bool
	// consoleCodes are the host's one-time codes for opening the host's
	// console on another screen, and screens the tokens they gave
	// (console.go).
	consoleCodes []consoleCode
	screens      screenKeys
}

// event is a line of the room's recent history, kept with its audience.
type event struct {
	game.Event
	match string
	// seq numbers the room's events in order: an event never changes, so
	// the numbers a viewer sees stand for the events themselves in a
	// frame's digest.
	seq uint64
}

const maxEvents = 40

func (r *Room) run() {
	for {
		select {
		case f := <-r.inbox:
			f()
			for len(r.soon) > 0 {
				g := r.soon[0]
				r.soon = r.soon[1:]
				g()
			}
		case <-r.done:
			return
		}
	}
}

// do runs f on the room goroutine and returns its error.
func (r *Room) do(ctx context.Context, f func() error) error {
	errc := make(chan error, 1)
	select {
	case r.inbox <- func() { errc <- f() }:
	case <-r.done:
		return ErrClosed
	case <-ctx.Done():
		return ctx.Err()
	}
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
		// The closure still runs; its effect, if any, reaches everyone by fan-out.
		return ctx.Err()
	}
}

// post queues f without waiting, for timers and bots that have no caller.
func (r *Room) post(f func()) {
	go func() {
		select {
		case r.inbox <- f:
		case <-r.done:
		}
	}()
}

// wake runs f on the room goroutine for a timer that fired, waiting until
// the room takes it: the room then handles the timer before any call made
// after it fired. Timers fire on their own goroutine (on a ManualClock, in
// Advance), never on the room's, so the wait cannot deadlock.
func (r *Room) wake(f func()) {
	select {
	case r.inbox <- f:
	case <-r.done:
	}
}

// Code returns the room's code.
func (r *Room) Code() string { return r.rec.Code }

// Game returns the room's game slug.
func (r *Room) Game() string { return r.rec.Game }

func (r *Room) log() *slog.Logger { return r.reg.Log.With("room", r.rec.Code) }

func (r *Room) now() time.Time { return r.reg.Clock.Now() }

// stamp is the version of a frame built now.
func (r *Room) stamp() int64 { return r.versions.next(r.now()) }

// changed pushes every subscriber whose view it changed a new frame.
func (r *Room) changed() {
	r.fanout()
}

// stop ends the goroutine and every timer; subscribers are told to reconnect.
func (r *Room) stop() {
	r.disarm()
	if r.hostTimer != nil {
		r.hostTimer.Stop()
	}
	for s := range r.subs {
		s.close("room closed")
	}
	close(r.done)
}

// stopped reports whether the room's goroutine has ended (evicted or closed).
func (r *Room) stopped() bool {
	select {
	case <-r.done:
		return true
	default:
		return false
	}
}

// Poke rebuilds every viewer's frame as after a change (a subscriber whose
// content is the same gets nothing); benchmarks and tests use it to measure
// and exercise fan-out alone.
func (r *Room) Poke(ctx context.Context) error {
	return r.do(ctx, func() error { r.changed(); return nil })
}
