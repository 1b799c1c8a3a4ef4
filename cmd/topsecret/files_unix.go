//go:build unix

package main

import "syscall"

// raiseFileLimit lifts the soft limit on open files to the hard one: every
// connected phone holds a socket, and the usual soft limit of 1024 would cap
// a server at a few hundred tables.
func raiseFileLimit() (uint64, error) {
	var l syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &l); err != nil {
		return 0, err
	}
	if l.Cur < l.Max {
		l.Cur = l.Max
		if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &l); err != nil {
			return l.Cur, err
		}
	}
	return l.Cur, nil
}
