//go:build !unix

package main

// raiseFileLimit has nothing to raise where there is no rlimit.
func raiseFileLimit() (uint64, error) { return 0, nil }
