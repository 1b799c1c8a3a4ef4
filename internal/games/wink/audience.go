package wink

import "topsecret/internal/game"

// Whom an action concerns (game.Addresser). Everything the table's game
// does (the deal, a claim and its answer, a swap, a pass, an accusation
// heard, the phases' timers) changes what the table shows, which every
// seat's view holds: it concerns everyone, and it always says so to
// everyone (log) or moves the phase on (enter). The remote eyes concern
// fewer: a look concerns the looker and whoever watches the looker (their
// gaze shows where the looker looks); a wink or a glance, its author and
// whoever sees it; eyes that land (focus_arrived), the looker and its
// watchers; an accusation queued behind a claim, the accuser.

// Audience is whom the latest action concerned.
func (m *match) Audience() game.Audience { return m.news.Audience() }

// touchLooker says a change of p's effective focus: p sees it, and so does
// everyone whose eyes rest on p.
func (m *match) touchLooker(p int) {
	m.news.Touch(game.Seat(p))
	t := m.clock.Now
	for r := range m.players {
		if r != p && m.players[r].effective(t) == p {
			m.news.Touch(game.Seat(r))
		}
	}
}

// readied touches the seats whose wink or glance cooled down between the
// previous action's time was and this one's t: their legal moves are the
// ones legal at the latest action's time, so the clock moving on lists
// the wink or glance again.
func (m *match) readied(was, t int64) {
	if !m.remote() || t == was {
		return
	}
	for i, p := range m.players {
		wink, signal := p.lastWink+int64(m.opts.WinkCooldownMs), p.lastSignal+int64(m.opts.SignalCooldownMs)
		if (wink > was && wink <= t) || (signal > was && signal <= t) {
			m.news.Touch(game.Seat(i))
		}
	}
}
