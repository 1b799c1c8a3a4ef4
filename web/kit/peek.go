package kit

import "github.com/a-h/templ"

// Peek is the attributes of an area whose cards stay hidden until the
// player holds a finger on it (data-peek, static/js/peek.js): it is one
// stop in the Tab order, a named group, and holding Space or Enter on it
// shows the cards as a held finger does, so a keyboard or a switch can
// read them too. on false leaves the cards open (data-peek="off") and the
// area out of the Tab order.
func Peek(c Context, on bool) templ.Attributes {
	if !on {
		return templ.Attributes{"data-peek": "off"}
	}
	return templ.Attributes{"data-peek": "", "tabindex": "0", "role": "group", "aria-label": c.T("game.peek.keys")}
}
