package words

import "embed"

// platform holds the messages every game shares (refusals the contract
// makes, lists, seat numbers).
//
//go:embed messages/*.json
var platform embed.FS
