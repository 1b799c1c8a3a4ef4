package server

import (
	"net"
	"net/http"
	"strings"
)

// NetInterface is what PickLAN reads of one network interface.
type NetInterface struct {
	Flags net.Flags
	Addrs []net.Addr
}

// PickLAN returns the first private IPv4 address (10/8, 172.16/12,
// 192.168/16) of an interface that is up and not loopback, or "" when
// there is none: the address phones on the same Wi-Fi reach this machine at.
func PickLAN(ifs []NetInterface) string {
	for _, i := range ifs {
		if i.Flags&net.FlagUp == 0 || i.Flags&net.FlagLoopback != 0 {
			continue
		}
		for _, a := range i.Addrs {
			var ip net.IP
			switch v := a.(type) {
			case *net.IPNet:
				ip = v.IP
			case *net.IPAddr:
				ip = v.IP
			}
			if ip4 := ip.To4(); ip4 != nil && ip4.IsPrivate() {
				return ip4.String()
			}
		}
	}
	return ""
}

// LANAddress is PickLAN over this machine's interfaces. It only reads the
// interface list; it never contacts any network.
func LANAddress() string {
	ifs, err := net.Interfaces()
	if err != nil {
		return ""
	}
	var list []NetInterface
	for _, i := range ifs {
		addrs, err := i.Addrs()
		if err != nil {
			continue
		}
		list = append(list, NetInterface{Flags: i.Flags, Addrs: addrs})
	}
	return PickLAN(list)
}

// isLoopbackHost reports whether a host (with or without a port) names
// this machine only: localhost, 127.0.0.0/8 or ::1.
func isLoopbackHost(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.Trim(host, "[]")
	if strings.EqualFold(host, "localhost") || strings.HasSuffix(strings.ToLower(host), ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// linkHost is the host (and port) for join links of a request without a
// configured BaseURL: a page opened on this machine at a loopback address
// gets the LAN address instead, with the same port, so its links work on
// phones; any other request keeps its own Host.
func linkHost(r *http.Request, lan string) string {
	if lan == "" || !isLoopbackHost(r.Host) || !isLoopbackHost(r.RemoteAddr) {
		return r.Host
	}
	if _, port, err := net.SplitHostPort(r.Host); err == nil && port != "" {
		return net.JoinHostPort(lan, port)
	}
	return lan
}
