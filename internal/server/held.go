package server

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"net/http"

	"topsecret/web/pages"
)

// A room page draws the frame its socket will first be sent (room.Arriving),
// and that frame used to come again at once: on an inkognito phone 37 KB
// of board the page already showed. The page says what it holds, the
// heldDigest of that frame as the socket encodes it (#room-main's
// data-held, the socket's ?held=), and the connection's first frame,
// when it is that one, comes without its content:
// {"type":"view","held":true,"version":…,"now":…}. Any later frame is
// whole, as is a first frame that differs (someone moved meanwhile), so a
// page is always sent what it must show.

// heldDigest names an encoded frame, without the version and time the
// room adds: the same bytes, the same name, on any server.
func heldDigest(body []byte) string {
	sum := sha256.Sum256(body)
	return hex.EncodeToString(sum[:8])
}

// maxHeld is the longest ?held= a socket takes; a digest is 16 digits.
const maxHeld = 64

// heldFrame is the view message of a frame the page holds already.
const heldFrame = `{"type":"view","held":true}`

// viewPrefix starts every HTML view message.
var viewPrefix = []byte(`{"type":"view","html":`)

// frameBody is an enveloped view message's body: the encoder's object
// without the version and time the room put last ("version" can stand
// nowhere else: within the HTML's JSON string its quotes are escaped).
func frameBody(msg []byte) []byte {
	i := bytes.LastIndex(msg, []byte(`,"version":`))
	if i < 0 || !bytes.HasPrefix(msg, viewPrefix) {
		return nil
	}
	return append(msg[:i:i], '}')
}

// spare is the connection's first message, msg, or in its place the
// frame held (only its version and time) when the page holds msg's view.
func (o *outbox) spare(msg []byte) []byte {
	body := frameBody(msg)
	if body == nil || heldDigest(body) != o.held {
		return msg
	}
	i := bytes.LastIndex(msg, []byte(`,"version":`))
	out := make([]byte, 0, len(heldFrame)+len(msg)-i)
	out = append(out, heldFrame[:len(heldFrame)-1]...)
	return append(out, msg[i:]...)
}

// heldLive renders a room page's live region as the socket renders it for
// r's reader, and its digest: the page shows the HTML, and says it holds
// the frame of that digest.
func (s *Server) heldLive(r *http.Request, l pages.Live) ([]byte, string, error) {
	html, err := renderHTML(s.liveContext(langOf(r)), pages.LiveMain(l))
	if err != nil {
		return nil, "", err
	}
	return html, heldDigest(wrapView(html)), nil
}
