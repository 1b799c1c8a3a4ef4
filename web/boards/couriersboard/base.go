package couriersboard

import (
	"strconv"
	"strings"

	"topsecret/internal/game"
	"topsecret/internal/games/couriers"
	"topsecret/web/kit"
)

// player is one seat as every surface draws it.
type player struct {
	couriers.PlayerView
	Name    string
	Initial string
	Away    bool
	Me      bool
	Winner  bool
	Active  bool
}

// base holds what every surface shares: the public view, the seats, the
// pieces by id and the words.
type base struct {
	c       kit.Context
	T       *couriers.TableView
	Me      int // -1 on the table screen and in the replay
	Players []player
	agents  map[string]couriers.AgentView
	cases   map[string]couriers.SuitcaseView
}

func newBase(c kit.Context, t *couriers.TableView, me int) base {
	b := base{c: c, T: t, Me: me, agents: map[string]couriers.AgentView{}, cases: map[string]couriers.SuitcaseView{}}
	winners := map[int]bool{}
	if t.Over != nil {
		for _, w := range t.Over.Winners {
			winners[w] = true
		}
	}
	for _, p := range t.Players {
		name := c.Name(p.Seat)
		b.Players = append(b.Players, player{PlayerView: p, Name: name, Initial: kit.Initial(name), Away: c.IsAway(p.Seat),
			Me: p.Seat == me, Winner: winners[p.Seat], Active: p.Seat == t.Active && t.Over == nil})
	}
	for _, a := range t.Agents {
		b.agents[a.ID] = a
	}
	for _, s := range t.Suitcases {
		b.cases[s.ID] = s
	}
	return b
}

// t words one of the board's own catalogue entries.
func (b *base) t(id string, args ...game.Arg) string { return b.c.T(id, args...) }

// say words a message of the engine's.
func (b *base) say(m game.Msg) string { return b.c.Say(m) }

// player returns seat s, or a blank player.
func (b *base) player(s int) player {
	if s >= 0 && s < len(b.Players) {
		return b.Players[s]
	}
	name := b.c.Name(s)
	return player{PlayerView: couriers.PlayerView{Seat: s}, Name: name, Initial: kit.Initial(name)}
}

// who is seat s's name, or "You" on my own phone.
func (b *base) who(s int) string {
	if s == b.Me && s >= 0 {
		return b.t("couriers.ui.you")
	}
	return b.c.Name(s)
}

// whom is seat s's name, or "you" inside a sentence on my own phone.
func (b *base) whom(s int) string {
	if s == b.Me && s >= 0 {
		return b.t("couriers.ui.you_object")
	}
	return b.c.Name(s)
}

// seatOf is the seat playing colour col, -1 for none.
func (b *base) seatOf(col string) int {
	for s, c := range b.T.Colours {
		if c == col {
			return s
		}
	}
	return -1
}

// colourOf is the colour of an agent or suitcase id ("red-3", "blue-A").
func colourOf(id string) string {
	col, _, _ := strings.Cut(id, "-")
	return col
}

// numberOf is an agent's number ("red-3" → 3) or a suitcase's letter.
func numberOf(id string) string {
	_, n, _ := strings.Cut(id, "-")
	return n
}

// ownerOf is the seat whose colour an agent or suitcase has, -1 for none.
func (b *base) ownerOf(id string) int { return b.seatOf(colourOf(id)) }

// placeName is a city's or base's name.
func (b *base) placeName(id string) string {
	if p, ok := places[id]; ok {
		return b.t(p.Term)
	}
	return ""
}

// agentName is "red agent 3".
func (b *base) agentName(id string) string {
	n, _ := strconv.Atoi(numberOf(id))
	return b.t("couriers.agent."+colourOf(id), game.N("num", n))
}

// caseName is "red suitcase A".
func (b *base) caseName(id string) string { return b.t("couriers.suitcase." + id) }

