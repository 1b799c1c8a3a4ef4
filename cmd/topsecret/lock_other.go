//go:build !unix

package main

// lockDatabase has no portable file lock to take here; SQLite's own
// locking keeps the file consistent, but two servers would both run rooms.
func lockDatabase(path string) (unlock func(), err error) { return func() {}, nil }
