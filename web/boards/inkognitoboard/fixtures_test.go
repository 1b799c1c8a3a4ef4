package inkognitoboard_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/games/inkognito"
	"topsecret/web/boards/inkognitoboard"
	"topsecret/web/kit"
	"topsecret/web/kit/boardtest"
	"topsecret/web/words"
)

// now is the fixtures' server time.
const now int64 = 1_700_000_000_000

// names are the fixtures' players.
var names = boardtest.Names

// match is a real game driven by the engine's own bot.
type match struct {
	n     int
	st    game.State
	bot   game.Bot
	r     *game.Rand
	words words.Reader
	step  int
	said  []game.Event // what the match said, as the room keeps it
}

func newMatch(tb testing.TB, n int, seed byte, helper string) *match {
	tb.Helper()
	var s game.Seed
	s[0], s[1] = seed, byte(n)
	opts, _ := json.Marshal(map[string]any{"helper": helper})
	st, err := inkognito.Rules{}.New(game.Setup{Game: "inkognito", Seats: n, Seed: s, Options: opts, Started: now})
	if err != nil {
		tb.Fatal(err)
	}
	bot, _ := game.BotFor(inkognito.Rules{})
	w := boardtest.Words(tb, inkognitoboard.Game).Reader("en", names[:n])
	return &match{n: n, st: st, bot: bot, r: game.RandFor(s, 1), words: w, said: game.Opening(st)}
}

// next lets the first seat with something to do act; false when nobody can.
func (m *match) next() bool {
	for s := range m.n {
		if a, ok := m.bot.Act(m.st, game.Seat(s), now, m.r); ok {
			if err := m.st.Check(a); err != nil {
				panic(fmt.Sprintf("bot action refused: %v", err))
			}
			m.said = append(m.said, m.st.Apply(a, m.r)...)
			m.step++
			return true
		}
	}
	return false
}

// seat is seat s's view.
func (m *match) seat(s int) *inkognito.SeatView {
	return m.st.View(game.SeatViewer(game.Seat(s))).(*inkognito.SeatView)
}

// table is the table screen's view.
func (m *match) table() *inkognito.TableView {
	return m.st.View(game.TableViewer()).(*inkognito.TableView)
}

// phone is seat s's board context.
func (m *match) phone(s int, note json.RawMessage) kit.Context {
	return kit.Context{View: m.seat(s), Names: names[:m.n], You: game.Seat(s), Legal: m.st.Legal(game.Seat(s)),
		Now: now, Note: note, Words: m.words, Lines: boardtest.Lines(m.said, game.SeatViewer(game.Seat(s)), m.words)}
}

// tableCtx is the table screen's board context.
func (m *match) tableCtx() kit.Context {
	return kit.Context{View: m.table(), Names: names[:m.n], You: game.System, Table: true, Now: now, Words: m.words,
		Lines: boardtest.Lines(m.said, game.TableViewer(), m.words)}
}

// replayCtx is the all-seeing replay's board context.
func (m *match) replayCtx() kit.Context {
	return kit.Context{View: m.st.View(game.OmniscientViewer()), Names: names[:m.n], You: game.System, Table: true,
		Now: now, Words: m.words, Lines: boardtest.Lines(m.said, game.OmniscientViewer(), m.words)}
}

// until plays until some seat satisfies ok, and returns that seat, or -1.
func (m *match) until(ok func(v *inkognito.SeatView) bool) int {
	for range 5000 {
		for s := range m.n {
			if ok(m.seat(s)) {
				return s
			}
		}
		if !m.next() {
			return -1
		}
	}
	return -1
}

// task matches an open task of kind k.
func task(k string) func(v *inkognito.SeatView) bool {
	return func(v *inkognito.SeatView) bool { return v.Task != nil && !v.Task.Done && v.Task.Kind == k }
}

// sealed matches a seat whose meeting choice is in while others still act.
func sealed(v *inkognito.SeatView) bool {
	return v.Task != nil && v.Task.Done && len(v.Awaiting) > 0
}

// phase matches the table in phase p.
func phase(p inkognito.Phase) func(v *inkognito.SeatView) bool {
	return func(v *inkognito.SeatView) bool { return v.Phase == p }
}

