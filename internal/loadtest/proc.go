package loadtest

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// ProcSample is what /proc says about a process at one moment.
type ProcSample struct {
	At  time.Time
	CPU time.Duration // user plus system time since the process began
	RSS int64         // resident bytes now
	HWM int64         // the most resident bytes so far
}

// ReadProc samples process pid from /proc (Linux only).
func ReadProc(pid int) (ProcSample, error) {
	s := ProcSample{At: time.Now()}
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return s, err
	}
	// The command name (field 2) may hold spaces and parentheses; the
	// fields that follow start after its last ')'.
	rest := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
	if len(rest) < 13 {
		return s, fmt.Errorf("/proc/%d/stat: too few fields", pid)
	}
	utime, _ := strconv.ParseInt(rest[11], 10, 64) // field 14
	stime, _ := strconv.ParseInt(rest[12], 10, 64) // field 15
	s.CPU = time.Duration(utime+stime) * time.Second / time.Duration(clockTicks())
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return s, err
	}
	for line := range strings.Lines(string(status)) {
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		kb, _ := strconv.ParseInt(f[1], 10, 64)
		switch f[0] {
		case "VmRSS:":
			s.RSS = kb << 10
		case "VmHWM:":
			s.HWM = kb << 10
		}
	}
	return s, nil
}

// clockTicks is the kernel's USER_HZ, the unit of /proc's CPU times, read
// from the auxiliary vector (AT_CLKTCK) since sysconf needs cgo; 100 when
// it cannot be read, which is what Linux uses almost everywhere.
func clockTicks() int64 {
	const atClkTck = 17
	b, err := os.ReadFile("/proc/self/auxv")
	for i := 0; err == nil && i+16 <= len(b); i += 16 {
		if binary.NativeEndian.Uint64(b[i:]) == atClkTck {
			if v := int64(binary.NativeEndian.Uint64(b[i+8:])); v > 0 {
				return v
			}
		}
	}
	return 100
}

// RaiseFileLimit lifts this process's open-file limit to its hard maximum,
// since every websocket is a file, and says what it was and is now.
func RaiseFileLimit() (was, now uint64, err error) {
	var l syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &l); err != nil {
		return 0, 0, err
	}
	was = l.Cur
	if l.Cur < l.Max {
		l.Cur = l.Max
		if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &l); err != nil {
			return was, was, err
		}
	}
	return was, l.Cur, nil
}
