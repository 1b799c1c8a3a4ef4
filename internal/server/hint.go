package server

import (
	"bytes"
	"net/http"
)

// hintCookie is set by howto.js once a browser's player has had the
// first-turn hint in room code, so the page is drawn without it after.
func hintCookie(code string) string { return "ts_hint_" + code }

// firstTurnHint says whether a phone's page is drawn with the first-turn
// hint showing: its player has not had it in this room, and the board
// waits on them in the way the hint speaks of. It reads the marks howto.js
// reads on each frame (a board's data-howto-now where it sets one, else
// whether the match waits on this player), so the script finds the hint
// already as it would have drawn it and nothing moves after the first paint.
func firstTurnHint(r *http.Request, code string, main []byte, yourMove bool) bool {
	if c, err := r.Cookie(hintCookie(code)); err == nil && c.Value == "1" {
		return false
	}
	if i := bytes.Index(main, []byte(`data-howto-now="`)); i >= 0 {
		return bytes.HasPrefix(main[i+len(`data-howto-now="`):], []byte(`true"`))
	}
	return yourMove
}
