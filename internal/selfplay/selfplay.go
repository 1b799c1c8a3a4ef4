// Package selfplay plays bot-only matches through a game's rules and checks every step against the platform's invariants.
package selfplay

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"reflect"
	"time"

	"topsecret/internal/game"
)

// Config says what to play.
type Config struct {
	Rules   game.Rules
	Players int
	Matches int
	Seed    int64
	Options json.RawMessage
	// MaxActions ends a match that runs away (a bot that never finishes). Default 20000.
	MaxActions int
	// IdleStep is how far simulated time moves when no bot wants to act. Default 250ms.
	IdleStep time.Duration
}

// Summary is the outcome of a run; its JSON is the last line `topsecret selfplay` prints.
type Summary struct {
	Game              string   `json:"game"`
	Players           int      `json:"players"`
	Matches           int      `json:"matches"`
	Finished          int      `json:"finished"`
	Actions           int      `json:"actions"`
	TimerActions      int      `json:"timer_actions"`
	Seconds           float64  `json:"seconds"`
	ActionsPerSec     float64  `json:"actions_per_sec"`
	InvariantFailures int      `json:"invariant_failures"`
	Failures          []string `json:"failures,omitempty"`
	Wins              []int    `json:"wins_by_seat"`
	// Stats sums game-specific counts over finished matches, e.g.
	// inkognito's dials and correct_dials.
	Stats map[string]int `json:"stats,omitempty"`
}

// maxReported keeps the summary readable when something breaks everywhere.
const maxReported = 20

// Run plays cfg.Matches matches. It stops early only if ctx is cancelled.
func Run(ctx context.Context, cfg Config) Summary {
	if cfg.MaxActions == 0 {
		cfg.MaxActions = 20000
	}
	if cfg.IdleStep == 0 {
		cfg.IdleStep = 250 * time.Millisecond
	}
	info := cfg.Rules.Info()
	sum := Summary{Game: info.Slug, Players: cfg.Players, Wins: make([]int, cfg.Players)}
	start := time.Now()
	for i := 0; i < cfg.Matches && ctx.Err() == nil; i++ {
		p := newPlay(cfg, matchSeed(cfg.Seed, i))
		errs := p.run()
		sum.Matches++
		sum.Actions += len(p.log)
		sum.TimerActions += p.timers
		if res, ok := p.live.Result(); ok && len(errs) == 0 {
			sum.Finished++
			for _, w := range res.Winners {
				sum.Wins[w]++
			}
			if rp, ok := p.live.(game.Reporter); ok {
				if sum.Stats == nil {
					sum.Stats = map[string]int{}
				}
				for k, v := range rp.Report() {
					sum.Stats[k] += v
				}
			}
		}
		for _, err := range errs {
			sum.InvariantFailures++
			if len(sum.Failures) < maxReported {
				sum.Failures = append(sum.Failures, fmt.Sprintf("match %d: %v", i, err))
			}
		}
	}
	sum.Seconds = time.Since(start).Seconds()
	if sum.Seconds > 0 {
		sum.ActionsPerSec = float64(sum.Actions) / sum.Seconds
	}
	return sum
}

// Match plays match i of cfg as Run does, checked alike, and returns its
// setup and log: a bot-played match to store, replay or measure. Unlike
// Run's, its deal starts the game's clock when the bots start playing, as
// a room's does, so its timers and clocks read as a table's would.
func Match(cfg Config, i int) (game.Setup, []game.Action, error) {
	if cfg.MaxActions == 0 {
		cfg.MaxActions = 20000
	}
	if cfg.IdleStep == 0 {
		cfg.IdleStep = 250 * time.Millisecond
	}
	p := newPlay(cfg, matchSeed(cfg.Seed, i))
	p.setup.Started = p.now
	if errs := p.run(); len(errs) > 0 {
		return p.setup, p.log, errs[0]
	}
	return p.setup, p.log, nil
}

func matchSeed(seed int64, i int) game.Seed {
	var b [16]byte
	binary.BigEndian.PutUint64(b[:8], uint64(seed))
	binary.BigEndian.PutUint64(b[8:], uint64(i))
	return sha256.Sum256(b[:])
}

// play is one match: the live state the bots act on, and a shadow that is
// fed only the JSON of the log, as a replay after a restart would be.
type play struct {
	cfg    Config
	setup  game.Setup
	live   game.State
	shadow game.State
	log    []game.Action
	now    int64
	timers int
	bot    game.Bot
}

func newPlay(cfg Config, seed game.Seed) *play {
	opts, _ := cfg.Rules.Options(cfg.Options)
	return &play{cfg: cfg, setup: game.Setup{Game: cfg.Rules.Info().Slug, Options: opts, Seats: cfg.Players, Seed: seed},
		now: time.Date(2026, 1, 1, 20, 0, 0, 0, time.UTC).UnixMilli()}
}

func (p *play) run() (errs []error) {
	defer func() {
		if r := recover(); r != nil {
			errs = append(errs, fmt.Errorf("panic after %d actions: %v", len(p.log), r))
		}
	}()
	var err error
	if p.live, err = p.cfg.Rules.New(p.setup); err != nil {
		return []error{err}
	}
	p.shadow, _ = p.cfg.Rules.New(p.setup)
	bot, ok := game.BotFor(p.cfg.Rules)
	if !ok {
		return []error{fmt.Errorf("%s has no bot", p.setup.Game)}
	}
	p.bot = bot
	if err := p.audit(); err != nil {
		return []error{fmt.Errorf("after the deal: %w", err)}
	}
	for len(p.log) < p.cfg.MaxActions {
		if _, over := p.live.Result(); over {
			return p.finalCheck()
		}
		a, ok := p.nextAction()
		if !ok {
			return []error{fmt.Errorf("stuck after %d actions: no bot acts and no timer is armed", len(p.log))}
		}
		if err := p.step(a); err != nil {
			return []error{err}
		}
	}
	return []error{fmt.Errorf("not finished after %d actions", p.cfg.MaxActions)}
}

