package room

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"time"

	"topsecret/internal/game"
)

// botIntent is what a bot means to do and when its reaction time is up.
type botIntent struct {
	// key names what the bot is answering: the window its action must land
	// in, or, with no window, the action itself.
	key string
	due time.Time
}

// reactions are the spans of a person's reaction time by how much thought
// an action takes, in units of Registry.BotDelay (a quick decision's
// typical time): about 0.7–1.7 s to react to something seen, 1–3 s for an
// ordinary choice and 3–7 s for a considered one at the default 1.2 s.
var reactions = map[game.Think][2]float64{
	game.Reflex:   {0.6, 1.4},
	game.Decision: {0.8, 2.5},
	game.Ponder:   {2.5, 6},
}

// strengthPace scales a reaction time: beginners take longer, sharp bots less.
var strengthPace = map[game.Strength]float64{game.Beginner: 1.5, game.Regular: 1, game.Sharp: 0.7}

// windowShare is the part of an action's remaining window a bot may spend
// reacting, so an action it means to take always lands in time.
const windowShare = 0.75

// armBots schedules the bots' next move. Each bot's intended action gets a
// seeded human reaction time counted from the moment the bot first meant
// it: a change elsewhere that leaves the intention standing keeps its
// clock, so a bot at a busy table is not starved, and a bot reacting to a
// visible act (a wink it saw) reacts no sooner than a person could after
// the act became visible. Bots with nothing to do look again after BotIdle,
// for cooldowns they wait out.
func (r *Room) armBots() {
	r.stopBots()
	if !r.playing() || !r.hasBots() {
		return
	}
	bot, ok := game.BotAt(r.entry.Rules, r.botStrength())
	if !ok {
		return
	}
	m := r.match
	now := r.now()
	var next time.Time
	for i := range m.rec.Seats {
		if !r.botPlays(i) {
			delete(m.bots, i)
			continue
		}
		due := now.Add(r.idleLook())
		if in, ok := r.intend(bot, i, now); ok {
			due = in.due
		}
		if next.IsZero() || due.Before(next) {
			next = due
		}
	}
	matchID := m.rec.ID
	if next.Sub(now) <= 0 && r.reg.BotDelay > 0 {
		// A reaction time already up (many bots due at once, a window about
		// to close): act right after this change, with no clock in between.
		turn := r.botTurn
		r.soon = append(r.soon, func() {
			if r.botTurn == turn {
				r.botsAct(matchID)
			}
		})
		return
	}
	r.botTimer = r.reg.Clock.AfterFunc(next.Sub(now), func() {
		r.wake(func() { r.botsAct(matchID) })
	})
}

// idleLook is how soon bots with nothing to do look again.
func (r *Room) idleLook() time.Duration {
	if d := r.reg.BotIdle; d > 0 {
		return d
	}
	return defaultBotIdle
}

// defaultBotIdle is Registry.BotIdle's default.
const defaultBotIdle = 700 * time.Millisecond

func (r *Room) stopBots() {
	r.botTurn++
	if r.botTimer != nil {
		r.botTimer.Stop()
		r.botTimer = nil
	}
}

func (r *Room) hasBots() bool {
	for i := range r.match.rec.Seats {
		if r.botPlays(i) {
			return true
		}
	}
	return false
}

// intend asks seat i's bot what it would do now and keeps its intention,
// with the reaction time it started with if it still means the same.
func (r *Room) intend(bot game.Bot, i int, now time.Time) (botIntent, bool) {
	m := r.match
	a, ok := r.botChoice(bot, i, now)
	if !ok {
		delete(m.bots, i)
		return botIntent{}, false
	}
	pace := game.PaceOf(bot, m.state, a)
	key := intentKey(a, pace)
	if in, ok := m.bots[i]; ok && in.key == key {
		return in, true
	}
	in := botIntent{key: key, due: now.Add(r.reaction(i, pace, now))}
	m.bots[i] = in
	return in, true
}

// botChoice is seat i's bot's action at now. Bots draw from their own
// stream per log position, so a bot's choice is reproducible in tests
// without touching the deal's streams, and asking twice between two
// actions gives the same answer unless time itself changed it.
func (r *Room) botChoice(bot game.Bot, i int, now time.Time) (game.Action, bool) {
	m := r.match
	rnd := game.RandFor(m.rec.Setup.Seed, 1<<32+m.n*16+i)
	a, ok := bot.Act(m.state, game.Seat(i), max(now.UnixMilli(), m.lastAt), rnd)
	a.Seat = game.Seat(i)
	return a, ok
}

