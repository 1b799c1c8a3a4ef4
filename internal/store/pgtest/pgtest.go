package pgtest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"topsecret/internal/store/postgres"
)

// templateDB is migrated once per cluster; every test database is a copy of it.
const templateDB = "topsecret_template"

// Start starts a cluster for tb and stops it when tb ends. Without the
// binaries it skips tb, or fails it when $CI is set: CI must never skip silently.
func Start(tb testing.TB) *Cluster {
	tb.Helper()
	c, err := StartCluster()
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

// NewDatabase creates a fresh, migrated database for tb, drops it when tb
// ends, and returns its URL.
func (c *Cluster) NewDatabase(tb testing.TB) string {
	tb.Helper()
	name, err := c.createDatabase()
	if err != nil {
		tb.Fatalf("pgtest: %v", err)
	}
	tb.Cleanup(func() {
		if c.stopped.Load() {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		// FORCE ends connections a test left open, so a leak cannot fail the drop.
		if _, err := c.admin.Exec(ctx, `DROP DATABASE IF EXISTS `+name+` WITH (FORCE)`); err != nil {
			tb.Errorf("pgtest: drop %s: %v", name, err)
		}
	})
	return c.URL(name)
}

func (c *Cluster) createDatabase() (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	c.mu.Lock()
	if !c.template {
		if err := c.createTemplate(ctx); err != nil {
			c.mu.Unlock()
			return "", err
		}
		c.template = true
	}
	c.next++
	name := fmt.Sprintf("test_%d", c.next)
	c.mu.Unlock()
	if _, err := c.admin.Exec(ctx, `CREATE DATABASE `+name+` TEMPLATE `+templateDB); err != nil {
		return "", fmt.Errorf("create %s: %w", name, err)
	}
	return name, nil
}

func (c *Cluster) createTemplate(ctx context.Context) error {
	if _, err := c.admin.Exec(ctx, `CREATE DATABASE `+templateDB); err != nil {
		return fmt.Errorf("create template: %w", err)
	}
	db, err := postgres.Open(ctx, c.URL(templateDB))
	if err != nil {
		return fmt.Errorf("migrate template: %w", err)
	}
	// Close returns once the pool's connections are closed; CREATE DATABASE
	// waits a few seconds for their backends to exit, so copies cannot see it in use.
	return db.Close()
}

// shared is the one cluster per test binary behind DSN.
var shared struct {
	once sync.Once
	c    *Cluster
	err  error
}

// DSN returns the URL of a fresh, migrated database for tb on a cluster
// shared by the whole test binary, started on first use. The package's
// TestMain must call Main so the cluster stops after the tests. Without the
// binaries it skips tb, or fails it when $CI is set.
func DSN(tb testing.TB) string {
	tb.Helper()
	shared.once.Do(func() { shared.c, shared.err = StartCluster() })
	if shared.err != nil {
		skipOrFail(tb, shared.err)
	}
	return shared.c.NewDatabase(tb)
}

// Main runs the tests, then stops the cluster DSN started, if any, and
// runs after (a package's own clean-up, which os.Exit would skip). Call it
// from TestMain:
//
//	func TestMain(m *testing.M) { pgtest.Main(m) }
func Main(m *testing.M, after ...func()) {
	code := m.Run()
	for _, f := range after {
		f()
	}
	if shared.c != nil {
		if err := shared.c.Stop(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			if code == 0 {
				code = 1
			}
		}
	}
	os.Exit(code)
}

func skipOrFail(tb testing.TB, err error) {
	tb.Helper()
	if errors.Is(err, ErrNoPostgres) && os.Getenv("CI") == "" {
		tb.Skipf("pgtest: %v", err)
	}
	tb.Fatalf("pgtest: %v", err)
}

// sweepStale removes clusters whose test binary died without cleaning up
// (killed, or a crash), first stopping a server that outlived it.
func sweepStale() {
	dirs, _ := filepath.Glob(filepath.Join(baseDir(), dirPrefix+"*"))
	for _, dir := range dirs {
		owner, ok := readPID(filepath.Join(dir, "owner.pid"))
		if !ok {
			// MkdirTemp and writing owner.pid are not atomic; give a concurrent start a minute.
			if fi, err := os.Stat(dir); err != nil || time.Since(fi.ModTime()) < time.Minute {
				continue
			}
		} else if alive(owner) {
			continue
		}
		// postmaster.pid's first line is the server's pid.
		if pid, ok := readPID(filepath.Join(dir, "data", "postmaster.pid")); ok && alive(pid) {
			syscall.Kill(pid, syscall.SIGQUIT)
			for i := 0; i < 50 && alive(pid); i++ {
				time.Sleep(100 * time.Millisecond)
			}
		}
		os.RemoveAll(dir)
	}
}

func readPID(path string) (int, bool) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, false
	}
	line, _, _ := strings.Cut(string(b), "\n")
	pid, err := strconv.Atoi(strings.TrimSpace(line))
	return pid, err == nil && pid > 0
}

// alive reports whether process pid exists; EPERM means it does, owned by someone else.
func alive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
