package room

import (
	"context"
	"errors"
	"time"

	"topsecret/internal/game"
)

// armBots schedules the bots' next look at the match after d.
func (r *Room) armBots(d time.Duration) {
	if r.botTimer != nil {
		r.botTimer.Stop()
		r.botTimer = nil
	}
	if !r.playing() || !r.hasBots() {
		return
	}
	if _, ok := game.BotFor(r.entry.Rules); !ok {
		return
	}
	matchID := r.match.rec.ID
	r.botTimer = r.reg.Clock.AfterFunc(d, func() {
		r.post(func() { r.botsAct(matchID) })
	})
}

func (r *Room) hasBots() bool {
	for i := range r.match.rec.Seats {
		if r.botPlays(i) {
			return true
		}
	}
	return false
}

// botsAct lets the first bot that wants to act take one action; the change
// it causes arms the next look. Bots that all wait (a cooldown) look again
// after BotIdle.
func (r *Room) botsAct(matchID string) {
	r.botTimer = nil
	if r.match == nil || r.match.rec.ID != matchID || !r.playing() {
		return
	}
	bot, _ := game.BotFor(r.entry.Rules)
	m := r.match
	now := max(r.now().UnixMilli(), m.lastAt)
	for i := range m.rec.Seats {
		if !r.botPlays(i) {
			continue
		}
		// Bots draw from their own stream per log position, so a bot's
		// choice is reproducible in tests without touching the deal's streams.
		rnd := game.RandFor(m.rec.Setup.Seed, 1<<32+m.n*16+i)
		a, ok := bot.Act(m.state, game.Seat(i), now, rnd)
		if !ok {
			continue
		}
		a.Seat = game.Seat(i)
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		_, err := r.apply(ctx, "", a)
		cancel()
		if err == nil {
			return
		}
		var re *game.RuleError
		if errors.As(err, &re) {
			r.log().Warn("bot chose an illegal action", "seat", i, "type", a.Type, "err", err)
			continue
		}
		r.log().Error("bot action", "err", err)
		break
	}
	r.armBots(max(r.reg.BotIdle, r.reg.BotDelay))
}
