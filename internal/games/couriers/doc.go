// Package couriers referees TOP SECRET (Alex Randolph, Jumbo 1995), the
// world-map game: players hide a bomb and three clue cards under their
// suitcases, roll two special dice to move secret agents from city to city,
// fight with face-down combat cards and carry suitcases to their arrival
// base until someone has 10 state secrets.
//
// The rules are in docs/games/couriers.md (rulings R1–R27, the state
// machine §5, commands §6, the map of §3), beside the house rulings and the
// action reference. The map is board.json, exported for the drawer by
// Board. The package is pure: the only clock is game.Action.At
// (the first phase starts at game.Setup.Started) and the only randomness the
// *game.Rand it is handed.
package couriers
