package store_test

import (
	"errors"
	"fmt"
	"io"
	"net"
	"syscall"
	"testing"

	"topsecret/internal/store"
)

// sqlStateError stands for a driver's coded error, as pgconn.PgError is.
type sqlStateError string

func (e sqlStateError) Error() string    { return "server error " + string(e) }
func (e sqlStateError) SQLState() string { return string(e) }

func TestUnreachableNamesADatabaseThatIsGone(t *testing.T) {
	refused := &net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}
	for _, tc := range []struct {
		name string
		err  error
		want bool
	}{
		{"dial refused, wrapped twice", fmt.Errorf("append: %w", fmt.Errorf("connect: %w", refused)), true},
		{"connection cut mid-reply", fmt.Errorf("read: %w", io.ErrUnexpectedEOF), true},
		{"server shutting down (57P01)", fmt.Errorf("connect: %w", sqlStateError("57P01")), true},
		{"server starting up (57P03)", sqlStateError("57P03"), true},
		{"connection failure (08006)", sqlStateError("08006"), true},
		{"unique violation (23505) is a refusal, not an outage", sqlStateError("23505"), false},
		{"busy is a full queue, not an outage", store.ErrBusy, false},
		{"a plain failure", errors.New("boom"), false},
		{"no error", nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := store.Unreachable(tc.err); got != tc.want {
				t.Fatalf("Unreachable(%v) = %v, want %v", tc.err, got, tc.want)
			}
		})
	}
}
