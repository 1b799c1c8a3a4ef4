// Package inkognito referees TOP SECRET: INKOGNITO (Venice Connection /
// Abacus): masked agents meet on the sites of Venice, trade half-true clues,
// unmask their ally and dial the secret number.
//
// The binding rules are /shared/rules/inkognito.md (rulings R1–R27, error
// codes of §5.7, the clue sheet of §9); house rulings, the action reference
// and the bot are described in docs/games/inkognito.md. One match of the
// platform is one game (partie); the room adds up Result.Points towards the
// series target of 3. The package is pure: the only randomness is the
// *game.Rand it is handed and it never reads a clock.
package inkognito
