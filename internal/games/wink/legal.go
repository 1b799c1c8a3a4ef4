package wink

import (
	"topsecret/internal/game"
)

// Legal lists the actions seat s may take now. Moves that depend on time
// (wink and signal cooldowns, focus travel) are listed when they are legal at
// the time of the latest action, so they stay legal at any later time.
func (m *match) Legal(seat game.Seat) []game.Move {
	s := int(seat)
	if m.phase == PhaseOver || s < 0 || s >= m.n {
		return nil
	}
	// Room for every move up front: growing the list part by part was a
	// fifth of what listing a seat's moves cost (BenchmarkLegal).
	out := make([]game.Move, 0, m.n+8)
	p := &m.players[s]
	switch m.phase {
	case PhaseDeal:
		if s == m.suitcase {
			out = append(out, game.Move{Type: ActTakeCards, Label: game.M("wink.move.take_cards")})
		}
	case PhaseTurn:
		if s == m.suitcase {
			out = m.turnMoves(out, s)
		}
	case PhaseClaim:
		if s == m.claim.contact {
			label := game.M("wink.move.not_me")
			if m.claim.match {
				label = game.M("wink.move.reveal", termArg("place", m.claim.loc.Term()))
			}
			out = append(out, game.Move{Type: ActConfirmClaim, Label: label})
		}
	}
	if p.chips-m.queued(s) >= 1 {
		out = m.accuseMoves(out, s)
	}
	if m.remote() {
		out = m.eyesMoves(out, s)
	}
	if len(out) == 0 {
		return nil // no moves is no list, as a seat of a table-mode match has
	}
	return out
}

func (m *match) turnMoves(out []game.Move, s int) []game.Move {
	p := &m.players[s]
	if !m.remote() || m.winked(s, int(p.agent), p.epoch) {
		out = append(out, game.Move{Type: ActClaim, Label: game.M("wink.move.claim"),
			Data:   intsJSON("epoch", p.epoch),
			Fields: map[string][]any{"location": {"CAF", "MET", "KIO", "FOU"}}})
	}
	out = append(out,
		game.Move{Type: ActSwap, Label: game.M("wink.move.swap_agent"), Data: mustJSON(Swap{Agent: true, Epoch: p.epoch})},
		game.Move{Type: ActSwap, Label: game.M("wink.move.swap_location"), Data: mustJSON(Swap{Location: true, Epoch: p.epoch})},
		game.Move{Type: ActSwap, Label: game.M("wink.move.swap_both"), Data: mustJSON(Swap{Agent: true, Location: true, Epoch: p.epoch})},
		game.Move{Type: ActPass, Label: game.M("wink.move.pass")})
	return out
}

// accuseMoves adds one template per possible winker, with the winker's
// epoch filled in and the target open.
func (m *match) accuseMoves(out []game.Move, s int) []game.Move {
	for x, px := range m.players {
		if x == s || px.agent == noColour {
			continue
		}
		targets := make([]any, 0, m.n)
		for y := range m.players {
			if y != s && y != x {
				targets = append(targets, y)
			}
		}
		out = append(out, game.Move{Type: ActAccuse, Label: game.M("wink.move.accuse"),
			Data:   intsJSON("epoch", px.epoch, "winker", x),
			Fields: map[string][]any{"target": targets}})
	}
	return out
}

func (m *match) eyesMoves(out []game.Move, s int) []game.Move {
	p := &m.players[s]
	seats := make([]any, 0, m.n)
	for q := -1; q < m.n; q++ {
		if q != s && q != p.focus {
			seats = append(seats, q)
		}
	}
	out = append(out, game.Move{Type: ActSetFocus, Label: game.M("wink.move.set_focus"), Fields: map[string][]any{"seat": seats}})
	t := m.clock.Now
	if p.agent != noColour && p.effective(t) == int(p.agent) && t-p.lastWink >= int64(m.opts.WinkCooldownMs) {
		out = append(out, game.Move{Type: ActWink, Label: game.M("wink.move.wink")})
	}
	if p.loc != noLocation && t-p.lastSignal >= int64(m.opts.SignalCooldownMs) {
		out = append(out, game.Move{Type: ActSignal, Label: game.M("wink.move.signal")})
	}
	return out
}
