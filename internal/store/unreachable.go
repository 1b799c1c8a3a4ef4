package store

import (
	"errors"
	"io"
	"net"
	"strings"
)

// Unreachable says err means the database could not be reached or is
// going away (stopped, restarting, the network gone), rather than that it
// refused this request: nothing was stored, and the same request under
// the same id may succeed once it is back. It reads the error's shape, so
// this package needs no driver: a dial that failed, a connection cut
// mid-way, or PostgreSQL's SQLSTATE classes 08 (connection exception)
// and 57P (operator intervention: shutting down, starting up). A disk
// that refused a write (ErrUnwritable) counts too: nothing was stored
// there either, and a retry later may succeed.
func Unreachable(err error) bool {
	if err == nil {
		return false
	}
	if errors.Is(err, ErrUnwritable) {
		return true
	}
	var op *net.OpError
	if errors.As(err, &op) || errors.Is(err, io.ErrUnexpectedEOF) {
		return true
	}
	var coded interface{ SQLState() string }
	if errors.As(err, &coded) {
		s := coded.SQLState()
		return strings.HasPrefix(s, "08") || strings.HasPrefix(s, "57P")
	}
	return false
}
