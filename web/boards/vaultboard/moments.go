package vaultboard

import (
	"topsecret/internal/game"
	"topsecret/internal/games/vault"
)

// The latest trick's moments (H13) as the boards draw them: the reveal,
// the blast, the mole race and the banking.

// seatCard is a card with its owner.
type seatCard struct {
	P    player
	Card vault.CardInfo
}

// revealed are the reveal's cards with their players.
func (b *base) revealed() []seatCard {
	if b.T.Reveal == nil {
		return nil
	}
	out := make([]seatCard, 0, len(b.T.Reveal.Cards))
	for _, c := range b.T.Reveal.Cards {
		out = append(out, seatCard{P: b.player(c.Seat), Card: c.Card})
	}
	return out
}

// revealTitle heads the reveal row: title alone for the running trick,
// with the trick's number once it is an earlier one or the deal is over.
func (b *base) revealTitle(title string) string {
	if b.T.Reveal.Trick != b.T.Trick || b.over() {
		return b.t("vault.ui.reveal.of_trick", game.X("title", title), game.N("trick", b.T.Reveal.Trick))
	}
	return title
}

// burned are the blast's cards with their players.
func (b *base) burned() []seatCard {
	if b.T.Blast == nil {
		return nil
	}
	out := make([]seatCard, 0, len(b.T.Blast.Burned))
	for _, c := range b.T.Blast.Burned {
		out = append(out, seatCard{P: b.player(c.Seat), Card: c.Card})
	}
	return out
}

// blastNow says the blast belongs to the trick on screen.
func (b *base) blastNow() bool {
	return b.T.Blast != nil && b.T.Reveal != nil && b.T.Blast.Seq > b.T.Reveal.Seq
}

// survivors are the documents and agents the blast left: those still in
// the open and those banked right after it.
func (b *base) survivors() []seatCard {
	var out []seatCard
	for _, p := range b.Players {
		for _, c := range p.Stake {
			out = append(out, seatCard{P: p, Card: c})
		}
	}
	if b.T.Blast != nil {
		for _, x := range b.T.Banks {
			if x.Seq > b.T.Blast.Seq {
				for _, c := range x.Cards {
					out = append(out, seatCard{P: b.player(x.Seat), Card: c})
				}
			}
		}
	}
	return out
}

// missedLine is "Daan forgot to shout: −50", or "" when everyone shouted.
func (b *base) missedLine() string {
	if b.T.Blast == nil || len(b.T.Blast.Missed) == 0 {
		return ""
	}
	ns := make([]string, 0, len(b.T.Blast.Missed))
	for _, s := range b.T.Blast.Missed {
		ns = append(ns, b.who(s))
	}
	return b.t("vault.ui.blast.missed", game.X("who", b.list(ns)), game.N("points", vault.MissedBoomPenalty))
}

// stealLine is one mole's attempt in words.
type stealLine struct {
	Seq    int
	Mole   player
	Result string
	Text   string
	Card   *vault.CardInfo
}

// steals are the moles' attempts in the order the server took them.
func (b *base) steals() []stealLine {
	out := make([]stealLine, 0, len(b.T.Steals))
	for _, s := range b.T.Steals {
		l := stealLine{Seq: s.Seq, Mole: b.player(s.Mole), Result: s.Result, Card: s.Card}
		who := game.X("who", b.who(s.Mole))
		switch s.Result {
		case vault.StoleCard:
			l.Text = b.t("vault.ui.steal.stole", who, game.X("whose", b.whose(s.From)), b.cardArg(s.Card))
		case vault.MissedCard:
			l.Text = b.t("vault.ui.steal.missed", who, game.X("whose", b.whose(s.From)), b.cardArg(s.Card))
		case vault.PassedSteal:
			l.Text = b.t("vault.ui.steal.passed", who)
		case vault.TimedOut:
			l.Text = b.t("vault.ui.steal.timeout", who)
		default:
			l.Text = b.t("vault.ui.steal.nothing", who)
		}
		out = append(out, l)
	}
	return out
}

// tileLine is an eligible card in the mole race.
type tileLine struct {
	Owner player
	Card  vault.CardInfo
	Taken bool
	By    player
}

// tiles are this trick's eligible cards (R6).
func (b *base) tiles() []tileLine {
	out := make([]tileLine, 0, len(b.T.Eligible))
	for _, t := range b.T.Eligible {
		l := tileLine{Owner: b.player(t.Seat), Card: t.Card, Taken: t.TakenBy >= 0}
		if l.Taken {
			l.By = b.player(t.TakenBy)
		}
		out = append(out, l)
	}
	return out
}

// bankLine is cards going into a safe.
type bankLine struct {
	Seq   int
	P     player
	Cards []vault.CardInfo
	Side  string
	Auto  bool
}

func (b *base) banks() []bankLine {
	out := make([]bankLine, 0, len(b.T.Banks))
	for _, x := range b.T.Banks {
		out = append(out, bankLine{Seq: x.Seq, P: b.player(x.Seat), Cards: x.Cards, Side: x.Side, Auto: x.Auto})
	}
	return out
}

// side names a safe side (x1, x2) in words.
func (b *base) side(s string) string {
	if s == vault.SideX2 {
		return b.t("vault.ui.side.x2")
	}
	return b.t("vault.ui.side.x1")
}

// rankLine is one seat's place at the deal's end with its safe opened.
type rankLine struct {
	Rank  int
	Score int
	P     player
	Safe  *vault.SafeView
}

func (b *base) ranking() []rankLine {
	if b.T.Over == nil {
		return nil
	}
	safes := map[int]*vault.SafeView{}
	for i := range b.T.Safes {
		safes[b.T.Safes[i].Seat] = &b.T.Safes[i]
	}
	out := make([]rankLine, 0, len(b.T.Over.Ranking))
	for _, s := range b.T.Over.Ranking {
		out = append(out, rankLine{Rank: s.Rank, Score: s.Score, P: b.player(s.Seat), Safe: safes[s.Seat]})
	}
	return out
}

// summary is the deal's outcome in words, or "".
func (b *base) summary() string {
	if b.T.Over == nil {
		return ""
	}
	return b.say(b.T.Over.Summary)
}
