package server_test

import (
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"topsecret/internal/server"
)

func ipNet(s string) net.Addr {
	ip, n, err := net.ParseCIDR(s)
	if err != nil {
		panic(err)
	}
	n.IP = ip
	return n
}

func TestPickLAN(t *testing.T) {
	t.Parallel()
	up := net.FlagUp | net.FlagBroadcast
	tests := []struct {
		name string
		ifs  []server.NetInterface
		want string
	}{
		{"None", nil, ""},
		{"LoopbackOnly", []server.NetInterface{{Flags: net.FlagUp | net.FlagLoopback, Addrs: []net.Addr{ipNet("127.0.0.1/8")}}}, ""},
		{"Home Wi-Fi", []server.NetInterface{
			{Flags: net.FlagUp | net.FlagLoopback, Addrs: []net.Addr{ipNet("127.0.0.1/8"), ipNet("::1/128")}},
			{Flags: up, Addrs: []net.Addr{ipNet("fe80::1/64"), ipNet("192.168.1.20/24")}},
		}, "192.168.1.20"},
		{"DownInterfaceSkipped", []server.NetInterface{
			{Flags: net.FlagBroadcast, Addrs: []net.Addr{ipNet("10.0.0.5/8")}},
			{Flags: up, Addrs: []net.Addr{ipNet("172.16.4.2/12")}},
		}, "172.16.4.2"},
		{"PublicAddressSkipped", []server.NetInterface{
			{Flags: up, Addrs: []net.Addr{ipNet("203.0.113.7/24")}},
			{Flags: up, Addrs: []net.Addr{&net.IPAddr{IP: net.ParseIP("10.1.2.3")}}},
		}, "10.1.2.3"},
		{"IPv6Only", []server.NetInterface{{Flags: up, Addrs: []net.Addr{ipNet("fd00::5/64")}}}, ""},
		{"FirstWins", []server.NetInterface{
			{Flags: up, Addrs: []net.Addr{ipNet("192.168.0.9/24")}},
			{Flags: up, Addrs: []net.Addr{ipNet("10.0.0.9/8")}},
		}, "192.168.0.9"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := server.PickLAN(tt.ifs); got != tt.want {
				t.Fatalf("PickLAN=%q, want %q", got, tt.want)
			}
		})
	}
}

// A room created from this machine at localhost gets a join link on the
// LAN address; a phone's own requests keep their address; with no LAN
// address the host's lobby warns that the link works here only.
func TestServer_LANLinks(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	serve := func(lan, remote, host, method, path, cookie string) (int, string) {
		srv := server.New(everyGame, e.Rooms, e.Store, quietLog())
		srv.LANHost = lan
		var body io.Reader
		if method == "POST" {
			body = strings.NewReader(`{"game":"wink"}`)
		}
		req := httptest.NewRequest(method, "http://"+host+path, body)
		req.RemoteAddr = remote
		req.Header.Set("Content-Type", "application/json")
		if cookie != "" {
			req.Header.Set("Cookie", cookie)
		}
		w := httptest.NewRecorder()
		srv.ServeHTTP(w, req)
		return w.Code, w.Body.String()
	}
	tests := []struct {
		name, lan, remote, host, want string
	}{
		{"LocalhostGetsLAN", "192.168.1.20", "127.0.0.1:50000", "localhost:8080", "http://192.168.1.20:8080/r/"},
		{"LoopbackIPGetsLAN", "192.168.1.20", "[::1]:50000", "127.0.0.1:8080", "http://192.168.1.20:8080/r/"},
		{"PhoneKeepsItsHost", "192.168.1.20", "192.168.1.31:50000", "192.168.1.20:8080", "http://192.168.1.20:8080/r/"},
		{"NoLAN", "", "127.0.0.1:50000", "localhost:8080", "http://localhost:8080/r/"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, body := serve(tt.lan, tt.remote, tt.host, "POST", "/api/rooms", "")
			var c created
			if err := json.Unmarshal([]byte(body), &c); st != http.StatusCreated || err != nil {
				t.Fatalf("create: status %d, %s", st, body)
			}
			if !strings.HasPrefix(c.URL, tt.want) {
				t.Fatalf("url=%q, want %s…", c.URL, tt.want)
			}
			_, page := serve(tt.lan, tt.remote, tt.host, "GET", "/r/"+c.Code, "ts_host_"+c.Code+"="+c.HostToken)
			warns := strings.Contains(page, `data-testid="local-only"`)
			if want := tt.lan == ""; warns != want {
				t.Fatalf("local-only warning shown %v, want %v", warns, want)
			}
			if !strings.Contains(page, tt.want+c.Code) {
				t.Fatalf("the room page does not show the join link %s%s", tt.want, c.Code)
			}
		})
	}
}
