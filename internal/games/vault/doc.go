// Package vault referees TOP SECRET (Blatz, Tom Schoeps, 1995): everyone
// plays a card face-down at once; documents are staked and paired into a
// safe, terrorists blow up what lies in the open and moles grab freshly
// played cards.
//
// The rules, with their rulings R1–R24, the trick steps S1–S4 and the
// timers of §4.4, are in docs/games/vault.md, beside the house rulings and
// the action reference. The package is pure: the only clock is game.Action.At
// (the first phase starts at game.Setup.Started) and the only randomness the
// *game.Rand it is handed.
package vault
