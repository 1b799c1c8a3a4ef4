package boardtest

import (
	"encoding/json"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
	"topsecret/web/kit"
	"topsecret/web/words"
)

// rawCode is a reject code (HOLDER_FULL, ERR_PAIR_REPEATED): a refusal
// cites its ruling instead.
var rawCode = regexp.MustCompile(`\b[A-Z]{2,}(_[A-Z]+)+\b`)

// Run is one match Said plays.
type Run struct {
	Seats   int
	Seed    byte
	Options json.RawMessage
	// Pick chooses the actions; nil lets the game's bot play.
	Pick gametest.Chooser
	// Tries are a game's own battery of actions, most of them refused now,
	// tried besides the moves every seat could make.
	Tries func(st game.State, n int, at int64) []game.Action
}

// Said plays matches of rules (runs, or by default two bot matches and two
// half-random ones for every player count) and words everything the engine
// says in every language of g's catalogue: every action's events, every seat's move labels, the result, and at every few steps the
// refusal of each move any seat could make tried by every seat, of each
// running timer fired early or by a player, and of a player's move sent by
// the referee. It fails on an id a language lacks, on words that use a
// placeholder the message does not fill, and on one id said with different
// arguments, and on a refusal whose words show a reject code. By default
// it also plays a bot match for every other choice of each lobby option.
// It returns the ids said, nested terms included.
func Said(t *testing.T, rules game.Rules, g kit.Game, runs ...Run) map[string]bool {
	t.Helper()
	if len(runs) == 0 {
		runs = defaultRuns(rules)
	}
	s := sayer{args: map[string][]string{}, refusals: map[string]bool{}}
	for _, run := range runs {
		s.play(t, rules, g, run)
	}
	entries := messageEntries(t, g)
	for id, args := range s.args {
		for lang, file := range entries {
			e, ok := file[id]
			if !ok {
				t.Errorf("%s: %s is said but not worded", lang, id)
				continue
			}
			if c := rawCode.FindString(e["other"]); c != "" && s.refusals[id] {
				t.Errorf("%s: the refusal %s shows players the code %s", lang, id, c)
			}
			for _, p := range e.Placeholders() {
				if !slices.Contains(args, p) {
					t.Errorf("%s: %s uses {{.%s}}, which the engine never gives (it gives %v)", lang, id, p, args)
				}
			}
		}
	}
	return s.ids()
}

func defaultRuns(rules game.Rules) []Run {
	info := rules.Info()
	var runs []Run
	for _, o := range info.Options {
		for _, c := range o.Choices {
			if c.Value != o.Default {
				raw, _ := json.Marshal(map[string]any{o.Key: c.Value})
				runs = append(runs, Run{Seats: info.MaxPlayers, Seed: 50, Options: raw})
			}
		}
	}
	for n := info.MinPlayers; n <= info.MaxPlayers; n++ {
		for seed := range byte(2) {
			runs = append(runs, Run{Seats: n, Seed: seed}, Run{Seats: n, Seed: 100 + seed, Pick: halfRandom(rules)},
				Run{Seats: n, Seed: 200 + seed, Pick: absent(rules, game.Seat(seed))})
		}
	}
	return runs
}

// absent lets the bot play every seat but one, whose time limits run out.
func absent(rules game.Rules, gone game.Seat) gametest.Chooser {
	bot, _ := game.BotFor(rules)
	return func(st game.State, n int, now int64, r *game.Rand) (game.Action, bool) {
		for s := range game.Seat(n) {
			if s == gone {
				continue
			}
			if a, ok := bot.Act(st, s, now, r); ok {
				return a, true
			}
		}
		return game.Action{}, false
	}
}

// halfRandom plays a random legal move half of the time and the bot's
// choice otherwise, so odd moves are made and the match still ends.
func halfRandom(rules game.Rules) gametest.Chooser {
	bot, _ := game.BotFor(rules)
	bots := gametest.BotMoves(bot)
	return func(st game.State, n int, now int64, r *game.Rand) (game.Action, bool) {
		if r.IntN(2) == 0 {
			if a, ok := gametest.RandomMoves(st, n, now, r); ok {
				return a, true
			}
		}
		return bots(st, n, now, r)
	}
}

// messageEntries are g's message files merged by language.
func messageEntries(t *testing.T, g kit.Game) map[string]words.File {
	t.Helper()
	files, err := words.Files(g.Messages, ".")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]words.File{}
	for _, byLang := range files {
		for lang, f := range byLang {
			if out[lang] == nil {
				out[lang] = words.File{}
			}
			maps.Copy(out[lang], f)
		}
	}
	return out
}

