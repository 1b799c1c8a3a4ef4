package room

import (
	"crypto/rand"
	"strings"
)

// codeAlphabet leaves out letters and digits that are easy to confuse when
// read aloud or off a TV (0/O, 1/I/L, 5/S, 2/Z, 8/B, U/V).
const codeAlphabet = "ACDEFGHJKMNPQRTWXY34679"

// codeLength gives 23^6 ≈ 148 million codes: short enough to type on a phone,
// too many to guess within the server's rate limits.
const codeLength = 6

// NewCode returns a fresh random room code.
func NewCode() string {
	var b [codeLength]byte
	var out strings.Builder
	for {
		if _, err := rand.Read(b[:]); err != nil {
			panic(err)
		}
		out.Reset()
		ok := true
		for _, x := range b {
			// Rejection keeps every letter equally likely.
			if int(x) >= 256-256%len(codeAlphabet) {
				ok = false
				break
			}
			out.WriteByte(codeAlphabet[int(x)%len(codeAlphabet)])
		}
		if ok {
			return out.String()
		}
	}
}

// NormalizeCode upper-cases a typed code and drops spaces and dashes, so
// "acd-efg" finds room ACDEFG.
func NormalizeCode(s string) string {
	s = strings.ToUpper(s)
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' {
			return -1
		}
		return r
	}, s)
}

// ValidCode reports whether s could be a room code at all, so junk never reaches the store.
func ValidCode(s string) bool {
	if len(s) != codeLength {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !strings.ContainsRune(codeAlphabet, rune(s[i])) {
			return false
		}
	}
	return true
}

// NewToken returns a 128-bit secret in hex for seat and host tokens.
func NewToken() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err)
	}
	const hexd = "0123456789abcdef"
	out := make([]byte, 32)
	for i, x := range b {
		out[2*i] = hexd[x>>4]
		out[2*i+1] = hexd[x&15]
	}
	return string(out)
}
