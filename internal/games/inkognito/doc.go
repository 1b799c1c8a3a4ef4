// Package inkognito referees TOP SECRET: INKOGNITO (Venice Connection /
// Abacus): masked agents meet on the sites of Venice, trade half-true clues,
// unmask their ally and dial the secret number.
//
// The rules are in docs/games/inkognito.md (rulings R1–R27, the error codes
// of §5.7, the clue sheet of §9), beside the house rulings, the action
// reference and the bot. One match of the
// platform is one game (partie); the room adds up Result.Points towards the
// series target of 3. The package is pure: the only randomness is the
// *game.Rand it is handed and it never reads a clock.
package inkognito
