package server_test

import (
	"bufio"
	"encoding/binary"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// A client may send its first message in the same packet as its
// handshake: the bytes the server read ahead while answering the upgrade
// must still reach the socket as its first message.
func TestRoomSocket_MessageSentWithTheHandshakeIsRead(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, seats := e.mustRoom(map[string]any{"mode": "remote"}, "Ann", "Bob", "Cid", "Dee")
	e.mustStartMatch(c)
	conn, err := net.Dial("tcp", strings.TrimPrefix(e.Server.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	req := upgradeRequest(strings.TrimPrefix(e.Server.URL, "http://"), "/r/"+c.Code+"/ws?view=json&token="+seats[0].Token)
	if _, err := conn.Write(append([]byte(req), clientFrame(`{"type":"ping","id":"early"}`)...)); err != nil {
		t.Fatal(err)
	}
	br := bufio.NewReader(conn)
	resp, err := http.ReadResponse(br, nil)
	if err != nil || resp.StatusCode != http.StatusSwitchingProtocols {
		t.Fatalf("handshake: %v %v", resp, err)
	}
	for range 20 {
		msg := serverFrame(t, br)
		if strings.Contains(msg, `"type":"pong"`) && strings.Contains(msg, `"early"`) {
			return
		}
	}
	t.Fatal("the ping sent with the handshake was never answered")
}

// upgradeRequest is a websocket handshake for link on host, as a client
// writes it on a bare connection.
func upgradeRequest(host, link string) string {
	return "GET " + link + " HTTP/1.1\r\nHost: " + host + "\r\n" +
		"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n" +
		"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
}

// clientFrame is one masked text frame, as a client sends it.
func clientFrame(text string) []byte {
	mask := [4]byte{1, 2, 3, 4}
	f := []byte{0x81}
	if n := len(text); n < 126 {
		f = append(f, 0x80|byte(n))
	} else {
		f = append(f, 0x80|126, byte(n>>8), byte(n))
	}
	f = append(f, mask[:]...)
	for i := range len(text) {
		f = append(f, text[i]^mask[i%4])
	}
	return f
}

// serverFrame reads one unmasked frame's payload.
func serverFrame(t *testing.T, br *bufio.Reader) string {
	t.Helper()
	var h [2]byte
	if _, err := br.Read(h[:1]); err != nil {
		t.Fatal(err)
	}
	if _, err := br.Read(h[1:]); err != nil {
		t.Fatal(err)
	}
	n := uint64(h[1] & 0x7f)
	switch n {
	case 126:
		var b [2]byte
		readFull(t, br, b[:])
		n = uint64(binary.BigEndian.Uint16(b[:]))
	case 127:
		var b [8]byte
		readFull(t, br, b[:])
		n = binary.BigEndian.Uint64(b[:])
	}
	p := make([]byte, n)
	readFull(t, br, p)
	return string(p)
}

func readFull(t *testing.T, br *bufio.Reader, b []byte) {
	t.Helper()
	for i := 0; i < len(b); {
		n, err := br.Read(b[i:])
		if err != nil {
			t.Fatal(err)
		}
		i += n
	}
}
