package room

import "math/rand/v2"

// Sign is one of the two pictures a request to rejoin shows on the asking
// phone and in the host's prompt, so the host can tell which phone asks by
// looking at it. Word is the message that names the picture in the
// reader's language.
//
// Pictures, not words alone: the two phones may be set to different
// languages, and a picture is the same in all of them, while each phone
// names it in its own; shapes, not colours, so colour-blind hosts tell
// them apart; and comparing is done by looking, so it works in a room too
// loud to read a word out. The names are for saying across the table
// ("the bear and the lemon?") and for screens that draw emoji poorly.
type Sign struct {
	Emoji string `json:"emoji"`
	Word  string `json:"word"`
}

// signs are everyday things, each drawn by an emoji every phone has had
// for years (none needs a variation selector) and named by one plain word
// in every language; no two look alike at a glance.
var signs = [...]Sign{
	{"🐻", "game.rejoin.sign.bear"},
	{"🐱", "game.rejoin.sign.cat"},
	{"🐶", "game.rejoin.sign.dog"},
	{"🐟", "game.rejoin.sign.fish"},
	{"🐸", "game.rejoin.sign.frog"},
	{"🐴", "game.rejoin.sign.horse"},
	{"🐘", "game.rejoin.sign.elephant"},
	{"🐧", "game.rejoin.sign.penguin"},
	{"🐢", "game.rejoin.sign.turtle"},
	{"🐝", "game.rejoin.sign.bee"},
	{"🐌", "game.rejoin.sign.snail"},
	{"🐙", "game.rejoin.sign.octopus"},
	{"🍎", "game.rejoin.sign.apple"},
	{"🍌", "game.rejoin.sign.banana"},
	{"🍋", "game.rejoin.sign.lemon"},
	{"🍇", "game.rejoin.sign.grapes"},
	{"🍓", "game.rejoin.sign.strawberry"},
	{"🍒", "game.rejoin.sign.cherries"},
	{"🍄", "game.rejoin.sign.mushroom"},
	{"🌵", "game.rejoin.sign.cactus"},
	{"🌻", "game.rejoin.sign.sunflower"},
	{"🌙", "game.rejoin.sign.moon"},
	{"⭐", "game.rejoin.sign.star"},
	{"🔑", "game.rejoin.sign.key"},
	{"🔔", "game.rejoin.sign.bell"},
	{"🎈", "game.rejoin.sign.balloon"},
	{"🚲", "game.rejoin.sign.bicycle"},
	{"🚗", "game.rejoin.sign.car"},
	{"⛵", "game.rejoin.sign.sailboat"},
	{"🏠", "game.rejoin.sign.house"},
	{"🎸", "game.rejoin.sign.guitar"},
	{"🚀", "game.rejoin.sign.rocket"},
}

// Signs lists every picture a request may show, for checks that each is
// worded in every language.
func Signs() []Sign { return signs[:] }

// signPair is the two pictures of one request, as indexes into signs.
type signPair [2]int

func (p signPair) signs() []Sign { return []Sign{signs[p[0]], signs[p[1]]} }

// same reports whether two pairs hold the same pictures, in any order.
func (p signPair) same(q signPair) bool {
	return p == q || p[0] == q[1] && p[1] == q[0]
}

// drawSigns picks two different pictures that no pair in taken shows, so
// two requests in the room never look alike. The requests a room keeps
// are few against the 992 pairs, so a free pair is found in a few draws.
func drawSigns(taken []signPair) signPair {
	for {
		a := rand.IntN(len(signs))
		b := rand.IntN(len(signs) - 1)
		if b >= a {
			b++
		}
		p := signPair{a, b}
		free := true
		for _, q := range taken {
			free = free && !p.same(q)
		}
		if free {
			return p
		}
	}
}
