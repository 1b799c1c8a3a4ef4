package room

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"strconv"
	"strings"
	"time"

	"topsecret/internal/store"
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
	return at + "." + base64.RawURLEncoding.EncodeToString(r.Keyhole().seal(at))
}

// Arrived reads a stamp made by ArrivalStamp: when its browser first came.
// False for anything else, such as a stamp of another room.
func (r *Room) Arrived(stamp string) (time.Time, bool) { return r.Keyhole().arrived(stamp) }

// Keyhole checks the room's host token and arrival stamps without the
// room: the server keeps one for each room found lately, so that a
// request from an address out of room-code guesses that shows it has been
// in the room gets in even while the room is not loaded. The zero
// Keyhole admits nothing.
type Keyhole struct{ code, hostHash string }

// Keyhole is the room's keyhole.
func (r *Room) Keyhole() Keyhole { return Keyhole{r.rec.Code, r.rec.HostHash} }

// KeyholeFor is the keyhole of room code made just now with host token.
func KeyholeFor(code, hostToken string) Keyhole { return Keyhole{code, store.Hash(hostToken)} }

// KeyholeOf is the keyhole of the stored room rec, for one that runs on
// another instance.
func KeyholeOf(rec store.Room) Keyhole { return Keyhole{rec.Code, rec.HostHash} }

// Admits reports whether hostToken is the room's host token or stamp one
// of its arrival stamps.
func (k Keyhole) Admits(hostToken, stamp string) bool {
	if k.hostHash == "" {
		return false
	}
	if hostToken != "" && subtleEqual(store.Hash(hostToken), k.hostHash) {
		return true
	}
	_, ok := k.arrived(stamp)
	return ok
}

func (k Keyhole) arrived(stamp string) (time.Time, bool) {
	at, seal, ok := strings.Cut(stamp, ".")
	got, err := base64.RawURLEncoding.DecodeString(seal)
	if !ok || err != nil || !hmac.Equal(got, k.seal(at)) {
		return time.Time{}, false
	}
	sec, err := strconv.ParseInt(at, 36, 64)
	if err != nil {
		return time.Time{}, false
	}
	return time.Unix(sec, 0).UTC(), true
}

// seal is the MAC of a stamp's time; its key is drawn from the host
// token's stored hash, which never leaves the server, so no browser can
// forge an earlier arrival.
func (k Keyhole) seal(at string) []byte {
	key := sha256.Sum256([]byte("topsecret arrival stamp\x00" + k.hostHash))
	m := hmac.New(sha256.New, key[:])
	m.Write([]byte(k.code + "\x00" + at))
	return m.Sum(nil)[:16]
}
