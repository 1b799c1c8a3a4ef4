package server

// The replay page's words: each step's lines and actor, the header around
// the first step, and the jump list named in each game's own units.

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"topsecret/internal/game"
	"topsecret/internal/replay"
	"topsecret/internal/store"
	"topsecret/web/kit"
	"topsecret/web/pages"
	"topsecret/web/words"
)

// lines words a step's lines; a private notice seen by the all-seeing eyes
// says whose it was.
func lines(rd words.Reader, ls []replay.Line) []string {
	out := make([]string, 0, len(ls))
	for _, l := range ls {
		text := rd.Say(l.Msg)
		if len(l.To) > 0 {
			text = rd.Say(game.M("game.replay.private", game.PS("to", l.To), game.X("text", text)))
		}
		out = append(out, text)
	}
	return out
}

// actorName is who acted at a step: a name, the referee for timers, or
// nobody at the deal.
func actorName(rd words.Reader, info replay.StepInfo) string {
	switch {
	case info.Action == nil:
		return ""
	case info.Action.Seat == game.System:
		return rd.Say(game.M("game.replay.referee"))
	}
	return rd.Name(info.Action.Seat)
}

func orNone(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// clock is a time since the deal as "m:ss".
func clock(ms int64) string {
	if ms < 0 {
		return ""
	}
	d := time.Duration(ms) * time.Millisecond
	return fmt.Sprintf("%d:%02d", int(d.Minutes()), int(d.Seconds())%60)
}

func asLabel(rd words.Reader, as string, names []string) string {
	switch as {
	case "all":
		return rd.Say(game.M("game.page.replay.as_all"))
	case "table":
		return rd.Say(game.M("game.page.replay.as_table"))
	}
	n, _ := strconv.Atoi(as)
	if n >= 0 && n < len(names) {
		return rd.Say(game.M("game.page.replay.as_phone", game.X("name", names[n])))
	}
	return rd.Say(game.M("game.seat", game.N("n", n+1)))
}

// replayPage fills the page around a first step.
func (s *Server) replayPage(r *http.Request, t *replay.Timeline, as string, step pages.ReplayStep) pages.Replay {
	m := t.Match()
	names := t.Names()
	rd := reader(r, names)
	p := pages.Replay{MatchID: m.ID, GameName: s.gameName(r, m.Setup.Game), Number: m.Number,
		Date: date(rd, m.CreatedAt, true), Length: length(rd, t.Len()-1, m),
		Steps: t.Len(), As: as, Step: step}
	p.Perspectives = append(p.Perspectives, pages.Perspective{Key: "all", Label: rd.Say(game.M("game.page.replay.eyes_all"))},
		pages.Perspective{Key: "table", Label: rd.Say(game.M("game.page.replay.eyes_table"))})
	for i, n := range names {
		p.Perspectives = append(p.Perspectives, pages.Perspective{Key: strconv.Itoa(i), Label: n})
	}
	res, over := t.Result()
	if !over && m.Result != nil && m.Result.EndedEarly() {
		// Its log reaches no end of its own: the record says why it stopped.
		res = *m.Result
	}
	win := map[game.Seat]bool{}
	for _, w := range res.Winners {
		win[w] = true
	}
	var winners []string
	for i, st := range m.Seats {
		rs := pages.ReplaySeat{Seat: i, Name: st.Name, Bot: st.Bot, Winner: win[game.Seat(i)]}
		if i < len(res.Points) {
			rs.Points = res.Points[i]
		}
		if rs.Winner {
			winners = append(winners, st.Name)
		}
		p.Seats = append(p.Seats, rs)
	}
	p.Winners = joinNames(rd, winners)
	p.Summary = rd.Say(res.Summary)
	p.Marks = s.marks(r, t)
	return p
}

// progress names where a step stands in its game's own units, "" for a
// game that names none.
func progress(board kit.Game, rd words.Reader, info replay.StepInfo) string {
	if board.Progress == nil {
		return ""
	}
	return board.Progress(rd, info.Round, info.Turn)
}

// marks lists the starts of turns and rounds for the jump list, each named
// in the game's own units and by whom it awaits: "Trick 4 · Ann & Ben". A
// start that reads like the one before it (vault's phases of one trick,
// awaiting the same seats) adds nothing to the list.
func (s *Server) marks(r *http.Request, t *replay.Timeline) []pages.ReplayMark {
	board, _ := s.games.Lookup(t.Match().Setup.Game)
	rd := reader(r, t.Names())
	var out []pages.ReplayMark
	for i := range t.Len() {
		info := t.Info(i)
		if !info.TurnStart && !info.RoundStart {
			continue
		}
		var parts []string
		for _, part := range []string{progress(board, rd, info), waitingNames(rd, info.Waiting, t.Names())} {
			if part != "" {
				parts = append(parts, part)
			}
		}
		label := strings.Join(parts, " · ")
		if label == "" {
			label = rd.Say(game.M("game.page.replay.slider_step", game.N("n", i)))
		}
		if len(out) > 0 && out[len(out)-1].Label == label {
			continue
		}
		out = append(out, pages.ReplayMark{Step: i, Turn: info.Turn, Round: info.Round, Label: label})
	}
	return out
}

func waitingNames(rd words.Reader, seats []game.Seat, names []string) string {
	var out []string
	for _, s := range seats {
		if int(s) >= 0 && int(s) < len(names) {
			out = append(out, names[s])
		}
	}
	return joinNames(rd, out)
}

// joinNames lists names as the reader's language does ("Ann, Ben and
// Cy"); no names is no words.
func joinNames(rd words.Reader, ns []string) string {
	if len(ns) == 0 {
		return ""
	}
	return rd.List(ns)
}

// length is "87 steps · 6 min" for a finished match.
func length(rd words.Reader, actions int, m store.Match) string {
	out := rd.Say(game.M("game.page.length.steps", game.N("n", actions)))
	if m.FinishedAt != nil {
		d := m.FinishedAt.Sub(m.CreatedAt).Round(time.Minute)
		if d < time.Minute {
			out += " · " + rd.Say(game.M("game.page.length.under_a_minute"))
		} else {
			out += " · " + rd.Say(game.M("game.page.length.minutes", game.N("n", int(d.Minutes()))))
		}
	}
	return out
}

// months are the catalogue's short month names, January first.
var months = [...]string{"game.page.month.jan", "game.page.month.feb", "game.page.month.mar", "game.page.month.apr",
	"game.page.month.may", "game.page.month.jun", "game.page.month.jul", "game.page.month.aug",
	"game.page.month.sep", "game.page.month.oct", "game.page.month.nov", "game.page.month.dec"}

// date is when a match began in the reader's words, "22 Nov 2026, 20:14"
// (the year only where asked: a room's history is this year's).
func date(rd words.Reader, t time.Time, year bool) string {
	t = t.Local()
	args := []game.Arg{game.N("day", t.Day()), game.X("month", rd.Say(game.M(months[t.Month()-1]))), game.X("time", t.Format("15:04"))}
	if year {
		return rd.Say(game.M("game.page.date", append(args, game.N("year", t.Year()))...))
	}
	return rd.Say(game.M("game.page.date_short", args...))
}
