package inkognitoboard

import (
	"topsecret/internal/games/inkognito"
	"topsecret/web/kit"
)

// table is the model of the table screen and of the all-seeing replay.
type table struct {
	base
	Black []inkognito.BlackInfo // the all-seeing replay only
}

func newTable(c kit.Context, v *inkognito.TableView, black []inkognito.BlackInfo) *table {
	return &table{base: newBase(c, v, -1), Black: black}
}
