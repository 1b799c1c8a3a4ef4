// Package pgtest runs throwaway PostgreSQL clusters from the machine's binaries, so Postgres tests need no hand-started server.
package pgtest

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// ErrNoPostgres means the PostgreSQL server binaries are not installed.
var ErrNoPostgres = errors.New("postgres binaries not found (install postgresql or set PGTEST_BINDIR)")

// dirPrefix names cluster directories, so a later run can find a crashed run's leftovers.
const dirPrefix = "topsecret-pgtest-"

// Cluster is a running throwaway PostgreSQL server, owned by this process.
type Cluster struct {
	dir    string // holds data/ (unless data says otherwise), the unix socket and postgres.log
	bindir string
	// data is the data directory when it is not dir/data; durable turns
	// PostgreSQL's fsyncs back on (see StartDurable).
	data    string
	durable bool
	port    int
	cmd     *exec.Cmd
	done    chan struct{} // closed when the server exits

	admin *pgxpool.Pool // on database postgres, for CREATE/DROP DATABASE

	mu       sync.Mutex // guards template and next
	template bool
	next     int

	stopOnce sync.Once
	stopped  atomic.Bool // databases vanish with the cluster; no drop needed
	stopErr  error
}

// claimDir finds the binaries and makes a cluster's temp directory, owned
// by this process.
func claimDir() (bindir, dir string, err error) {
	if bindir, err = findBindir(); err != nil {
		return "", "", err
	}
	sweepStale()
	if dir, err = os.MkdirTemp(baseDir(), dirPrefix); err != nil {
		return "", "", fmt.Errorf("pgtest: %w", err)
	}
	// Written first, so a sweep by a concurrent run sees the directory is taken.
	if err := os.WriteFile(filepath.Join(dir, "owner.pid"), []byte(strconv.Itoa(os.Getpid())), 0o644); err != nil {
		os.RemoveAll(dir)
		return "", "", fmt.Errorf("pgtest: %w", err)
	}
	return bindir, dir, nil
}

// StartCluster initialises and starts a cluster in a new temp directory on a
// free port. The caller must Stop it. It returns ErrNoPostgres when the
// binaries are missing.
func StartCluster() (*Cluster, error) {
	bindir, dir, err := claimDir()
	if err != nil {
		return nil, err
	}
	c := &Cluster{dir: dir, bindir: bindir}
	if err := c.start(bindir); err != nil {
		c.Stop()
		return nil, fmt.Errorf("pgtest: %w", err)
	}
	return c, nil
}

func (c *Cluster) start(bindir string) error {
	cred, err := credential(c.dir)
	if err != nil {
		return err
	}
	args := []string{"-D", c.dataDir(), "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-locale", "--no-instructions"}
	if !c.durable {
		args = append(args, "--no-sync")
	}
	initdb := exec.Command(filepath.Join(bindir, "initdb"), args...)
	initdb.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
	if out, err := initdb.CombinedOutput(); err != nil {
		return fmt.Errorf("initdb: %w\n%s", err, out)
	}
	// Another process may grab the free port before the server binds it; try again on a new one.
	for attempt := 0; ; attempt++ {
		port, err := freePort()
		if err != nil {
			return err
		}
		err = c.serve(bindir, cred, port)
		if err == nil || attempt == 2 {
			return err
		}
	}
}

