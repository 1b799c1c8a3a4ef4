package vaultboard

import (
	"github.com/a-h/templ"

	"topsecret/internal/games/vault"
	"topsecret/web/kit"
)

// table is the model of the table screen.
type table struct {
	base
}

// drawTable draws the shared screen.
func drawTable(c kit.Context, v *vault.TableView) templ.Component {
	if v == nil {
		return templ.NopComponent
	}
	return tableBoard(newTable(c, v))
}

func newTable(c kit.Context, v *vault.TableView) *table {
	return &table{base: newBase(c, v, -1)}
}
