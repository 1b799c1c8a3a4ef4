// Package replayview draws a finished match's steps as its replay shows
// them: the board through any eyes with the step's words, the match's head
// and its jump list. The replay page (internal/server) and the night's file
// (web/nightfile) draw from here, so a step looks the same in both.
package replayview

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"topsecret/internal/game"
	"topsecret/internal/replay"
	"topsecret/internal/room"
	"topsecret/internal/store"
	"topsecret/web/kit"
	"topsecret/web/pages"
	"topsecret/web/words"
)

// Eyes is one perspective: its key ("all", "table" or a seat number, as
// ?as= names it) and the viewer it stands for.
type Eyes struct {
	Key    string
	Viewer game.Viewer
}

// AllEyes are every perspective a match offers, in the order the replay
// lists them: everyone (every card face up), the table screen, each seat.
func AllEyes(seats int) []Eyes {
	out := []Eyes{{"all", game.OmniscientViewer()}, {"table", game.TableViewer()}}
	for i := range seats {
		out = append(out, Eyes{strconv.Itoa(i), game.SeatViewer(game.Seat(i))})
	}
	return out
}

// Step draws step i (clamped; -1 is the last) of t through eyes e for
// reader rd, whose names are the match's seats. board is the match's game
// on the shelf; drawn is false when the shelf no longer offers it (the
// step then has its words but no board).
func Step(board kit.Game, drawn bool, t *replay.Timeline, i int, e Eyes, rd words.Reader) (pages.ReplayStep, replay.Frame, error) {
	if i < 0 {
		i = t.Len() - 1
	}
	v := e.Viewer
	f, err := t.Frame(i, v)
	if err != nil {
		return pages.ReplayStep{}, f, err
	}
	m := t.Match()
	names := t.Names()
	you := game.System
	if v.Kind == game.Player {
		you = v.Seat
	}
	bc := kit.Context{View: f.View, Names: names, You: you, Table: v.Kind != game.Player, Legal: f.Legal,
		Away: make([]bool, len(names)), Now: f.Info.At, Words: rd, Lines: Log(t, i, v, rd)}
	step := pages.ReplayStep{Index: f.Info.Index, Last: t.Len() - 1, Turn: f.Info.Turn, Round: f.Info.Round,
		Actor: Actor(rd, f.Info), Clock: Clock(f.Info.At - m.Setup.Started), Text: strings.Join(Lines(rd, f.Text), " "),
		Events: Lines(rd, f.Events), As: e.Key, AsLabel: AsLabel(rd, e.Key, names), At: f.Info.At}
	if drawn {
		step.Progress = Progress(board, rd, f.Info)
		step.Board = board.Draw(bc)
		if v.Kind == game.Omniscient && board.Secrets != nil {
			step.Secrets = kit.SecretFiles(board.Secrets(bc), rd.Say(game.M("game.page.replay.secret_files")))
		}
	}
	return step, f, nil
}

// Log is what the board's log showed v at step i of a replay, as many
// lines as a live frame carries.
func Log(t *replay.Timeline, i int, v game.Viewer, rd words.Reader) []kit.Line {
	log := t.Log(i, v, room.FrameEvents)
	out := make([]kit.Line, len(log))
	for j, l := range log {
		out[j] = kit.Line{Seq: l.Seq, Kind: l.Kind, Msg: l.Msg, Text: rd.Say(l.Msg), Private: l.Private}
	}
	return out
}

// Lines words a step's lines; a private notice seen by the all-seeing eyes
// says whose it was.
func Lines(rd words.Reader, ls []replay.Line) []string {
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

// Actor is who acted at a step: a name, the referee for timers, or
// nobody at the deal.
func Actor(rd words.Reader, info replay.StepInfo) string {
	switch {
	case info.Action == nil:
		return ""
	case info.Action.Seat == game.System:
		return rd.Say(game.M("game.replay.referee"))
	}
	return rd.Name(info.Action.Seat)
}

// Clock is a time since the deal as "m:ss".
func Clock(ms int64) string {
	if ms < 0 {
		return ""
	}
	d := time.Duration(ms) * time.Millisecond
	return fmt.Sprintf("%d:%02d", int(d.Minutes()), int(d.Seconds())%60)
}

// AsLabel names the eyes of key as the step says it: "everyone", "the
// table screen" or a seat's phone.
func AsLabel(rd words.Reader, key string, names []string) string {
	switch key {
	case "all":
		return rd.Say(game.M("game.page.replay.as_all"))
	case "table":
		return rd.Say(game.M("game.page.replay.as_table"))
	}
	n, _ := strconv.Atoi(key)
	if n >= 0 && n < len(names) {
		return rd.Say(game.M("game.page.replay.as_phone", game.X("name", names[n])))
	}
	return rd.Say(game.M("game.seat", game.N("n", n+1)))
}

// Progress names where a step stands in its game's own units, "" for a
// game that names none.
func Progress(board kit.Game, rd words.Reader, info replay.StepInfo) string {
	if board.Progress == nil {
		return ""
	}
	return board.Progress(rd, info.Round, info.Turn)
}

// Page fills the replay page around its first step: the match's head
// (its game, date, length, winners), the eyes it offers, its players and
// the jump list, worded for rd. What only the server knows (the room's
// code, whether the reader hosts it) is the caller's to add.
func Page(board kit.Game, drawn bool, t *replay.Timeline, rd words.Reader, as string, step pages.ReplayStep) pages.Replay {
	m := t.Match()
	names := t.Names()
	name := m.Setup.Game
	if drawn {
		name = rd.Game(board.Rules.Info()).Name
	}
	p := pages.Replay{MatchID: m.ID, GameName: name, Number: m.Number,
		Date: Date(rd, m.CreatedAt, true), Length: Length(rd, t.Len()-1, m),
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
	p.Winners = JoinNames(rd, winners)
	p.Summary = rd.Say(res.Summary)
	p.Marks = Marks(board, t, rd)
	return p
}

// Marks lists the starts of turns and rounds for the jump list, each named
// in the game's own units and by whom it awaits: "Trick 4 · Ann & Ben". A
// start that reads like the one before it (vault's phases of one trick,
// awaiting the same seats) adds nothing to the list.
func Marks(board kit.Game, t *replay.Timeline, rd words.Reader) []pages.ReplayMark {
	var out []pages.ReplayMark
	for i := range t.Len() {
		info := t.Info(i)
		if !info.TurnStart && !info.RoundStart {
			continue
		}
		var parts []string
		for _, part := range []string{Progress(board, rd, info), waitingNames(rd, info.Waiting, t.Names())} {
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
	return JoinNames(rd, out)
}

// JoinNames lists names as the reader's language does ("Ann, Ben and
// Cy"); no names is no words.
func JoinNames(rd words.Reader, ns []string) string {
	if len(ns) == 0 {
		return ""
	}
	return rd.List(ns)
}

// Length is "87 steps · 6 min" for a finished match of that many actions.
func Length(rd words.Reader, actions int, m store.Match) string {
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

// Date is when a match began in the reader's words, "22 Nov 2026, 20:14"
// (the year only where asked: a room's history is this year's).
func Date(rd words.Reader, t time.Time, year bool) string {
	t = t.Local()
	args := []game.Arg{game.N("day", t.Day()), game.X("month", rd.Say(game.M(months[t.Month()-1]))), game.X("time", t.Format("15:04"))}
	if year {
		return rd.Say(game.M("game.page.date", append(args, game.N("year", t.Year()))...))
	}
	return rd.Say(game.M("game.page.date_short", args...))
}
