package vaultboard

import (
	"topsecret/internal/game"
	"topsecret/internal/games/vault"
	"topsecret/web/kit"
)

// player is one seat as every board draws it.
type player struct {
	vault.PlayerInfo
	Name    string
	Initial string
	Away    bool
	Me      bool
	Winner  bool
}

// base holds what the phone and the table share: the public view, the
// seats and the words.
type base struct {
	c       kit.Context
	T       *vault.TableView
	Now     int64
	Me      int // -1 on the table screen and in the replay
	Players []player
}

func newBase(c kit.Context, t *vault.TableView, me int) base {
	b := base{c: c, T: t, Now: c.Now, Me: me}
	winners := map[int]bool{}
	if t.Over != nil {
		for _, w := range t.Over.Winners {
			winners[w] = true
		}
	}
	for _, p := range t.Players {
		name := c.Name(p.Seat)
		b.Players = append(b.Players, player{PlayerInfo: p, Name: name, Initial: kit.Initial(name),
			Away: c.IsAway(p.Seat), Me: p.Seat == me, Winner: winners[p.Seat]})
	}
	return b
}

// t words one of the board's own catalogue entries.
func (b *base) t(id string, args ...game.Arg) string { return b.c.T(id, args...) }

// say words a message of the engine's.
func (b *base) say(m game.Msg) string { return b.c.Say(m) }

// list joins words as the viewer's language lists them ("A, B and C").
func (b *base) list(parts []string) string { return b.c.Words.List(parts) }

// who is seat s's name, or "You" on my own phone.
func (b *base) who(s int) string {
	if s == b.Me && s >= 0 {
		return b.t("vault.ui.you")
	}
	return b.c.Name(s)
}

// whose is "Anna’s", or "your" on my own phone.
func (b *base) whose(s int) string {
	if s == b.Me && s >= 0 {
		return b.t("vault.ui.your")
	}
	return b.t("vault.ui.whose", game.P("who", game.Seat(s)))
}

// player returns seat s, or a blank player.
func (b *base) player(s int) player {
	if s >= 0 && s < len(b.Players) {
		return b.Players[s]
	}
	name := b.c.Name(s)
	return player{PlayerInfo: vault.PlayerInfo{Seat: s}, Name: name, Initial: kit.Initial(name)}
}

func (b *base) over() bool { return b.T.Phase == vault.PhaseDealEnd }

// deadline is the running timer's deadline for phase kind ("" = any), 0 for none.
func (b *base) deadline(kind vault.Phase) int64 {
	if b.T.Timer != nil && (kind == "" || b.T.Timer.Kind == string(kind)) {
		return b.T.Timer.At
	}
	return 0
}

// waiting are the seats the running phase still waits for, from the
// public flags only.
func (b *base) waiting() []player {
	var out []player
	for _, p := range b.Players {
		if b.awaited(p) {
			out = append(out, p)
		}
	}
	return out
}

// awaited reports whether the phase waits for p.
func (b *base) awaited(p player) bool {
	switch b.T.Phase {
	case vault.PhaseSelect:
		return !p.Committed
	case vault.PhaseBoom:
		return isCode(p.Action, "TE") && !p.Boomed
	case vault.PhaseSteal:
		return isCode(p.Action, "MO") && !p.MoleDone
	case vault.PhaseSecure:
		return p.Decider && !p.Decided
	}
	return false
}

// waitingNames is "Anna, Bram and you", or "" when nobody is awaited.
func (b *base) waitingNames() string {
	w := b.waiting()
	if len(w) == 0 {
		return ""
	}
	ns := make([]string, 0, len(w))
	for _, p := range w {
		if p.Me {
			ns = append(ns, b.t("vault.ui.you_object"))
		} else {
			ns = append(ns, p.Name)
		}
	}
	return b.list(ns)
}

// committedCount is how many have committed this trick.
func (b *base) committedCount() int {
	n := 0
	for _, p := range b.Players {
		if p.Committed {
			n++
		}
	}
	return n
}

// withAction are the seats whose action slot holds code (TE or MO).
func (b *base) withAction(code string) []player {
	var out []player
	for _, p := range b.Players {
		if isCode(p.Action, code) {
			out = append(out, p)
		}
	}
	return out
}

// names joins the players' names ("You" for me).
func (b *base) names(ps []player) string {
	ns := make([]string, 0, len(ps))
	for _, p := range ps {
		ns = append(ns, b.who(p.Seat))
	}
	return b.list(ns)
}

// namesArg is ps's names as the "who" argument of a sentence, with "n"
// picking the verb's form: one other player takes the singular ("Anna is
// choosing"), several players or "you" the plural ("You are choosing").
func (b *base) namesArg(ps []player) []game.Arg {
	n := len(ps)
	if n == 1 && ps[0].Me {
		n = 2
	}
	return []game.Arg{game.X("who", b.names(ps)), game.N("n", n)}
}

// phaseTitle names the running step for a headline.
func (b *base) phaseTitle() string {
	switch b.T.Phase {
	case vault.PhaseSelect:
		return b.t("vault.ui.phase.select")
	case vault.PhaseBoom:
		return b.t("vault.ui.phase.boom")
	case vault.PhaseSteal:
		return b.t("vault.ui.phase.steal")
	case vault.PhaseSecure:
		return b.t("vault.ui.phase.secure")
	case vault.PhaseDealEnd:
		return b.t("vault.ui.phase.deal_end")
	}
	return ""
}

// eventSeq is a data-seq value unique per board and kind of thing.
func eventSeq(prefix string, seq int) string { return prefix + "-" + kit.Itoa(seq) }

// revealSeq is the reveal's seq, 0 for none.
func revealSeq(r *vault.RevealMoment) int {
	if r == nil {
		return 0
	}
	return r.Seq
}
