package vaultboard

import (
	"encoding/json"

	"github.com/a-h/templ"

	"topsecret/internal/game"
	"topsecret/internal/games/vault"
	"topsecret/web/kit"
)

// phone is the model of one player's phone.
type phone struct {
	base
	V   *vault.SeatView
	MeP player

	// CanCommit[id] says the commit template lists hand card id; Commit is
	// the template's data.
	CanCommit map[int]bool
	Commit    json.RawMessage
	Boom      string // data of the legal Boom, "" when none
	// Steal[id] is the data of the legal steal of card id.
	Steal   map[int]string
	NoSteal string // data of the legal No steal, "" when none
	Bank    string // data of the legal secure moves, "" when not legal
	Keep    string
}

// drawPhone draws seat v.Me's phone.
func drawPhone(c kit.Context, v *vault.SeatView) templ.Component {
	if v == nil {
		return templ.NopComponent
	}
	return phoneBoard(newPhone(c, v))
}

func newPhone(c kit.Context, v *vault.SeatView) *phone {
	m := &phone{base: newBase(c, &v.TableView, v.Me), V: v, CanCommit: map[int]bool{}, Steal: map[int]string{}}
	m.MeP = m.player(v.Me)
	for _, mv := range c.Legal {
		m.offer(mv)
	}
	return m
}

// offer files one legal move under the button that sends it.
func (m *phone) offer(mv game.Move) {
	switch mv.Type {
	case vault.ActCommit:
		m.Commit = mv.Data
		for _, x := range mv.Fields["card"] {
			if n, ok := kit.ToInt(x); ok {
				m.CanCommit[n] = true
			}
		}
	case vault.ActBoom:
		m.Boom = kit.DataOr(mv.Data, "{}")
	case vault.ActSteal:
		var s vault.Steal
		if json.Unmarshal(mv.Data, &s) == nil {
			m.Steal[s.Card] = kit.DataOr(mv.Data, "{}")
		}
	case vault.ActNoSteal:
		m.NoSteal = kit.DataOr(mv.Data, "{}")
	case vault.ActSecure:
		var s vault.Secure
		if json.Unmarshal(mv.Data, &s) != nil {
			return
		}
		switch s.Choice {
		case vault.ChoiceBank:
			m.Bank = kit.DataOr(mv.Data, "{}")
		case vault.ChoiceKeep:
			m.Keep = kit.DataOr(mv.Data, "{}")
		}
	}
}

// commitData is the commit template's data with the card filled in.
func (m *phone) commitData(id int) string {
	var d map[string]any
	if json.Unmarshal(m.Commit, &d) != nil || d == nil {
		d = map[string]any{}
	}
	d["card"] = id
	b, _ := json.Marshal(d)
	return string(b)
}

// commitConfirm is the confirm text of playing card c.
func (m *phone) commitConfirm(c vault.CardInfo) string {
	return m.t("vault.ui.hand.confirm", m.cardArg(&c))
}

// canCommit says the commit move is live at all.
func (m *phone) canCommit() bool { return len(m.CanCommit) > 0 }

// isTerrorist says I revealed a terrorist this trick.
func (m *phone) isTerrorist() bool { return isCode(m.MeP.Action, "TE") }

// canSteal says my mole may still act.
func (m *phone) canSteal() bool { return len(m.Steal) > 0 || m.NoSteal != "" }

// canSecure says the bank-or-keep choice is live.
func (m *phone) canSecure() bool { return m.Bank != "" || m.Keep != "" }

// stakeHint says what banking my lone card would be worth.
func (m *phone) stakeHint() string {
	if len(m.V.Stake) != 1 {
		return ""
	}
	c := m.V.Stake[0]
	if c.Code == "AG" {
		return m.t("vault.ui.secure.hint_agent")
	}
	return m.t("vault.ui.secure.hint_document", game.N("value", c.Value), game.N("pair", 4*c.Value))
}

// decisionText is my hidden choice in words.
func (m *phone) decisionText() string {
	switch m.V.Decision {
	case vault.ChoiceBank:
		return m.t("vault.ui.secure.decided_bank")
	case vault.ChoiceKeep:
		return m.t("vault.ui.secure.decided_keep")
	}
	return ""
}

// others are every seat but mine.
func (m *phone) others() []player {
	out := make([]player, 0, len(m.Players))
	for _, p := range m.Players {
		if !p.Me {
			out = append(out, p)
		}
	}
	return out
}

// logLook is the phone's log: the newest lines, with at most two of the
// seat's own notices while the deal runs. A notice ("You played Mole
// face-down", "You will bank Agent…") describes a pending choice: once a
// public event follows it, the choice has played out and it would only
// mislead.
func (m *phone) logLook() kit.LogLook {
	look := kit.LogLook{Prefix: "vt", ID: "vault-events", Notice: "vault-notice", Lines: 7, Notices: 2, Fresh: true}
	if m.over() {
		look.Notices = 0
	}
	return look
}

// tableLog is the table screen's log: the three newest events.
var tableLog = kit.LogLook{Prefix: "vt", Class: "vt-log vt-tlog", ID: "vault-events", Lines: 3}
