package cupboard

import (
	"encoding/json"

	"topsecret/internal/game"
	"topsecret/internal/games/cup"
	"topsecret/web/kit"
)

// board is one viewer's picture of the match.
type board struct {
	c kit.Context
	t cup.TableView
	// you is the viewer's seat, game.System on the table and in replays.
	you game.Seat
	// under is the number under the cup, for its hider and the replay; 0 otherwise.
	under int
}

func (b board) t_(id string, args ...game.Arg) string { return b.c.T(id, args...) }

// name is seat s's player's name.
func (b board) name(s game.Seat) string { return b.c.Name(int(s)) }

// colour is seat s's cup colour (the engine's SeatColours).
func (b board) colour(s game.Seat) string { return []string{"red", "blue"}[s] }

// picks are the numbers the viewer may hide or guess now, each with the
// data its button sends, from the legal moves only.
func (b board) picks() (act string, data []pickButton) {
	for _, m := range b.c.Legal {
		for _, v := range m.Fields["n"] {
			n, ok := kit.ToInt(v)
			if !ok {
				continue
			}
			d, _ := json.Marshal(map[string]int{"n": n})
			data = append(data, pickButton{N: n, Data: string(d)})
		}
		act = m.Type
	}
	return act, data
}

// pickButton is one number button.
type pickButton struct {
	N    int
	Data string
}

// headline says what the match waits for, from the viewer's side.
func (b board) headline() string {
	switch {
	case b.t.Over:
		return b.t_("cup.ui.over")
	case !b.t.Hidden && b.you == b.t.Hider:
		return b.t_("cup.ui.you_hide")
	case !b.t.Hidden:
		return b.t_("cup.ui.hiding", game.X("name", b.name(b.t.Hider)))
	case b.you == b.t.Guesser:
		return b.t_("cup.ui.you_guess", game.N("n", cup.Tries-len(b.t.Guesses)))
	}
	return b.t_("cup.ui.guessing", game.X("name", b.name(b.t.Guesser)), game.N("n", cup.Tries-len(b.t.Guesses)))
}

// answer words a guess's answer.
func (b board) answer(g cup.Guess) string {
	if g.Answer == "lost" {
		return b.t_("cup.ui.answer.lost")
	}
	return b.t_("cup.ui.answer."+g.Answer, game.N("number", g.N))
}

// liftedLine words a finished round.
func (b board) liftedLine(l cup.Lifted) string {
	if l.Winner == 1-game.Seat((l.Round-1)%2) {
		return b.t_("cup.ui.lifted.found", game.N("round", l.Round), game.N("number", l.Under), game.X("name", b.name(l.Winner)))
	}
	return b.t_("cup.ui.lifted.kept", game.N("round", l.Round), game.N("number", l.Under), game.X("name", b.name(l.Winner)))
}

// cupLabel is what the cup shows: the number to those who may see it, else "?".
func (b board) cupLabel() string {
	if b.under > 0 {
		return kit.Itoa(b.under)
	}
	return "?"
}

// round words "Round 2 of 4".
func (b board) round() string {
	return b.t_("cup.ui.round_of", game.N("round", b.t.Round), game.N("rounds", b.t.Rounds))
}
