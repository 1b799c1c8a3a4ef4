package pgtest

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
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
// and every process it started at once (they share its process group), no
// shutdown checkpoint, nothing flushed. It returns once all are gone; Up
// starts the server again on whatever the data directory then holds.
func (c *Cluster) Crash() error {
	if c.stopped.Load() {
		return errors.New("pgtest: cluster already stopped for good")
	}
	if c.admin != nil {
		c.admin.Close()
		c.admin = nil
	}
	pgid := c.cmd.Process.Pid
	if err := syscall.Kill(-pgid, syscall.SIGKILL); err != nil {
		return fmt.Errorf("pgtest: crash: %w", err)
	}
	<-c.done
	deadline := time.Now().Add(10 * time.Second)
	for syscall.Kill(-pgid, 0) == nil {
		if time.Now().After(deadline) {
			return errors.New("pgtest: crash: postgres processes outlived SIGKILL for 10 s")
		}
		time.Sleep(10 * time.Millisecond)
	}
	return nil
}
