package room

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"topsecret/internal/game"
	"topsecret/internal/store"
)

// Registry maps room codes to live rooms. It loads a room from the store on
// first use and evicts rooms nobody has watched for a while.
type Registry struct {
	Store store.Store
	Log   *slog.Logger
	// Clock drives timers and action times. Default: the wall clock.
	Clock Clock
	// BotDelay is a bot's typical reaction time to a quick decision. Before
	// a bot acts the room waits a seeded human span scaled from it (0.6–1.4×
	// to react to something seen, 0.8–2.5× for a decision, 2.5–6× for a
	// considered choice; beginners 1.5× slower, sharp bots 0.7×), never
	// more than three quarters of what the action's window has left.
	// Default 1.2s; 0 makes bots act at once, as tests want.
	BotDelay time.Duration
	// BotIdle is how often bots look again when they had nothing to do (a
	// cooldown they wait out). Default 700ms.
	BotIdle time.Duration
	// Buffer is each subscriber's queue of messages: frames take at most
	// half, and a subscriber that has no room skips to the frame of the
	// moment once its queue emptied (Subscriber.Drained). Default 16.
	Buffer int
	// IdleAfter evicts a room that has had no subscriber for this long,
	// with or without a match in play: its timers and bots wait in the
	// store, and run again when a phone brings it back, as after a
	// restart (a deadline passed meanwhile fires at once). Default 15m.
	IdleAfter time.Duration
	// AbandonAfter ends a match in which no person's seat has acted for
	// this long (bots' and timers' actions do not count), with no winner,
	// as the host's "End the match" does; 0 never ends one. Checked as
	// rooms are swept and when one is loaded. Default DefaultAbandonAfter.
	AbandonAfter time.Duration
	// MaxRooms caps the rooms live at once: creating or loading one more
	// is refused with ErrFull. Default DefaultMaxRooms; 0 sets no cap.
	MaxRooms int
	// HostAwayAfter passes the host role to a connected player once the
	// host's phone has been away this long. Default DefaultHostAwayAfter (3m).
	HostAwayAfter time.Duration
	// UnplayedAfter deletes a room that never started a match this long
	// after it was made (an abandoned lobby, a script's room); rooms that
	// played are kept with their history. Default a week; 0 keeps all.
	UnplayedAfter time.Duration
	// Owners, when several instances share the database, says which one
	// runs each room; nil runs every room here.
	Owners Owners

	// games are the rules of the games rooms may play, by slug: handed
	// down by main, never looked up.
	games map[string]game.Rules

	// mu guards the maps only: nothing slow (the store, a replay, a room's
	// goroutine) runs under it.
	mu      sync.Mutex
	rooms   map[string]*Room
	loading map[string]*loadCall // codes being loaded, so concurrent callers share one load
	closed  bool
	stopc   chan struct{}
	once    sync.Once
}

// loadCall is one load of a room from the store; done closes when r or err is set.
type loadCall struct {
	done chan struct{}
	r    *Room
	err  error
}

// loadTimeout bounds one load: reading a room and replaying its log.
const loadTimeout = 30 * time.Second

// DefaultMaxRooms is how many rooms a server runs at once unless told
// otherwise: a room in play with eight seats holds about 115 KiB, so some
// 550 MiB at most, and far more tables than a game night or a club needs.
const DefaultMaxRooms = 5000

// ErrFull refuses a room past MaxRooms; rooms leave as they go idle.
var ErrFull = errors.New("this server runs as many rooms as it may")

// NewRegistry returns a registry of rooms that play the games of rules,
// with the documented defaults.
func NewRegistry(s store.Store, rules []game.Rules, log *slog.Logger) *Registry {
	if log == nil {
		log = slog.Default()
	}
	games := make(map[string]game.Rules, len(rules))
	for _, r := range rules {
		games[r.Info().Slug] = r
	}
	return &Registry{Store: s, Log: log, games: games, Clock: RealClock{}, BotDelay: 1200 * time.Millisecond,
		BotIdle: defaultBotIdle, Buffer: 16, IdleAfter: 15 * time.Minute, AbandonAfter: DefaultAbandonAfter,
		MaxRooms: DefaultMaxRooms, HostAwayAfter: DefaultHostAwayAfter, UnplayedAfter: 7 * 24 * time.Hour}
}

// entry is a game a room plays: its rules and their description.
type entry struct {
	Info  game.Info
	Rules game.Rules
}

// game is the game of slug, if rooms here may play it.
func (g *Registry) game(slug string) (entry, bool) {
	r, ok := g.games[slug]
	if !ok {
		return entry{}, false
	}
	return entry{Info: r.Info(), Rules: r}, true
}

// Created is what a host gets back from CreateRoom.
type Created struct {
	Code      string
	HostToken string
}

// CreateRoom validates the options with the game's rules and stores a new room.
func (g *Registry) CreateRoom(ctx context.Context, slug string, options json.RawMessage) (Created, error) {
	e, ok := g.game(slug)
	if !ok {
		return Created{}, refuseSaid("game.refuse.no_game", game.X("game", slug))
	}
	opts, err := e.Rules.Options(options)
	if err != nil {
		return Created{}, refuseFor(err)
	}
	g.mu.Lock()
	full := g.full()
	g.mu.Unlock()
	if full {
		return Created{}, ErrFull // its host could not open it
	}
	for tries := 0; ; tries++ {
		token := NewToken()
		rec := store.Room{Code: NewCode(), Game: slug, Options: opts, HostHash: store.Hash(token), CreatedAt: g.Clock.Now().UTC()}
		err := g.Store.CreateRoom(ctx, rec)
		if errors.Is(err, store.ErrConflict) && tries < 5 {
			continue
		}
		if err != nil {
			return Created{}, fmt.Errorf("create room: %w", err)
		}
		return Created{Code: rec.Code, HostToken: token}, nil
	}
}

