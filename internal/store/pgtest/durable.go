package pgtest

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// StartDurable starts a cluster for tb whose data directory is dataDir (a
// folder that must not exist yet, for instance on a power-cut disk), with
// PostgreSQL's durability as shipped: initdb syncs what it writes, and
// fsync, full_page_writes and synchronous_commit are on. Every folder
// above dataDir must let the postgres user through when the test runs as
// root. It stops the cluster when tb ends.
func StartDurable(tb testing.TB, dataDir string) *Cluster {
	tb.Helper()
	c, err := startDurable(dataDir)
	if err != nil {
		skipOrFail(tb, err)
	}
	tb.Cleanup(func() {
		if err := c.Stop(); err != nil {
			tb.Errorf("stop postgres: %v", err)
		}
	})
	return c
}

func startDurable(dataDir string) (*Cluster, error) {
	bindir, dir, err := claimDir()
	if err != nil {
		return nil, err
	}
	c := &Cluster{dir: dir, bindir: bindir, data: dataDir, durable: true}
	if err := c.makeDataDir(); err != nil {
		c.Stop()
		return nil, fmt.Errorf("pgtest: %w", err)
	}
	if err := c.start(bindir); err != nil {
		c.Stop()
		return nil, fmt.Errorf("pgtest: %w", err)
	}
	return c, nil
}

// makeDataDir makes the data directory, durably (its name synced into its
// folder), and gives it to the user the server runs as: the folder above
// it may be root's.
func (c *Cluster) makeDataDir() error {
	if err := os.Mkdir(c.data, 0o700); err != nil {
		return err
	}
	if cred, err := credential(c.dir); err != nil {
		return err
	} else if cred != nil {
		if err := os.Chown(c.data, int(cred.Uid), int(cred.Gid)); err != nil {
			return err
		}
	}
	f, err := os.Open(filepath.Dir(c.data))
	if err != nil {
		return err
	}
	defer f.Close()
	return f.Sync()
}

// Crash ends the server as a power cut would: SIGKILL to the postmaster
// and to every process it started, at once, no shutdown checkpoint,
// nothing flushed. PostgreSQL's children leave the postmaster's process
// group (each calls setsid), so they are found by their parent and
// killed one by one, the postmaster held still meanwhile so that it
// starts no other. It returns once none is left holding a file; Up
// starts the server again on whatever the data directory then holds.
func (c *Cluster) Crash() error {
	if c.stopped.Load() {
		return errors.New("pgtest: cluster already stopped for good")
	}
	if c.admin != nil {
		c.admin.Close()
		c.admin = nil
	}
	pid := c.cmd.Process.Pid
	if err := syscall.Kill(pid, syscall.SIGSTOP); err != nil {
		return fmt.Errorf("pgtest: crash: %w", err)
	}
	kids := children(pid)
	for _, k := range kids {
		_ = syscall.Kill(k, syscall.SIGKILL)
	}
	if err := syscall.Kill(-pid, syscall.SIGKILL); err != nil {
		return fmt.Errorf("pgtest: crash: %w", err)
	}
	<-c.done
	// A child blocked in an fsync dies when the fsync returns; once dead
	// (a zombie no one reaps, at worst) it holds no file.
	deadline := time.Now().Add(10 * time.Second)
	for _, k := range append(kids, pid) {
		for living(k) {
			if time.Now().After(deadline) {
				return fmt.Errorf("pgtest: crash: postgres process %d outlived SIGKILL for 10 s", k)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	return nil
}

// children are the processes whose parent is pid.
func children(pid int) []int {
	var kids []int
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	for _, st := range stats {
		if ppid, _, ok := readStat(st); ok && ppid == pid {
			var k int
			if _, err := fmt.Sscanf(filepath.Base(filepath.Dir(st)), "%d", &k); err == nil {
				kids = append(kids, k)
			}
		}
	}
	return kids
}

// living says whether process pid still runs (a zombie does not).
func living(pid int) bool {
	_, state, ok := readStat(fmt.Sprintf("/proc/%d/stat", pid))
	return ok && state != 'Z' && state != 'X'
}

// readStat reads a process's parent and state from its /proc stat line,
// whose second field (the name, in parentheses) may hold spaces.
func readStat(path string) (ppid int, state byte, ok bool) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, 0, false
	}
	i := strings.LastIndexByte(string(b), ')')
	if i < 0 {
		return 0, 0, false
	}
	var st string
	if _, err := fmt.Sscanf(string(b[i+1:]), " %s %d", &st, &ppid); err != nil || st == "" {
		return 0, 0, false
	}
	return ppid, st[0], true
}

// LetThrough lets every user pass through the test's own folders above
// dir (made 0700 by the testing package), so PostgreSQL, which runs as
// its own user when tests run as root, reaches a data directory there.
func LetThrough(tb testing.TB, dir string) {
	tb.Helper()
	tmp := filepath.Clean(os.TempDir())
	for p := filepath.Dir(dir); strings.HasPrefix(p, tmp+string(filepath.Separator)); p = filepath.Dir(p) {
		fi, err := os.Stat(p)
		if err != nil {
			tb.Fatal(err)
		}
		if err := os.Chmod(p, fi.Mode().Perm()|0o011); err != nil {
			tb.Fatal(err)
		}
	}
}
