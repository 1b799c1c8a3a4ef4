package room

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"strconv"
	"strings"
	"time"
)

// An arrival stamp is a browser's proof of when it first opened the room.
// The host's prompt for a request to rejoin says how long before asking
// the asking phone came: a phone that has never been in the room is a
// stranger's tell (or a new phone: the host knows which is likely).
//
// The stamp carries its own time, sealed with a key drawn from the room's
// host token, so the server keeps nothing per visitor: a stamp holds after
// a restart and on whichever instance runs the room (they all load the
// same token from the store), and nobody without the host token can date
// one back. The browser keeps it in a cookie for as long as it keeps the
// seat's.

// ArrivalStamp is a new stamp saying the browser came now.
func (r *Room) ArrivalStamp() string {
	at := strconv.FormatInt(r.now().Unix(), 36)
	return at + "." + base64.RawURLEncoding.EncodeToString(r.arrivalSeal(at))
}

// Arrived reads a stamp made by ArrivalStamp: when its browser first came.
// False for anything else, such as a stamp of another room.
func (r *Room) Arrived(stamp string) (time.Time, bool) {
	at, seal, ok := strings.Cut(stamp, ".")
	got, err := base64.RawURLEncoding.DecodeString(seal)
	if !ok || err != nil || !hmac.Equal(got, r.arrivalSeal(at)) {
		return time.Time{}, false
	}
	sec, err := strconv.ParseInt(at, 36, 64)
	if err != nil {
		return time.Time{}, false
	}
	return time.Unix(sec, 0).UTC(), true
}

// arrivalSeal is the MAC of a stamp's time; its key is drawn from the host
// token's stored hash, which never leaves the server, so no browser can
// forge an earlier arrival.
func (r *Room) arrivalSeal(at string) []byte {
	key := sha256.Sum256([]byte("topsecret arrival stamp\x00" + r.rec.HostHash))
	m := hmac.New(sha256.New, key[:])
	m.Write([]byte(r.rec.Code + "\x00" + at))
	return m.Sum(nil)[:16]
}
