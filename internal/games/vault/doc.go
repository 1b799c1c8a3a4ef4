// Package vault referees TOP SECRET (Blatz, Tom Schoeps, 1995): everyone
// plays a card face-down at once; documents are staked and paired into a
// safe, terrorists blow up what lies in the open and moles grab freshly
// played cards.
//
// The binding rules are /shared/rules/vault.md (rulings R1–R24, the trick
// steps S1–S4, timers §4.4); house rulings and the action reference are in
// docs/games/vault.md. The package is pure: the only clock is game.Action.At
// (the first phase starts at game.Setup.Started) and the only randomness the
// *game.Rand it is handed.
package vault
