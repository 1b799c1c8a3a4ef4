// Package embassy referees the Swedish TOP SECRET spy board game: spies walk
// a 21×21 city grid with two dice, slip through tunnels and past bodyguards,
// raid embassies for face-down secret cards and, on doubles, challenge each
// other to remember which card lies in which slot of a code holder.
//
// The binding rules are shared/rules/embassy.md (rulings R1–R29, the turn
// state machine of §8, the scenarios of §13) with the board file
// embassy-board.txt, embedded here as board.txt; house rulings, the action
// reference and how the bot plays are in docs/games/embassy.md. The package
// is pure: the only clock is game.Action.At (the first turn starts at
// game.Setup.Started) and the only randomness the *game.Rand it is handed.
package embassy