// sayer collects what the engine says: each id with its argument names.
type sayer struct {
	tb       testing.TB
	args     map[string][]string
	refusals map[string]bool
}

func (s *sayer) ids() map[string]bool {
	out := map[string]bool{}
	for id := range s.args {
		out[id] = true
	}
	return out
}

func (s *sayer) say(what string, m game.Msg) {
	m.Walk(func(x game.Msg) {
		if x.ID == "" {
			return
		}
		var names []string
		for _, a := range x.Args {
			names = append(names, a.Name)
		}
		slices.Sort(names)
		names = slices.Compact(names)
		if prev, ok := s.args[x.ID]; ok && !slices.Equal(prev, names) && !strings.HasPrefix(x.ID, "game.") {
			s.tb.Errorf("%s: %s said with arguments %v and %v", what, x.ID, prev, names)
		}
		s.args[x.ID] = names
	})
}

func (s *sayer) refused(what string, err error) {
	if re, ok := err.(*game.RuleError); ok {
		s.say(what, re.Msg)
		s.refusals[re.Msg.ID] = true
	}
}

// play plays run to its end, saying everything.
func (s *sayer) play(t *testing.T, rules game.Rules, g kit.Game, run Run) {
	t.Helper()
	s.tb = t
	var seed game.Seed
	seed[0], seed[1], seed[2] = run.Seed, byte(run.Seats), 'w'
	setup := game.Setup{Game: g.Slug, Seats: run.Seats, Seed: seed, Options: run.Options, Started: gametest.Start}
	st, err := rules.New(setup)
	if err != nil {
		t.Fatalf("%s: %v", g.Slug, err)
	}
	for _, e := range game.Opening(st) {
		s.say("the deal's event", e.Msg)
	}
	pick := run.Pick
	if pick == nil {
		bot, _ := game.BotFor(rules)
		pick = gametest.BotMoves(bot)
	}
	r := game.RandFor(seed, 1<<40)
	now := gametest.Start
	var stale []game.Timer // the timers armed before the last action
	for i := 0; i < 20000; now += 500 {
		if res, over := st.Result(); over {
			s.say("result", res.Summary)
			return
		}
		s.labels(st, run.Seats)
		if i%5 == 0 {
			s.tryAll(st, run.Seats, now, r, stale)
			if run.Tries != nil {
				for _, a := range run.Tries(st, run.Seats, now) {
					s.refused("a try of "+a.Type, st.Check(a))
				}
			}
		}
		a, ok := pick(st, run.Seats, now, r)
		if tm := st.Next().Timers; (!ok || st.Check(a) != nil) && len(tm) > 0 {
			now = max(now, tm[0].At)
			a, ok = tm[0].Fires, true
			a.At = now
		}
		if !ok || st.Check(a) != nil {
			continue
		}
		stale = append(stale[:0], st.Next().Timers...)
		for _, e := range st.Apply(a, game.RandFor(seed, i+1)) {
			s.say("event of "+a.Type, e.Msg)
		}
		i++
	}
	t.Fatalf("%s %dp seed %d: no result after 20000 actions", g.Slug, run.Seats, run.Seed)
}

func (s *sayer) labels(st game.State, n int) {
	for seat := range n {
		for _, mv := range st.Legal(game.Seat(seat)) {
			s.say("label of "+mv.Type, mv.Label)
		}
	}
}

// tryAll tries every seat's moves from every seat, the running timers
// early and from a player, the timers of the step before, and a player's
// move from the referee.
func (s *sayer) tryAll(st game.State, n int, now int64, r *game.Rand, stale []game.Timer) {
	var moves []game.Move
	for seat := range n {
		moves = append(moves, st.Legal(game.Seat(seat))...)
	}
	for seat := range n {
		for _, mv := range moves {
			a := gametest.Fill(mv, game.Seat(seat), now, r)
			s.refused(fmt.Sprintf("%s by seat %d", a.Type, seat), st.Check(a))
		}
	}
	if len(moves) > 0 {
		a := gametest.Fill(moves[0], game.System, now, r)
		s.refused("a player's move from the referee", st.Check(a))
	}
	for _, tm := range st.Next().Timers {
		early := tm.Fires
		early.At = tm.At - 1
		player := early
		player.Seat = 0
		s.refused("an early timer", st.Check(early))
		s.refused("a player's timer", st.Check(player))
	}
	for _, tm := range stale {
		a := tm.Fires
		a.At = max(now, tm.At)
		s.refused("a timer of the step before", st.Check(a))
	}
}