// Get returns the live room for code, loading it from the store if needed.
// store.ErrNotFound if there is no such room; ErrFull if it is not live and
// MaxRooms are; ErrClosed after Close.
//
// The load (reading the room and replaying its log) runs outside the
// registry's lock, so other rooms are served meanwhile, and once per code:
// callers asking for a room being loaded wait for that load. It runs on its
// own context, so a caller that gives up does not fail the others.
func (g *Registry) Get(ctx context.Context, code string) (*Room, error) {
	if !ValidCode(code) {
		return nil, store.ErrNotFound
	}
	g.mu.Lock()
	if g.closed {
		g.mu.Unlock()
		return nil, ErrClosed
	}
	g.startSweeper()
	if r, ok := g.rooms[code]; ok && !r.stopped() {
		g.mu.Unlock()
		return r, nil
	}
	c, ok := g.loading[code]
	if !ok {
		c = &loadCall{done: make(chan struct{})}
		if g.loading == nil {
			g.loading = map[string]*loadCall{}
		}
		g.loading[code] = c
		go g.loadOnce(context.WithoutCancel(ctx), code, c)
	}
	g.mu.Unlock()
	select {
	case <-c.done:
		return c.r, c.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// Loaded returns the room code if it is live here now, without loading
// it: for what concerns only a room someone is in.
func (g *Registry) Loaded(code string) (*Room, bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	r, ok := g.rooms[code]
	return r, ok && !r.stopped()
}

// loadOnce loads code for every caller waiting on c and, unless the
// registry closed or filled up meanwhile, makes the room live.
func (g *Registry) loadOnce(ctx context.Context, code string, c *loadCall) {
	defer close(c.done)
	ctx, cancel := context.WithTimeout(ctx, loadTimeout)
	defer cancel()
	r, err := g.claimAndLoad(ctx, code)
	g.mu.Lock()
	defer g.mu.Unlock()
	delete(g.loading, code)
	switch {
	case err != nil:
		c.err = err
	case g.closed:
		c.err = ErrClosed
		// Released off the registry's lock: it is a database round trip.
		go g.release(code)
	case g.full():
		c.err = ErrFull // rooms loaded meanwhile took the last places
		go g.release(code)
	default:
		if g.rooms == nil {
			g.rooms = map[string]*Room{}
		}
		g.rooms[code] = r
		go r.run()
		r.post(func() { r.arm() })
		c.r = r
	}
}

// claimAndLoad claims the room for this instance, then loads it if there
// is a place for it. The claim comes first: a room another instance runs
// is forwarded there, not refused here.
func (g *Registry) claimAndLoad(ctx context.Context, code string) (*Room, error) {
	if err := g.claim(ctx, code); err != nil {
		return nil, err
	}
	g.mu.Lock()
	full := g.full()
	g.mu.Unlock()
	if full {
		g.release(code)
		return nil, ErrFull
	}
	r, err := g.load(ctx, code)
	if err != nil {
		g.release(code)
		return nil, err
	}
	return r, nil
}

// With runs f with the live room, getting it again if it was evicted meanwhile.
func (g *Registry) With(ctx context.Context, code string, f func(*Room) error) error {
	for i := 0; ; i++ {
		r, err := g.Get(ctx, code)
		if err != nil {
			return err
		}
		err = f(r)
		if errors.Is(err, ErrClosed) && i < 3 {
			continue
		}
		return err
	}
}

// full reports whether MaxRooms rooms are live; call it under g.mu.
func (g *Registry) full() bool { return g.MaxRooms > 0 && len(g.rooms) >= g.MaxRooms }

// Close stops every room; Get refuses afterwards. Their state is all in
// the store already.
func (g *Registry) Close() {
	g.mu.Lock()
	g.closed = true
	if g.stopc != nil {
		g.once.Do(func() { close(g.stopc) })
	}
	rooms := g.rooms
	g.rooms = nil
	g.mu.Unlock()
	// Rooms stop side by side: on a drain each one's phones wait for its
	// lease to be released before another instance can take the room.
	var wg sync.WaitGroup
	slots := make(chan struct{}, 16)
	for code, r := range rooms {
		slots <- struct{}{}
		wg.Go(func() {
			defer func() { <-slots }()
			stopRoom(r)
			g.release(code)
		})
	}
	wg.Wait()
}

// stopRoom stops r, waiting up to 5 s for it to take the stop. A room
// still busy then (a commit the store holds up) stops as soon as it takes
// the next thing from its inbox: left running, out of the registry, its
// bots and timers would act on a closed store.
func stopRoom(r *Room) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	halt := func() {
		if !r.stopped() {
			r.stop()
		}
	}
	if err := r.do(ctx, func() error { halt(); return nil }); err != nil && !errors.Is(err, ErrClosed) {
		r.post(halt)
	}
}
