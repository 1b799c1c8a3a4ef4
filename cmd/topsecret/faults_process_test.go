package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// serverProcess is the real binary running as its own process, so a test
// can kill -9 it the way a power cut or the OOM killer would.
type serverProcess struct {
	tb   testing.TB
	bin  string
	args []string
	URL  string
	cmd  *exec.Cmd
	log  *bytes.Buffer
}

// built is cmd/topsecret compiled once for every test of the run that
// runs it as a process (a build takes 10 to 20 s on two loaded cores);
// TestMain removes its folder.
var built struct {
	once     sync.Once
	dir, bin string
	err      error
}

// buildBinary compiles cmd/topsecret, once per run of the package's tests.
func buildBinary(tb testing.TB) string {
	tb.Helper()
	built.once.Do(func() {
		if built.dir, built.err = os.MkdirTemp("", "topsecret-test-bin-"); built.err != nil {
			return
		}
		built.bin = filepath.Join(built.dir, "topsecret")
		if out, err := exec.Command("go", "build", "-o", built.bin, ".").CombinedOutput(); err != nil {
			built.err = fmt.Errorf("go build: %w\n%s", err, out)
		}
	})
	if built.err != nil {
		tb.Fatal(built.err)
	}
	return built.bin
}

// removeBuilt removes the binary buildBinary made, after the run.
func removeBuilt() {
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
}

// freeAddr is a loopback address nobody listens on right now.
func freeAddr(tb testing.TB) string {
	tb.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// startServerProcess runs `topsecret serve -no-limits` on a free port with
// the given store flags and waits until it answers /healthz.
func startServerProcess(tb testing.TB, bin string, storeArgs ...string) *serverProcess {
	tb.Helper()
	addr := freeAddr(tb)
	p := &serverProcess{tb: tb, bin: bin, URL: "http://" + addr, log: &bytes.Buffer{},
		args: append([]string{"serve", "-no-limits", "-addr", addr, "-log-level", "warn"}, storeArgs...)}
	p.start()
	tb.Cleanup(func() {
		if p.cmd != nil && p.cmd.Process != nil {
			_ = p.cmd.Process.Kill()
			_ = p.cmd.Wait()
		}
		if tb.Failed() {
			tb.Logf("server log:\n%s", p.log.String())
		}
	})
	return p
}

func (p *serverProcess) start() {
	p.tb.Helper()
	p.cmd = exec.Command(p.bin, p.args...)
	p.cmd.Stdout, p.cmd.Stderr = p.log, p.log
	if err := p.cmd.Start(); err != nil {
		p.tb.Fatal(err)
	}
	p.waitHealthy(30 * time.Second)
}

// dumpGoroutines has the server print every goroutine's stack to its log
// (Go's answer to SIGQUIT) and exit, for a test that found it stuck.
func (p *serverProcess) dumpGoroutines() {
	if p.cmd != nil && p.cmd.Process != nil && p.cmd.Process.Signal(syscall.SIGQUIT) == nil {
		_ = p.cmd.Wait()
	}
}

// kill9 ends the process at once: no deferred close, no flushed buffer.
func (p *serverProcess) kill9() {
	p.tb.Helper()
	if err := p.cmd.Process.Kill(); err != nil {
		p.tb.Fatal(err)
	}
	_ = p.cmd.Wait()
}

// waitHealthy polls /healthz until it says ok, failing the test after limit.
func (p *serverProcess) waitHealthy(limit time.Duration) {
	p.tb.Helper()
	deadline := time.Now().Add(limit)
	for {
		if status(p.URL+"/healthz") == http.StatusOK {
			return
		}
		if time.Now().After(deadline) {
			p.tb.Fatalf("server at %s not healthy after %v", p.URL, limit)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// status is a GET's status code, or 0 when nothing answered.
func status(url string) int {
	c := http.Client{Timeout: 2 * time.Second}
	resp, err := c.Get(url)
	if err != nil {
		return 0
	}
	resp.Body.Close()
	return resp.StatusCode
}

// getJSON decodes a GET's JSON body into v.
func getJSON(url string, v any) error {
	c := http.Client{Timeout: 2 * time.Second}
	resp, err := c.Get(url)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: %s", url, resp.Status)
	}
	return json.NewDecoder(resp.Body).Decode(v)
}

// ackBook collects the load tool's acknowledgements as they come, so a
// test can read them while play goes on.
type ackBook struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *ackBook) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

// claims parses what was acknowledged so far.
func (b *ackBook) claims(tb testing.TB) []acked {
	tb.Helper()
	b.mu.Lock()
	text := b.buf.String()
	b.mu.Unlock()
	c, err := parseAcked(strings.NewReader(text), "acknowledgements")
	if err != nil {
		tb.Fatal(err)
	}
	return c
}

// codes is what the load tool wrote to its Opened writer: one room code a
// line.
func (b *ackBook) codes() map[string]bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	codes := map[string]bool{}
	for _, c := range strings.Fields(b.buf.String()) {
		codes[c] = true
	}
	return codes
}