func intentKey(a game.Action, p game.Pace) string {
	if p.By > 0 {
		return "by " + strconv.FormatInt(p.By, 10)
	}
	return a.Type + " " + string(a.Data)
}

// reaction is how long seat i's bot waits before pace's action: a seeded
// draw from the span of its kind of thought, scaled by the room's bot
// strength, and never more than windowShare of the time its window has left.
func (r *Room) reaction(i int, pace game.Pace, now time.Time) time.Duration {
	base := r.reg.BotDelay
	if base <= 0 {
		return 0
	}
	m := r.match
	span := reactions[pace.Think]
	rnd := game.RandFor(m.rec.Setup.Seed, 1<<33+m.n*16+i)
	f := span[0] + (span[1]-span[0])*float64(rnd.IntN(1001))/1000
	d := time.Duration(float64(base) * f * strengthPace[r.botStrength()])
	if pace.By > 0 {
		left := time.Duration(pace.By-now.UnixMilli()) * time.Millisecond
		d = min(d, max(time.Duration(float64(left)*windowShare), 0))
	}
	return d
}

// botsAct lets the bot whose reaction time ran out first take its action;
// the change it causes arms the next move. A bot that changed its mind
// meanwhile (time passed: a cooldown ended) gets a new reaction time.
func (r *Room) botsAct(matchID string) {
	r.botTimer = nil
	if r.match == nil || r.match.rec.ID != matchID || !r.playing() {
		return
	}
	bot, _ := game.BotAt(r.entry.Rules, r.botStrength())
	m := r.match
	now := r.now()
	for _, i := range r.dueBots(now) {
		a, ok := r.botChoice(bot, i, now)
		if !ok || intentKey(a, game.PaceOf(bot, m.state, a)) != m.bots[i].key {
			continue
		}
		delete(m.bots, i)
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		_, err := r.apply(ctx, "", a)
		cancel()
		if err == nil {
			return
		}
		var re *game.RuleError
		if errors.As(err, &re) {
			// It would choose the same again at once: let it think a while.
			r.log().Warn("bot chose an illegal action", "seat", i, "type", a.Type, "err", err)
			m.bots[i] = botIntent{key: intentKey(a, game.PaceOf(bot, m.state, a)), due: now.Add(r.idleLook())}
			continue
		}
		// The store failed (down, full, closed): trying again at the
		// bot's own pace would spin, so it waits as an idle bot does.
		r.log().Error("bot action", "err", err)
		m.bots[i] = botIntent{key: intentKey(a, game.PaceOf(bot, m.state, a)), due: now.Add(r.idleLook())}
		break
	}
	r.armBots()
}

// dueBots are the bot seats whose reaction time is up, earliest first.
func (r *Room) dueBots(now time.Time) []int {
	m := r.match
	var out []int
	for i, in := range m.bots {
		if !in.due.After(now) && r.botPlays(i) {
			out = append(out, i)
		}
	}
	sort.Slice(out, func(a, b int) bool {
		da, db := m.bots[out[a]].due, m.bots[out[b]].due
		if da.Equal(db) {
			return out[a] < out[b]
		}
		return da.Before(db)
	})
	return out
}

// botStrength is how well the room's bots play.
func (r *Room) botStrength() game.Strength {
	s, _ := game.ParseStrength(string(r.rec.BotStrength))
	return s
}

// SetBotStrength sets how well the room's bots play, from their next
// decision on; host only. The lobby offers it, and it holds for every
// match of the room until changed.
func (r *Room) SetBotStrength(ctx context.Context, id Identity, name string) error {
	return r.do(ctx, func() error {
		if !r.isHost(id) {
			return ErrForbidden
		}
		s, ok := game.ParseStrength(name)
		if !ok || name == "" {
			return refuseSaid("game.refuse.bot_strength")
		}
		if err := r.reg.Store.SetRoomBotStrength(ctx, r.rec.Code, s); err != nil {
			return fmt.Errorf("set bot strength: %w", err)
		}
		r.rec.BotStrength = s
		r.changed()
		r.armBots()
		return nil
	})
}