// serve starts the server on port and waits until it accepts connections.
func (c *Cluster) serve(bindir string, cred *syscall.Credential, port int) error {
	logf, err := os.OpenFile(filepath.Join(c.dir, "postgres.log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	defer logf.Close()
	args := []string{"-D", c.dataDir(),
		"-p", strconv.Itoa(port),
		"-c", "listen_addresses=127.0.0.1",
		"-c", "unix_socket_directories=" + c.dir, // not /var/run/postgresql, which a system server may own
		"-c", "max_connections=300", "-c", "shared_buffers=32MB"}
	if !c.durable {
		// Durability is pointless for data deleted after the run; skipping it makes tests fast.
		args = append(args, "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off")
	}
	cmd := exec.Command(filepath.Join(bindir, "postgres"), args...)
	cmd.Stdout, cmd.Stderr = logf, logf
	cmd.SysProcAttr = &syscall.SysProcAttr{
		Credential: cred,
		// If the test binary dies without cleanup, the server dies with it (SIGQUIT: immediate shutdown).
		Pdeathsig: syscall.SIGQUIT,
		// Keep the terminal's Ctrl-C for the test binary, which then stops the server in order.
		Setpgid: true,
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("start postgres: %w", err)
	}
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	c.cmd, c.port, c.done = cmd, port, done
	if err := c.waitReady(); err != nil {
		c.kill()
		return err
	}
	return nil
}

func (c *Cluster) waitReady() error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for {
		conn, err := pgx.Connect(ctx, c.URL("postgres"))
		if err == nil {
			conn.Close(ctx)
			c.admin, err = pgxpool.New(context.Background(), c.URL("postgres"))
			return err
		}
		select {
		case <-c.done:
			return fmt.Errorf("postgres exited: %s", c.logTail())
		case <-ctx.Done():
			return fmt.Errorf("postgres not ready: %w: %s", err, c.logTail())
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// URL returns a connection URL for database name.
func (c *Cluster) URL(name string) string {
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/%s?sslmode=disable", c.port, name)
}

// Dir is the cluster's directory: data/, the unix socket and postgres.log.
func (c *Cluster) Dir() string { return c.dir }

// Stop shuts the server down and removes its directory. It is safe to call more than once.
func (c *Cluster) Stop() error {
	c.stopOnce.Do(func() {
		c.stopped.Store(true)
		if c.admin != nil {
			c.admin.Close()
		}
		if c.cmd != nil {
			c.stopErr = c.shutdown()
		}
		c.stopErr = errors.Join(c.stopErr, os.RemoveAll(c.dir))
	})
	return c.stopErr
}

// shutdown asks for a fast shutdown (SIGINT), then insists.
func (c *Cluster) shutdown() error {
	c.cmd.Process.Signal(syscall.SIGINT)
	select {
	case <-c.done:
		return nil
	case <-time.After(10 * time.Second):
		c.kill()
		return errors.New("pgtest: postgres did not stop within 10s; killed")
	}
}

func (c *Cluster) kill() {
	c.cmd.Process.Signal(syscall.SIGQUIT)
	select {
	case <-c.done:
	case <-time.After(5 * time.Second):
		c.cmd.Process.Kill()
		<-c.done
	}
}

func (c *Cluster) dataDir() string {
	if c.data != "" {
		return c.data
	}
	return filepath.Join(c.dir, "data")
}

func (c *Cluster) logTail() string {
	b, _ := os.ReadFile(filepath.Join(c.dir, "postgres.log"))
	if len(b) > 2000 {
		b = b[len(b)-2000:]
	}
	return strings.TrimSpace(string(b))
}

// baseDir is where clusters live: $PGTEST_TMPDIR, else /dev/shm when
// writable, since creating and dropping a database per test is several
// times faster in memory than on disk, else os.TempDir.
func baseDir() string {
	if d := os.Getenv("PGTEST_TMPDIR"); d != "" {
		return d
	}
	if syscall.Access("/dev/shm", 2|1) == nil { // W_OK|X_OK
		return "/dev/shm"
	}
	return os.TempDir()
}

// findBindir finds initdb and postgres: $PGTEST_BINDIR, then pg_config --bindir, then $PATH.
func findBindir() (string, error) {
	var dirs []string
	if d := os.Getenv("PGTEST_BINDIR"); d != "" {
		dirs = append(dirs, d)
	}
	if out, err := exec.Command("pg_config", "--bindir").Output(); err == nil {
		dirs = append(dirs, strings.TrimSpace(string(out)))
	}
	if p, err := exec.LookPath("initdb"); err == nil {
		dirs = append(dirs, filepath.Dir(p))
	}
	for _, d := range dirs {
		if isFile(filepath.Join(d, "initdb")) && isFile(filepath.Join(d, "postgres")) {
			return d, nil
		}
	}
	return "", ErrNoPostgres
}

func isFile(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular()
}

// credential returns who runs initdb and postgres: nil (ourselves) normally,
// the postgres system user when we are root, since both refuse to run as root.
// dir is handed to that user.
func credential(dir string) (*syscall.Credential, error) {
	if os.Getuid() != 0 {
		return nil, nil
	}
	u, err := user.Lookup("postgres")
	if err != nil {
		return nil, fmt.Errorf("running as root needs a postgres system user: %w", err)
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	if err := os.Chown(dir, uid, gid); err != nil {
		return nil, err
	}
	return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}, nil
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
