// Package wink referees TOP SECRET (Schmidt Spiele, Prospero Hall): agents
// wink at their contact, read a glance toward a meeting place, and catch
// others winking.
//
// The rules are in docs/games/wink.md (rulings R1–R28, commands C1–C7, the
// invented remote mode "Remote Eyes" in §8.3), beside the house rulings and
// the action reference. The package is pure: the
// only clock is game.Action.At and the only randomness the *game.Rand it is
// handed.
package wink