// clueName is "5 secrets" or "the bomb".
func (b *base) clueName(clue string) string { return b.t("couriers.clue." + strings.ToLower(clue)) }

// colourName is a colour in words ("red").
func (b *base) colourName(col string) string { return b.t("couriers.ui.colour." + col) }

// colourStyle sets --seat to a colour for the CSS.
func colourStyle(col string) string { return "--seat:" + palette.CSS(col) }

// seatStyle sets --seat to seat s's colour.
func (b *base) seatStyle(s int) string {
	if s >= 0 && s < len(b.T.Colours) {
		return colourStyle(b.T.Colours[s])
	}
	return colourStyle("")
}

func (b *base) over() bool { return b.T.Over != nil }

// hiding reports whether the players are still hiding their suitcases.
func (b *base) hiding() bool { return b.T.Phase == couriers.PhaseHide }

// inFight reports whether a fight waits for its order or its cards.
func (b *base) inFight() bool {
	return b.T.Fight != nil && (b.T.Phase == couriers.PhaseOrder || b.T.Phase == couriers.PhaseCards)
}

// waiting names who the running phase waits for, from public facts only.
func (b *base) waiting() []int {
	var out []int
	switch b.T.Phase {
	case couriers.PhaseHide:
		for _, p := range b.Players {
			if !p.Hidden {
				out = append(out, p.Seat)
			}
		}
	case couriers.PhaseCards:
		for _, s := range b.combatants() {
			if !b.player(s).Chosen {
				out = append(out, s)
			}
		}
	case couriers.PhaseLoot:
		if b.T.Loot != nil {
			out = append(out, b.ownerOf(b.T.Loot.Winner))
		}
	case couriers.PhaseOver:
	default:
		out = append(out, b.T.Active)
	}
	return out
}

// combatants are the running fight's aggressor's and current defender's seats.
func (b *base) combatants() []int {
	f := b.T.Fight
	if f == nil || len(f.Defenders) == 0 {
		return nil
	}
	return []int{b.ownerOf(f.Aggressor), b.ownerOf(f.Defenders[0])}
}

// names joins seats' names ("You" for me).
func (b *base) names(seats []int) string {
	ns := make([]string, 0, len(seats))
	for _, s := range seats {
		ns = append(ns, b.whom(s))
	}
	if len(ns) > 0 && len(seats) > 0 && seats[0] == b.Me {
		ns[0] = b.who(b.Me)
	}
	return b.c.Words.List(ns)
}

// namesArg is seats' names as the "who" argument of a sentence, with "n"
// picking the verb's form: one other player takes the singular, several
// players or "you" the plural ("You are choosing").
func (b *base) namesArg(seats []int) []game.Arg {
	n := len(seats)
	if n == 1 && seats[0] == b.Me {
		n = 2
	}
	return []game.Arg{game.X("who", b.names(seats)), game.N("n", n)}
}

// deadline is the running time limit, 0 for none.
func (b *base) deadline() int64 {
	if b.over() {
		return 0
	}
	return b.T.Deadline
}

// eventSeq is a data-seq value unique per board and kind of thing.
func eventSeq(prefix string, seq int) string { return prefix + "-" + strconv.Itoa(seq) }

// boolText is "true" or "false", for data attributes.
func boolText(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

// gameN and gameX are game.N and game.X, short for templates.
func gameN(name string, n int) game.Arg { return game.N(name, n) }
func gameX(name, text string) game.Arg  { return game.X(name, text) }

// handleID is a suitcase handling's test id: the agent, then what it
// picks up, or "drop".
func handleID(o option) string {
	what := o.Key
	if what == "" {
		what = "drop"
	}
	return "couriers-handle-" + o.Agent + "-" + what
}

// itoa is strconv.Itoa, short for templates.
func itoa(n int) string { return strconv.Itoa(n) }

// clueID is a clue's short id in the frame's defs: "5", "3", "1" or "B".
func clueID(clue string) string {
	if clue == "BOMB" {
		return "B"
	}
	return clue
}
