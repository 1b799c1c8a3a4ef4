package server_test

import (
	"bufio"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strings"
	"testing"
	"time"

	"topsecret/internal/server"
)

// BenchmarkIdleSocket opens idleSockets phone websockets to rooms of a
// running server (four seats each: a party that stopped playing) from a
// second process, and reports what each costs the server's process while
// idle: heap-B/socket is the live heap after a collection, stack-B/socket
// the goroutine stacks, and held-B/socket what the process holds for it at
// Go's default collector (GOGC=100 lets the heap grow to twice what is
// live before collecting). docs/benchmarks.md compares it with the load
// tool's RSS figures.
func BenchmarkIdleSocket(b *testing.B) {
	const idleSockets = 2000
	e := mustStart(b)
	e.Srv.Doorman = server.NoDoorman()
	var links []string
	for range idleSockets / 4 {
		c, seats := e.mustRoom(map[string]any{"mode": "remote"}, "Ann", "Bob", "Cid", "Dee")
		e.mustStartMatch(c)
		for _, s := range seats {
			links = append(links, "/r/"+c.Code+"/ws?token="+s.Token)
		}
	}
	list := filepath.Join(b.TempDir(), "links")
	if err := os.WriteFile(list, []byte(strings.Join(links, "\n")), 0o600); err != nil {
		b.Fatal(err)
	}
	host := strings.TrimPrefix(e.Server.URL, "http://")
	idleRound(b, host, list, idleSockets) // the first sockets also fill caches that every later one shares
	for b.Loop() {
		heap, stack := idleRound(b, host, list, idleSockets)
		b.ReportMetric(heap, "heap-B/socket")
		b.ReportMetric(stack, "stack-B/socket")
		b.ReportMetric(2*heap+stack, "held-B/socket")
	}
}

// idleRound opens the sockets from a client process, measures what the
// server holds for each, and closes them.
func idleRound(b *testing.B, host, list string, n int) (heap, stack float64) {
	heap0, stack0 := liveMemory()
	clients := exec.Command(os.Args[0], "-test.run=^TestIdleClients$")
	clients.Env = append(os.Environ(), "IDLE_CLIENTS_HOST="+host, "IDLE_CLIENTS_LINKS="+list)
	hold, err := clients.StdinPipe()
	if err != nil {
		b.Fatal(err)
	}
	out, err := clients.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	clients.Stderr = os.Stderr
	if err := clients.Start(); err != nil {
		b.Fatal(err)
	}
	if line, err := bufio.NewReader(out).ReadString('\n'); err != nil || !strings.HasPrefix(line, "open") {
		b.Fatalf("clients: %q %v", line, err)
	}
	time.Sleep(200 * time.Millisecond) // every first frame written, every writer gone
	heap1, stack1 := liveMemory()
	hold.Close()
	if err := clients.Wait(); err != nil {
		b.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond) // the server sees them go
	return float64(heap1-heap0) / float64(n), float64(stack1-stack0) / float64(n)
}

// TestIdleClients is BenchmarkIdleSocket's client process, and skips when
// run otherwise: it opens every link, says so, and holds them until its
// standard input closes.
func TestIdleClients(t *testing.T) {
	host, list := os.Getenv("IDLE_CLIENTS_HOST"), os.Getenv("IDLE_CLIENTS_LINKS")
	if host == "" {
		t.Skip("BenchmarkIdleSocket's client process")
	}
	b, err := os.ReadFile(list)
	if err != nil {
		t.Fatal(err)
	}
	var conns []net.Conn
	for _, link := range strings.Split(string(b), "\n") {
		conns = append(conns, idleSocket(t, host, link))
	}
	os.Stdout.WriteString("open\n")
	_, _ = os.Stdin.Read(make([]byte, 1))
	for _, c := range conns {
		c.Close()
	}
}

// idleSocket opens a websocket by hand, reads the handshake's answer and
// leaves the rest (the first frame) unread in the kernel.
func idleSocket(tb testing.TB, host, link string) net.Conn {
	tb.Helper()
	conn, err := net.Dial("tcp", host)
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := conn.Write([]byte(upgradeRequest(host, link))); err != nil {
		tb.Fatal(err)
	}
	// A one-byte-at-a-time reader takes nothing past the answer's headers.
	resp, err := http.ReadResponse(bufio.NewReaderSize(oneByte{conn}, 16), nil)
	if err != nil || resp.StatusCode != http.StatusSwitchingProtocols {
		tb.Fatalf("handshake: %v %v", resp, err)
	}
	return conn
}

type oneByte struct{ net.Conn }

func (o oneByte) Read(p []byte) (int, error) { return o.Conn.Read(p[:1]) }

// liveMemory is the live heap and the goroutine stacks after a full
// collection.
func liveMemory() (heap, stacks uint64) {
	// Freeing returns the stacks of the last round's goroutines to the
	// heap, so the next round's stacks count as new.
	debug.FreeOSMemory()
	runtime.GC()
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}, {Name: "/memory/classes/heap/stacks:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64(), s[1].Value.Uint64()
}
