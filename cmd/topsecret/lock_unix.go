//go:build unix

package main

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// lockDatabase takes an exclusive lock on path+".lock" for as long as this
// server runs: the embedded SQLite store holds rooms in this process's
// memory, and a second server on the same file would run the same rooms
// twice. flock ends with the process, so a crash leaves no stale lock.
func lockDatabase(path string) (unlock func(), err error) {
	f, err := os.OpenFile(path+".lock", os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, fmt.Errorf("lock database: %w", err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("another topsecret server is already using %s: the embedded SQLite database serves one instance only; stop it, choose another --data directory, or run several instances on PostgreSQL with --database-url", path)
		}
		return nil, fmt.Errorf("lock database: %w", err)
	}
	return func() { f.Close() }, nil
}
