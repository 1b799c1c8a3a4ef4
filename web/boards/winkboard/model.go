package winkboard

import (
	"strings"

	"github.com/a-h/templ"

	"topsecret/internal/game"
	"topsecret/internal/games/wink"
	"topsecret/web/kit"
)

// player is one seat as every board draws it.
type player struct {
	Seat     int
	Name     string
	Initial  string
	Colour   string // the engine's colour name, a palette key
	Chips    int
	Score    int
	Suitcase bool
	Away     bool
	Me       bool
	HasAgent bool
	Winner   bool
}

// base holds what the phone and the table share.
type base struct {
	c       kit.Context
	T       *wink.TableView
	Now     int64
	Players []player
}

func newBase(c kit.Context, t *wink.TableView, me int) base {
	b := base{c: c, T: t, Now: c.Now}
	winners := map[int]bool{}
	if t.Over != nil {
		for _, w := range t.Over.Winners {
			winners[w] = true
		}
	}
	for _, p := range t.Players {
		name := c.Name(p.Seat)
		b.Players = append(b.Players, player{
			Seat: p.Seat, Name: name, Initial: kit.Initial(name),
			Colour: p.Colour, Chips: p.Chips, Score: p.Score, Suitcase: p.Suitcase,
			Away: c.IsAway(p.Seat), Me: p.Seat == me, HasAgent: p.HasAgent,
			Winner: winners[p.Seat],
		})
	}
	return b
}

// bannerLines is how many of the viewer's newest lines a banner may come
// from: as many as a view once carried, so a banner stays while its event
// is news.
const bannerLines = 12

// t words one of the board's own messages.
func (b *base) t(id string, args ...game.Arg) string { return b.c.T(id, args...) }

// strong words a message with the named arguments (already worded) in bold.
func (b *base) strong(id string, apart map[string]string, args ...game.Arg) templ.Component {
	return b.c.Strong(id, apart, args...)
}

// name is seat s's name.
func (b *base) name(s int) string { return b.c.Name(s) }

// player returns seat s, or a blank player.
func (b *base) player(s int) player {
	if s >= 0 && s < len(b.Players) {
		return b.Players[s]
	}
	return player{Seat: s, Name: b.c.Name(s), Initial: "?"}
}

// holder is the suitcase holder's name.
func (b *base) holder() string { return b.name(b.T.Suitcase) }

// colour words an engine colour name ("green").
func (b *base) colour(name string) string { return b.c.Say(wink.ColourTerm(name)) }

// agentOf names an agent card by its colour: "Agent green".
func (b *base) agentOf(colour string) string {
	return b.t("wink.ui.agent_colour", msgArg("colour", wink.ColourTerm(colour)))
}

// place words a location code; the board never shows the code itself.
func (b *base) place(code string) string { return b.c.Say(wink.PlaceTerm(code)) }

// deadline is the running timer's deadline, 0 for none.
func (b *base) deadline(kind string) int64 {
	if b.T.Timer != nil && (kind == "" || b.T.Timer.Kind == kind) {
		return b.T.Timer.At
	}
	return 0
}

// bannerTitles are the banner captions of the event kinds worth a banner.
var bannerTitles = map[string]string{
	"claim":  "wink.ui.banner.claim",
	"reveal": "wink.ui.banner.reveal",
	"not_me": "wink.ui.banner.not_me",
	"caught": "wink.ui.banner.caught",
	"wrong":  "wink.ui.banner.wrong",
	"swap":   "wink.ui.banner.swap",
	"over":   "wink.ui.banner.over",
	"deal":   "wink.ui.banner.deal",
}

// banner is the newest public event worth a banner, if any.
func (b *base) banner() (kit.Line, bool) {
	for _, e := range b.c.Newest(kit.LogLook{Lines: bannerLines}) {
		if _, ok := bannerTitles[e.Kind]; ok {
			return e, true
		}
	}
	return kit.Line{}, false
}

// bannerTitle is the caption of a banner event.
func (b *base) bannerTitle(kind string) string { return b.t(bannerTitles[kind]) }

// over reports the end of the game.
func (b *base) over() bool { return b.T.Phase == wink.PhaseOver }

// rankLine is one seat's final place.
type rankLine struct {
	Rank  int
	Score int
	P     player
}

// ranking is the final ranking with names.
func (b *base) ranking() []rankLine {
	if b.T.Over == nil {
		return nil
	}
	var out []rankLine
	for _, s := range b.T.Over.Ranking {
		out = append(out, rankLine{Rank: s.Rank, Score: s.Score, P: b.player(s.Seat)})
	}
	return out
}

// revealLine is one seat's cards at the end.
type revealLine struct {
	P         player
	Agent     string // colour, "" for none
	Location  string // code, "" for none
	Agents    []string
	Locations []string
}

// reveal is every seat's opened file; live boards get it only at game over.
func (b *base) reveal() []revealLine {
	if b.T.Reveal == nil {
		return nil
	}
	piles := map[int]wink.Pile{}
	for _, p := range b.T.Reveal.Piles {
		piles[p.Seat] = p
	}
	var out []revealLine
	for _, h := range b.T.Reveal.Hands {
		pl := piles[h.Seat]
		out = append(out, revealLine{P: b.player(h.Seat), Agent: h.Agent, Location: h.Location,
			Agents: pl.Agents, Locations: pl.Locations})
	}
	return out
}

// chipDots is ●●○ for the chips left of 3.
func chipDots(n int) string {
	total := max(3, n)
	return strings.Repeat("●", max(n, 0)) + strings.Repeat("○", total-max(n, 0))
}

// seatStyle sets --seat to a colour name's CSS colour.
func seatStyle(colour string) templ.SafeCSS { return palette.Style(colour) }

// bannerIcon is ✔, ✘ or ? for the banners that judge something.
func bannerIcon(kind string) string {
	switch kind {
	case "caught", "reveal":
		return "✔"
	case "wrong", "not_me":
		return "✘"
	case "claim":
		return "?"
	}
	return ""
}

// bannerAnim picks the one-shot animation of a banner.
func bannerAnim(kind string) string {
	switch kind {
	case "caught", "reveal":
		return "blast"
	case "wrong", "not_me":
		return "shake"
	}
	return "pop"
}

// eventSeq is a data-seq value unique per board and kind of thing.
func eventSeq(prefix string, seq int) string { return prefix + "-" + kit.Itoa(seq) }

// seatArg is seat s as a message argument, worded as the player's name.
func seatArg(name string, s int) game.Arg { return game.P(name, game.Seat(s)) }

// msgArg is a message argument that is itself a message (a colour, a place).
func msgArg(name string, m game.Msg) game.Arg {
	return game.TM(name, m)
}