// columns matches a sheet with at least k log columns and an open task.
func columns(k int) func(v *inkognito.SeatView) bool {
	return func(v *inkognito.SeatView) bool { return len(v.Sheet.Columns) >= k && v.Task != nil && !v.Task.Done }
}

// found finds a seat in state ok in an n-player game, trying a few seeds.
func found(tb testing.TB, n int, helper string, ok func(v *inkognito.SeatView) bool) (*match, int) {
	tb.Helper()
	for seed := range 40 {
		m := newMatch(tb, n, byte(seed), helper)
		if s := m.until(ok); s >= 0 {
			return m, s
		}
	}
	tb.Fatalf("no %dp game reaches the state", n)
	return nil, -1
}

// sampleNote is a stored clue-sheet note: deductions, a row note and a box.
func sampleNote(v *inkognito.SeatView) json.RawMessage {
	o := map[string]any{}
	for _, a := range v.Sheet.Agents {
		if a.Seat != v.Me {
			o[fmt.Sprintf("g%d_F", a.Seat)] = "n"
			o[fmt.Sprintf("g%d_52", a.Seat)] = "y"
			o[fmt.Sprintf("g%d_0", a.Seat)] = "q"
			o[fmt.Sprintf("r%d", a.Seat)] = "nervous at Rialto"
			o["ns_F"] = fmt.Sprint(a.Seat)
			break
		}
	}
	o["nf_F"] = "29"
	b, _ := json.Marshal(o)
	return b
}

// fixtures are boards from real games for every phase and player count.
func fixtures(tb testing.TB) []boardtest.Fixture {
	var out []boardtest.Fixture
	add := func(name string, c kit.Context) { out = append(out, boardtest.Fixture{Name: name, Ctx: c}) }
	for _, n := range []int{3, 4, 5} {
		p := fmt.Sprintf("%dp-", n)
		m, s := found(tb, n, inkognito.HelperOff, task(inkognito.TaskPlay))
		add(p+"play", m.phone(s, nil))
		add(p+"play-other", m.phone((s+1)%n, nil))
		add("table-"+p+"play", m.tableCtx())
		m, s = found(tb, n, inkognito.HelperFacts, task(inkognito.TaskExchange))
		add(p+"exchange", m.phone(s, nil))
		add("table-"+p+"act", m.tableCtx())
		add("replay-"+p+"act", m.replayCtx())
		m, s = found(tb, n, inkognito.HelperOff, sealed)
		add(p+"sealed", m.phone(s, nil))
		m, s = found(tb, n, inkognito.HelperFull, columns(6))
		add(p+"sheet", m.phone(s, sampleNote(m.seat(s))))
		add("table-"+p+"mid", m.tableCtx())
		m, s = found(tb, n, inkognito.HelperOff, task(inkognito.TaskChoose))
		add(p+"choose", m.phone(s, nil))
		add("table-"+p+"black", m.tableCtx())
		m, s = found(tb, n, inkognito.HelperFull, phase(inkognito.PhaseOver))
		add(p+"over", m.phone(s, nil))
		add("table-"+p+"over", m.tableCtx())
	}
	m, s := found(tb, 4, inkognito.HelperOff, task(inkognito.TaskAmbMeet))
	add("4p-ask", m.phone(s, nil))
	m, s = found(tb, 3, inkognito.HelperOff, task(inkognito.TaskAmbMeet))
	add("3p-ask", m.phone(s, nil))
	m, s = found(tb, 3, inkognito.HelperOff, task(inkognito.TaskPeek))
	add("3p-peek", m.phone(s, nil))
	m, s = found(tb, 5, inkognito.HelperOff, task(inkognito.TaskCommit))
	add("5p-commit", m.phone(s, nil))
	add("table-5p-commit", m.tableCtx())
	m, s = found(tb, 5, inkognito.HelperOff, task(inkognito.TaskInterview))
	add("5p-interview", m.phone(s, nil))
	m, s = found(tb, 5, inkognito.HelperOff, task(inkognito.TaskAmbassador))
	add("5p-ambassador", m.phone(s, nil))
	m, s = found(tb, 5, inkognito.HelperOff, task(inkognito.TaskAmbMeet))
	add("5p-ask", m.phone(s, nil))
	return out
}
