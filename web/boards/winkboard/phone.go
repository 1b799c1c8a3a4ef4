package winkboard

import (
	"encoding/json"

	"topsecret/internal/game"
	"topsecret/internal/games/wink"
	"topsecret/web/kit"
)

// phone is the model of one player's phone.
type phone struct {
	base
	V  *wink.SeatView
	Me player

	Contact player // my agent card's owner, when I hold one

	Take   bool
	Claim  string // the claim move's data, "" if no claim is legal
	SwapA  string // data of the three swaps, "" if not legal
	SwapL  string
	SwapB  string
	Pass   bool
	Answer string // caption of the contact's single button, "" if none
	// AnswerLive says the server accepts the contact's button now.
	AnswerLive bool
	Accusers   []accuseOpt
	CanFocus   map[int]bool
	Wink       bool
	Signal     bool
	// WinkAt and SignalAt are when a cooling-down wink or glance becomes
	// possible: the legal list is as of the last action, so the phone
	// enables the button itself when the time comes (data-enable-at).
	WinkAt   int64
	SignalAt int64
}

// accuseOpt is one winker the picker offers, with the epoch to quote.
type accuseOpt struct {
	P       player
	Epoch   int
	Targets map[int]bool
}

func newPhone(c kit.Context, v *wink.SeatView) *phone {
	m := &phone{base: newBase(c, &v.TableView, v.Me), V: v}
	m.Me = m.player(v.Me)
	if v.Agent != nil {
		m.Contact = m.player(v.Agent.Contact)
	}
	for _, mv := range c.Legal {
		m.offer(mv)
	}
	if e := v.Eyes; e != nil && v.Phase != wink.PhaseOver {
		if !m.Wink && v.Agent != nil && e.Focus == v.Agent.Contact && !e.Moving && e.WinkReadyAt > m.Now {
			m.WinkAt = e.WinkReadyAt
		}
		if !m.Signal && v.Location != nil && e.SignalReadyAt > m.Now {
			m.SignalAt = e.SignalReadyAt
		}
	}
	if m.Answer == "" && v.Answer != "" && v.Phase == wink.PhaseClaim && v.Claim != nil && v.Claim.Contact == v.Me {
		// The view says I must answer but the legal list is missing it
		// (e.g. a stale frame): still show the truthful caption, disabled.
		m.Answer = m.answerLabel()
	}
	return m
}

// offer turns one legal move into the controls that send it.
func (m *phone) offer(mv game.Move) {
	switch mv.Type {
	case wink.ActTakeCards:
		m.Take = true
	case wink.ActClaim:
		m.Claim = kit.DataOr(mv.Data, "{}")
	case wink.ActSwap:
		var s wink.Swap
		_ = json.Unmarshal(mv.Data, &s)
		d := kit.DataOr(mv.Data, "{}")
		switch {
		case s.Agent && s.Location:
			m.SwapB = d
		case s.Agent:
			m.SwapA = d
		case s.Location:
			m.SwapL = d
		}
	case wink.ActPass:
		m.Pass = true
	case wink.ActConfirmClaim:
		m.AnswerLive = true
		m.Answer = m.c.Say(mv.Label)
		if m.Answer == "" {
			m.Answer = m.t("wink.ui.confirm")
		}
	case wink.ActAccuse:
		m.offerAccuse(mv)
	case wink.ActSetFocus:
		m.CanFocus = map[int]bool{}
		for _, t := range mv.Fields["seat"] {
			if n, ok := kit.ToInt(t); ok {
				m.CanFocus[n] = true
			}
		}
	case wink.ActWink:
		m.Wink = true
	case wink.ActSignal:
		m.Signal = true
	}
}

// offerAccuse adds one winker to the CAUGHT! picker.
func (m *phone) offerAccuse(mv game.Move) {
	var a struct {
		Winker int `json:"winker"`
		Epoch  int `json:"epoch"`
	}
	if json.Unmarshal(mv.Data, &a) != nil {
		return
	}
	opt := accuseOpt{P: m.player(a.Winker), Epoch: a.Epoch, Targets: map[int]bool{}}
	for _, t := range mv.Fields["target"] {
		if n, ok := kit.ToInt(t); ok {
			opt.Targets[n] = true
		}
	}
	m.Accusers = append(m.Accusers, opt)
}

// answerLabel is the contact's caption from SeatView.Answer.
func (m *phone) answerLabel() string {
	if m.V.Answer == "reveal" && m.V.Claim != nil {
		return m.t("wink.move.reveal", msgArg("place", wink.PlaceTerm(m.V.Claim.Location.Code)))
	}
	return m.t("wink.move.not_me")
}

// canAccuse says CAUGHT! is live: chips left and at least one winker to name.
func (m *phone) canAccuse() bool { return m.Me.Chips >= 1 && len(m.Accusers) > 0 && !m.over() }

// remote reports the Remote Eyes screen.
func (m *phone) remote() bool { return m.V.Mode == wink.ModeRemote && m.V.Eyes != nil }

// claimer is the pending claim's claimant.
func (m *phone) claimer() player { return m.player(m.V.Claim.Claimant) }

// contactOf is the pending claim's contact.
func (m *phone) contactOf() player { return m.player(m.V.Claim.Contact) }

// claimConfirm is the confirm text for claiming at place code.
func (m *phone) claimConfirm(code string) string {
	place := msgArg("place", wink.PlaceTerm(code))
	if m.V.Agent == nil {
		return m.t("wink.ui.claim_confirm_unknown", place)
	}
	return m.t("wink.ui.claim_confirm", seatArg("contact", m.Contact.Seat), place)
}

// claimData is the claim move's data with the place filled in.
func (m *phone) claimData(code string) string {
	var d map[string]any
	if json.Unmarshal([]byte(m.Claim), &d) != nil || d == nil {
		d = map[string]any{}
	}
	d["location"] = code
	b, _ := json.Marshal(d)
	return string(b)
}

// chipsLabel says how many chips I have left, for screen readers.
func (m *phone) chipsLabel() string { return m.t("wink.ui.chips_n", game.N("n", m.Me.Chips)) }

// accusePieces is the picker's confirm sentence, split so each name slot can
// hold one span per player (the script shows the picked ones).
func (m *phone) accusePieces() []kit.Piece {
	return m.c.Pieces("wink.ui.accused", map[string]string{"winker": "", "target": ""})
}

// logLook is the phone's log: the six newest lines, two of them at most
// the seat's own notices, which say nothing once the game is over.
func (m *phone) logLook() kit.LogLook {
	look := kit.LogLook{Prefix: "wk", ID: "wink-events", Notice: "wink-notice", Lines: 6, Notices: 2}
	if m.over() {
		look.Notices = 0
	}
	return look
}
