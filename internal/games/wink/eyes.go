package wink

import (
	"topsecret/internal/game"
)

// Sighting kinds: what a watcher saw in remote mode (§8.3).
const (
	// SightWink is a wink seen because the viewer was looking at the winker.
	SightWink = "wink"
	// SightSignal is a glance at a location tile seen the same way.
	SightSignal = "signal"
	// SightWinkedAtYou is the discreet notice of winkDelivery "guaranteed".
	SightWinkedAtYou = "winked_at_you"
)

// maxSightings is how many sightings a seat remembers.
const maxSightings = 16

// Sighting is one wink or glance a player was entitled to see, because their
// effective focus was on its author at that instant (§8.3). Seq grows per
// viewer so a client can animate only new ones.
type Sighting struct {
	Seq  int    `json:"seq"`
	At   int64  `json:"at"`
	Kind string `json:"kind"`
	From int    `json:"from"`
	// To is the wink's target: the watcher sees the winker's eye-line.
	To int `json:"to"`
	// Epoch is the winker's agentEpoch at the wink (public anyway).
	Epoch int `json:"epoch"`
	// Location is the tile glanced at, for a signal.
	Location string `json:"location,omitempty"`
	// LocationEpoch counts the signaller's location cards so far, so a
	// watcher knows when a glance has gone out of date.
	LocationEpoch int `json:"location_epoch"`
}

// effective is p's effective focus at t: -1 while the eyes are moving (§8.3).
func (p *player) effective(t int64) int {
	if p.focus < 0 || (!p.arrived && t < p.focusAt) {
		return -1
	}
	return p.focus
}

// settleFocus marks every focus whose travel ended by t as arrived: the
// eyes landed, for their looker and their watchers.
func (m *match) settleFocus(t int64) {
	var landed []int
	for i := range m.players {
		p := &m.players[i]
		if !p.arrived && t >= p.focusAt {
			p.arrived = true
			landed = append(landed, i)
		}
	}
	for _, i := range landed {
		m.touchLooker(i)
	}
}

// focusTimers are the arrival timers of focuses still travelling.
func (m *match) focusTimers() []game.Timer {
	var ts []game.Timer
	for i, p := range m.players {
		if !p.arrived {
			ts = append(ts, game.Timer{At: p.focusAt, Fires: game.Action{Seat: game.System, Type: ActFocusArrived,
				Data: intsJSON("seat", i, "focus_no", p.focusNo)}})
		}
	}
	return ts
}

// checkEyes refuses the remote-mode commands in table mode (C7).
func (m *match) checkEyes() error {
	if !m.remote() {
		return game.Illegal("C7", "wink.refuse.real_eyes")
	}
	return nil
}

func (d SetFocus) check(m *match, s int, _ int64) error {
	if err := m.checkEyes(); err != nil {
		return err
	}
	if d.Seat < -1 || d.Seat >= m.n {
		return game.Malformed("set_focus: seat must be -1 (nobody) or 0–%d", m.n-1)
	}
	if d.Seat == s {
		return game.Illegal("C7", "wink.refuse.look_at_self")
	}
	if d.Seat == m.players[s].focus {
		return game.Illegal("C7", "wink.refuse.already_looking")
	}
	return nil
}

func (d SetFocus) apply(m *match, s int, t int64, _ *game.Rand) {
	m.touchLooker(s) // its watchers saw where it looked until now
	p := &m.players[s]
	p.focus = d.Seat
	p.focusNo++
	p.focusAt = t + int64(m.opts.FocusTravelMs)
	p.arrived = m.opts.FocusTravelMs == 0
}

func (d FocusArrived) check(m *match, _ int, t int64) error {
	if d.Seat < 0 || d.Seat >= m.n {
		return game.Malformed("focus_arrived: no seat %d", d.Seat)
	}
	p := m.players[d.Seat]
	if p.focusNo != d.FocusNo || p.arrived {
		return game.Stale("C7", "wink.refuse.look_landed")
	}
	if t < p.focusAt {
		return game.Stale("C7", "wink.refuse.eyes_moving")
	}
	return nil
}

// apply has nothing left to do: every action first lands the eyes that
// arrived by its time (settleFocus), these included, for whom they concern.
func (d FocusArrived) apply(m *match, _ int, _ int64, _ *game.Rand) {
	m.players[d.Seat].arrived = true
	m.news.Touch()
}

func (winkCmd) check(m *match, s int, t int64) error {
	if err := m.checkEyes(); err != nil {
		return err
	}
	p := &m.players[s]
	if p.agent == noColour {
		return game.Illegal("C7", "wink.refuse.wink_no_card")
	}
	f := p.effective(t)
	if f < 0 {
		return game.Illegal("C7", "wink.refuse.look_first")
	}
	if f != int(p.agent) {
		return game.Illegal("R25", "wink.refuse.not_your_contact", seatArg("seat", f))
	}
	if t-p.lastWink < int64(m.opts.WinkCooldownMs) {
		return game.Illegal("C7", "wink.refuse.wink_cooldown")
	}
	return nil
}

func (winkCmd) apply(m *match, s int, t int64, _ *game.Rand) {
	m.news.Touch(game.Seat(s))
	p := &m.players[s]
	p.lastWink = t
	to := int(p.agent)
	if !m.winked(s, to, p.epoch) {
		kept := m.winks[:0:0]
		for _, w := range m.winks {
			if w.epoch >= m.players[w.from].epoch {
				kept = append(kept, w)
			}
		}
		m.winks = append(kept, wink{from: s, to: to, epoch: p.epoch, at: t})
	}
	sawIt := false
	for r := range m.players {
		if r != s && m.players[r].effective(t) == s {
			m.see(r, Sighting{At: t, Kind: SightWink, From: s, To: to, Epoch: p.epoch})
			sawIt = sawIt || r == to
		}
	}
	if m.opts.WinkDelivery == DeliveryGuaranteed && !sawIt {
		m.see(to, Sighting{At: t, Kind: SightWinkedAtYou, From: s, To: to, Epoch: p.epoch})
	}
}

// winked reports whether the wink log holds a wink from → to with epoch (R15).
func (m *match) winked(from, to, epoch int) bool {
	for _, w := range m.winks {
		if w.from == from && w.to == to && w.epoch == epoch {
			return true
		}
	}
	return false
}

func (signalCmd) check(m *match, s int, t int64) error {
	if err := m.checkEyes(); err != nil {
		return err
	}
	p := &m.players[s]
	if p.loc == noLocation {
		return game.Illegal("C7", "wink.refuse.glance_no_card")
	}
	if t-p.lastSignal < int64(m.opts.SignalCooldownMs) {
		return game.Illegal("C7", "wink.refuse.glance_cooldown")
	}
	return nil
}

func (signalCmd) apply(m *match, s int, t int64, _ *game.Rand) {
	m.news.Touch(game.Seat(s))
	p := &m.players[s]
	p.lastSignal = t
	for r := range m.players {
		if r != s && m.players[r].effective(t) == s {
			m.see(r, Sighting{At: t, Kind: SightSignal, From: s, To: -1,
				Location: p.loc.Code(), LocationEpoch: p.locEpoch, Epoch: p.epoch})
		}
	}
}

// see gives seat r a sighting.
func (m *match) see(r int, s Sighting) {
	m.news.Touch(game.Seat(r))
	p := &m.players[r]
	p.sightSeq++
	s.Seq = p.sightSeq
	p.sightings = append(p.sightings, s)
	if len(p.sightings) > maxSightings {
		p.sightings = append([]Sighting(nil), p.sightings[len(p.sightings)-maxSightings:]...)
	}
}
