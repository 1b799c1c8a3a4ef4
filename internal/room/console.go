package room

import (
	"context"
	"strings"
	"sync"
	"time"

	"topsecret/internal/store"
)

// ConsoleLife is how long the host's one-time console code works: long
// enough to walk to the TV and type it.
const ConsoleLife = 5 * time.Minute

// consoleCodeLength gives 23^8 ≈ 78 billion codes: with the server's
// limit on tries (a few dozen a minute for a room) a code lives far too
// short to be guessed.
const consoleCodeLength = 8

// maxConsoleCodes and maxScreens bound what a room keeps of the host's
// console codes and of the screens they opened.
const (
	maxConsoleCodes = 3
	maxScreens      = 8
)

// consoleCode is a one-time code the host made to open the host's console
// on another screen (a TV that did not create the room); kept as a hash.
type consoleCode struct {
	hash  string
	until time.Time
}

// screenKeys are the hashes of the host tokens handed to screens by a
// console code. They live in memory only: after a restart the TV shows
// the public table again, and the host hands it the console again. A
// mutex, not the room's goroutine, guards them: HostToken is asked
// outside it, on every request.
type screenKeys struct {
	mu     sync.Mutex
	hashes []string
}

func (k *screenKeys) add(hash string) {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.hashes = append(k.hashes, hash)
	if n := len(k.hashes); n > maxScreens {
		k.hashes = k.hashes[n-maxScreens:]
	}
}

func (k *screenKeys) holds(hash string) bool {
	k.mu.Lock()
	defer k.mu.Unlock()
	found := false
	for _, h := range k.hashes {
		found = subtleEqual(hash, h) || found
	}
	return found
}

// ConsoleCode is a code the host reads off their phone and types on a TV
// (or scans), with when it stops working.
type ConsoleCode struct {
	Code    string
	Expires time.Time
}

// HandConsole makes a one-time code that opens the host's console on
// another screen; only while the host token holds the role, by its
// holder. The long-lived host token never leaves the host's phone: the
// screen that takes the code gets a token of its own, the host token's
// equal. A seat the role passed to cannot hand that on: it would give
// the screen the room creator's standing, and with it the way back.
func (r *Room) HandConsole(ctx context.Context, id Identity) (ConsoleCode, error) {
	var out ConsoleCode
	err := r.do(ctx, func() error {
		if !r.isHost(id) || r.rec.Host.Seat != "" {
			return ErrForbidden
		}
		r.pruneConsoleCodes()
		code := (NewCode() + NewCode())[:consoleCodeLength]
		c := consoleCode{hash: store.Hash(code), until: r.now().Add(ConsoleLife)}
		r.consoleCodes = append(r.consoleCodes, c)
		if n := len(r.consoleCodes); n > maxConsoleCodes {
			r.consoleCodes = r.consoleCodes[n-maxConsoleCodes:]
		}
		out = ConsoleCode{Code: code, Expires: c.until.UTC()}
		return nil
	})
	return out, err
}

// TakeConsole uses up a console code the host made and returns a new host
// token for the screen that typed it: that screen holds the room's host
// token from now on, as the room's creator does.
func (r *Room) TakeConsole(ctx context.Context, typed string) (string, error) {
	var token string
	err := r.do(ctx, func() error {
		r.pruneConsoleCodes()
		hash := store.Hash(NormalizeConsoleCode(typed))
		for i, c := range r.consoleCodes {
			if subtleEqual(hash, c.hash) {
				r.consoleCodes = append(r.consoleCodes[:i:i], r.consoleCodes[i+1:]...)
				token = NewToken()
				r.screens.add(store.Hash(token))
				return nil
			}
		}
		return refuseSaid("game.console.code_wrong")
	})
	return token, err
}

// NormalizeConsoleCode upper-cases a typed console code and drops what a
// person types between its letters.
func NormalizeConsoleCode(s string) string {
	return strings.Map(func(c rune) rune {
		switch c {
		case ' ', '-', '\t':
			return -1
		}
		return c
	}, strings.ToUpper(strings.TrimSpace(s)))
}

// pruneConsoleCodes drops the codes whose time is up.
func (r *Room) pruneConsoleCodes() {
	kept := r.consoleCodes[:0]
	for _, c := range r.consoleCodes {
		if r.now().Before(c.until) {
			kept = append(kept, c)
		}
	}
	r.consoleCodes = kept
}
