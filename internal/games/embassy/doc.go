// Package embassy referees the Swedish TOP SECRET spy board game: spies walk
// a 21×21 city grid with two dice, slip through tunnels and past bodyguards,
// raid embassies for face-down secret cards and, on doubles, challenge each
// other to remember which card lies in which slot of a code holder.
//
// The rules are in docs/games/embassy.md (rulings R1–R29, the turn state
// machine of §8, the scenarios of §13, the board of §3, whose grid is
// board.txt here), beside the house rulings, the action reference and how
// the bot plays. The package is pure: the only clock is game.Action.At (the
// first turn starts at game.Setup.Started) and the only randomness the
// *game.Rand it is handed.
package embassy