// nextAction asks the bots, starting after the last actor so no seat is
// favoured; when none acts, simulated time moves on and due timers fire.
func (p *play) nextAction() (game.Action, bool) {
	n := p.cfg.Players
	first := len(p.log) % n
	for k := 0; k < n; k++ {
		s := game.Seat((first + k) % n)
		r := game.RandFor(p.setup.Seed, 1<<32+len(p.log)*16+int(s))
		if a, ok := p.bot.Act(p.live, s, p.now, r); ok {
			a.Seat, a.At = s, p.now
			p.now += 150 // a bot's reaction time, so cooldowns pass
			return a, true
		}
	}
	ts := p.live.Next().Timers
	for i := 0; i < 10000; i++ {
		for _, t := range ts {
			if t.At <= p.now {
				a := t.Fires
				a.Seat, a.At = game.System, p.now
				p.timers++
				return a, true
			}
		}
		p.now += p.cfg.IdleStep.Milliseconds()
		if i > 0 && len(ts) == 0 && i*int(p.cfg.IdleStep.Milliseconds()) > 60_000 {
			return game.Action{}, false
		}
		// Time passing may wake a bot waiting out a cooldown.
		for k := 0; k < n; k++ {
			s := game.Seat((first + k) % n)
			r := game.RandFor(p.setup.Seed, 1<<32+len(p.log)*16+int(s))
			if a, ok := p.bot.Act(p.live, s, p.now, r); ok {
				a.Seat, a.At = s, p.now
				return a, true
			}
		}
	}
	return game.Action{}, false
}

// step applies one action to both states and checks everything.
func (p *play) step(a game.Action) error {
	i := len(p.log)
	if err := p.live.Check(a); err != nil {
		return fmt.Errorf("action %d: the bot of seat %d chose an illegal %s: %w", i, a.Seat, a.Type, err)
	}
	p.live.Apply(a, game.RandFor(p.setup.Seed, i+1))
	p.log = append(p.log, a)
	b, err := json.Marshal(a)
	if err != nil {
		return err
	}
	var stored game.Action
	if err := json.Unmarshal(b, &stored); err != nil {
		return err
	}
	if err := game.Step(p.shadow, p.setup.Seed, i, stored); err != nil {
		return fmt.Errorf("the stored log does not replay: %w", err)
	}
	if err := p.audit(); err != nil {
		return fmt.Errorf("after action %d (%s by seat %d): %w", i, a.Type, a.Seat, err)
	}
	return nil
}

func (p *play) viewers() []game.Viewer {
	vs := []game.Viewer{game.TableViewer()}
	for s := 0; s < p.cfg.Players; s++ {
		vs = append(vs, game.SeatViewer(game.Seat(s)))
	}
	return vs
}

// audit compares live and shadow views for every viewer, runs the state's
// invariant and checks each view for leaks.
func (p *play) audit() error {
	if a, ok := p.live.(game.Invariant); ok {
		if err := a.Invariant(); err != nil {
			return fmt.Errorf("invariant: %w", err)
		}
	}
	views := map[game.Viewer]any{}
	for _, v := range p.viewers() {
		lv, err := json.Marshal(p.live.View(v))
		if err != nil {
			return err
		}
		sv, err := json.Marshal(p.shadow.View(v))
		if err != nil {
			return err
		}
		if !bytes.Equal(lv, sv) {
			return fmt.Errorf("replay differs from live state for %+v", v)
		}
		views[v] = p.live.View(v)
	}
	return p.leaks(views)
}

// leaks checks that no viewer's view changes when only another seat's
// secrets (or the hidden decks) are different.
func (p *play) leaks(views map[game.Viewer]any) error {
	tw, ok := p.live.(game.Twinner)
	if !ok {
		return nil
	}
	r := game.RandFor(p.setup.Seed, 1<<40+len(p.log))
	for s := game.System; int(s) < p.cfg.Players; s++ {
		twin := tw.Twin(s, r)
		for v, want := range views {
			if v.Kind == game.Player && v.Seat == s {
				continue
			}
			if !reflect.DeepEqual(twin.View(v), want) {
				return fmt.Errorf("leak: the view of %+v changes with what only seat %d may see", v, s)
			}
		}
	}
	return nil
}

// finalCheck replays the whole log from scratch and compares the end.
func (p *play) finalCheck() []error {
	st, err := game.Replay(p.cfg.Rules, p.setup, p.log)
	if err != nil {
		return []error{fmt.Errorf("full replay: %w", err)}
	}
	for _, v := range append(p.viewers(), game.OmniscientViewer()) {
		a, _ := json.Marshal(st.View(v))
		b, _ := json.Marshal(p.live.View(v))
		if !bytes.Equal(a, b) {
			return []error{fmt.Errorf("full replay differs for %+v", v)}
		}
	}
	r1, _ := st.Result()
	r2, _ := p.live.Result()
	a, _ := json.Marshal(r1)
	b, _ := json.Marshal(r2)
	if !bytes.Equal(a, b) {
		return []error{fmt.Errorf("full replay gives result %s, live %s", a, b)}
	}
	return nil
}
