package embassyboard

import (
	"github.com/a-h/templ"

	"topsecret/internal/games/embassy"
	"topsecret/web/kit"
)

// table is the model of the table screen (and of the replay's board).
type table struct {
	base
	Map *mapModel
	// Cells are each seat's holder as drawn.
	Cells [][]cell
}

// drawTable draws the shared screen: public facts only.
func drawTable(c kit.Context, v *embassy.TableView) templ.Component {
	if v == nil {
		return templ.NopComponent
	}
	return tableBoard(newTable(c, v), "embassy-table")
}

func newTable(c kit.Context, v *embassy.TableView) *table {
	t := &table{base: newBase(c, v, -1)}
	t.Map = t.newMap()
	for _, p := range t.Players {
		t.Cells = append(t.Cells, t.cells(p))
	}
	return t
}

// challenger and target are the seats of the challenge under way.
func (t *table) challenge() (by, target player, ok bool) {
	if t.T.Challenge == nil {
		return player{}, player{}, false
	}
	return t.player(t.T.Challenge.By), t.player(t.T.Challenge.Target), true
}
