// Command topsecret serves game nights: rooms, live tables and replays, plus
// the selfplay, replay and loadtest tools, all in one binary.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/coder/websocket"

	"topsecret/cmd/topsecret/shelf"
	"topsecret/internal/lease"
	"topsecret/internal/room"
	"topsecret/internal/server"
	"topsecret/internal/store"
	"topsecret/internal/store/postgres"
	"topsecret/internal/store/sqlite"
	"topsecret/web/catalogue"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "topsecret:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) > 0 {
		switch args[0] {
		case "selfplay":
			return runSelfplay(ctx, args[1:], stdout)
		case "replay":
			return runReplay(ctx, args[1:], stdout)
		case "loadtest":
			return runLoadtest(ctx, args[1:], stdout, stderr)
		case "verify":
			return runVerify(ctx, args[1:], stdout)
		case "night":
			return runNight(ctx, args[1:], stdout)
		case "backup":
			return runBackup(ctx, args[1:], stdout)
		case "restore":
			return runRestore(ctx, args[1:], stdout)
		case "front":
			return runFront(ctx, args[1:], stdout, stderr)
		case "serve":
			args = args[1:]
		}
	}
	m := NewMain()
	m.Stdout = stdout
	if err := m.ParseFlags(args, stderr); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	if err := m.Run(ctx); err != nil {
		return errors.Join(err, m.Close())
	}
	err := m.Wait(ctx)
	return errors.Join(err, m.Close())
}

// Config is the server's configuration; every flag also reads an environment variable.
type Config struct {
	Addr        string
	DataDir     string
	DatabaseURL string
	BaseURL     string
	LogLevel    string
	BotDelay    time.Duration
	// TrustProxy believes a reverse proxy's X-Forwarded-For and
	// X-Forwarded-Proto when the request comes from one of TrustedProxies;
	// NoLimits turns off the per-address limits (for load tests that open
	// thousands of rooms from one machine).
	TrustProxy     bool
	TrustedProxies []netip.Prefix
	NoLimits       bool
	// Advertise is where the other instances on the same PostgreSQL reach
	// this one; LeaseTTL is how long a room's lease lasts unrenewed (how
	// long a dead instance's rooms wait before another takes them).
	Advertise string
	LeaseTTL  time.Duration
	// Profiles is where Go's runtime profiles are served (a loopback
	// address); empty serves none.
	Profiles string
	// Deflate is the websockets' permessage-deflate: off, fresh (each frame
	// compressed alone; the default: docs/benchmarks.md, "Compressed
	// frames") or shared (a compressor kept per connection).
	Deflate string
	// ShedAbove is the scheduling latency past which new actions are
	// answered busy (the overload package); 0 never refuses. MaxInFlight
	// caps the actions being answered at once.
	ShedAbove   time.Duration
	MaxInFlight int
	// AbandonAfter ends a match no person has moved in for this long (0:
	// never); MaxRooms caps the rooms live at once (0: no cap).
	AbandonAfter time.Duration
	MaxRooms     int
	// DevGames offers the games still in the works (and the example game
	// of docs/adding-a-game.md) besides the finished ones.
	DevGames bool
}

// Main is the running program: config, store, rooms and HTTP server. Tests
// boot it on :0 with a temporary database.
type Main struct {
	Config Config
	Log    *slog.Logger
	// Games are the games this server offers, handed down to the rooms
	// and the pages.
	Games  *catalogue.Shelf
	Store  store.Store
	Rooms  *room.Registry
	Server *server.Server
	// Keeper holds this instance's room leases when several instances
	// share a PostgreSQL database; nil on SQLite.
	Keeper *lease.Keeper
	// Stdout receives the start-up line that says where phones join; nil
	// prints nothing.
	Stdout io.Writer

	ln   net.Listener
	http *http.Server
	// served receives the error that stopped serving on its own (not by Close).
	served chan error
	// unlock releases the SQLite file for another server.
	unlock func()
	// stopLooking stops the overload gauge and the quiet spell looking.
	stopLooking context.CancelFunc
	// crashable makes Crash able to cut every connection (tests only).
	crashable bool
}

// NewMain returns a Main with default config.
func NewMain() *Main {
	return &Main{Config: Config{Addr: ":8080", DataDir: "./data", LogLevel: "info", BotDelay: 1200 * time.Millisecond,
		TrustedProxies: server.DefaultProxies, ShedAbove: 20 * time.Millisecond, MaxInFlight: 128, AbandonAfter: room.DefaultAbandonAfter, MaxRooms: room.DefaultMaxRooms,
		Deflate: "fresh"}}
}

// ParseFlags reads flags, falling back to environment variables.
func (m *Main) ParseFlags(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("topsecret", flag.ContinueOnError)
	fs.SetOutput(out)
	c := &m.Config
	fs.StringVar(&c.Addr, "addr", env("ADDR", c.Addr), "listen address (env ADDR)")
	fs.StringVar(&c.DataDir, "data", env("DATA_DIR", c.DataDir), "directory of the embedded SQLite database (env DATA_DIR)")
	fs.StringVar(&c.DatabaseURL, "database-url", env("DATABASE_URL", c.DatabaseURL), "postgres://… selects PostgreSQL (env DATABASE_URL)")
	fs.StringVar(&c.BaseURL, "base-url", env("BASE_URL", c.BaseURL), "public URL for join links and QR codes, e.g. http://192.168.1.20:8080 (env BASE_URL)")
	fs.StringVar(&c.LogLevel, "log-level", env("LOG_LEVEL", c.LogLevel), "debug, info, warn or error (env LOG_LEVEL)")
	fs.BoolVar(&c.TrustProxy, "trust-proxy", env("TRUST_PROXY", "") == "1",
		"a reverse proxy in front sets X-Forwarded-For and X-Forwarded-Proto truthfully (env TRUST_PROXY=1)")
	proxies := env("TRUSTED_PROXIES", "127.0.0.0/8,::1")
	fs.Func("trusted-proxies", "with --trust-proxy: the proxies' addresses or networks, comma-separated: only requests from them are believed (env TRUSTED_PROXIES; default "+proxies+")", func(v string) error {
		p, err := server.ParseProxies(v)
		c.TrustedProxies = p
		return err
	})
	fs.StringVar(&c.Advertise, "advertise", env("ADVERTISE", c.Advertise),
		"with PostgreSQL: where the other instances reach this one, e.g. http://10.0.0.5:8080 (env ADVERTISE; default the listening port on this machine's LAN address)")
	fs.DurationVar(&c.LeaseTTL, "lease-ttl", c.LeaseTTL,
		"with PostgreSQL: how long a room's lease lasts unrenewed, so how soon a dead instance's rooms move (default 5s)")
	fs.StringVar(&c.Profiles, "profiles", env("PROFILES", ""),
		"serve Go's runtime profiles (pprof) on this address, e.g. 127.0.0.1:6060; keep it off the network (env PROFILES)")
	fs.BoolVar(&c.DevGames, "dev-games", env("DEV_GAMES", "") == "1",
		"offer the games still in the works too, such as the example game of docs/adding-a-game.md (env DEV_GAMES=1)")
	fs.BoolVar(&c.NoLimits, "no-limits", env("NO_LIMITS", "") == "1",
		"no per-address limits on rooms, joins, room-code guesses and sockets, for load tests (env NO_LIMITS=1)")
	fs.StringVar(&c.Deflate, "ws-deflate", env("WS_DEFLATE", c.Deflate),
		"compress websocket frames: off, fresh (each frame alone) or shared (a compressor per connection: smallest, costliest) (env WS_DEFLATE)")
	fs.IntVar(&c.MaxInFlight, "max-in-flight", c.MaxInFlight,
		"with --shed-above: answer new actions busy while this many are being answered; 0 sets no cap")
	fs.DurationVar(&c.ShedAbove, "shed-above", c.ShedAbove,
		"answer new actions busy while goroutines wait longer than this for the CPU (99th percentile over 50 ms); 0 never refuses")
	delay := env("BOT_DELAY", c.BotDelay.String())
	fs.Func("bot-delay", "a bot's typical reaction time, e.g. 1.2s; 0 makes bots instant (env BOT_DELAY; default "+delay+")", func(s string) error {
		d, err := time.ParseDuration(s)
		c.BotDelay = d
		return err
	})
	if d, err := time.ParseDuration(delay); err == nil {
		c.BotDelay = d
	} else {
		return fmt.Errorf("BOT_DELAY: %w", err)
	}
	if p, err := server.ParseProxies(proxies); err == nil {
		c.TrustedProxies = p
	} else {
		return fmt.Errorf("TRUSTED_PROXIES: %w", err)
	}
	if err := roomFlags(fs, c); err != nil {
		return err
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if _, ok := deflateModes[c.Deflate]; !ok {
		return fmt.Errorf("--ws-deflate %q: want off, fresh or shared", c.Deflate)
	}
	return checkRoomFlags(c)
}

// roomFlags are the bounds on the rooms a server keeps: how many, and how
// long a match may wait for a move.
func roomFlags(fs *flag.FlagSet, c *Config) error {
	abandon, err := time.ParseDuration(env("ABANDON_AFTER", c.AbandonAfter.String()))
	if err != nil {
		return fmt.Errorf("ABANDON_AFTER: %w", err)
	}
	fs.DurationVar(&c.AbandonAfter, "abandon-after", abandon,
		"end a match in which nobody has made a move for this long (bots and timers do not count), with no winner and the reason on every screen; 0 never, else at least 1h (env ABANDON_AFTER)")
	most, err := strconv.Atoi(env("MAX_ROOMS", strconv.Itoa(c.MaxRooms)))
	if err != nil {
		return fmt.Errorf("MAX_ROOMS: %w", err)
	}
	fs.IntVar(&c.MaxRooms, "max-rooms", most,
		"rooms kept live at once; creating or opening one more is refused, worded, until others go idle; 0 sets no cap (env MAX_ROOMS)")
	return nil
}

func checkRoomFlags(c *Config) error {
	if c.AbandonAfter != 0 && c.AbandonAfter < time.Hour {
		// Players are told the hours that passed without a move.
		return fmt.Errorf("--abandon-after %s: want 0 (never) or at least 1h", c.AbandonAfter)
	}
	if c.MaxRooms < 0 {
		return fmt.Errorf("--max-rooms %d: want 0 (no cap) or more", c.MaxRooms)
	}
	return nil
}

// deflateModes are --ws-deflate's values.
var deflateModes = map[string]websocket.CompressionMode{
	"": websocket.CompressionDisabled, "off": websocket.CompressionDisabled,
	"fresh": websocket.CompressionNoContextTakeover, "shared": websocket.CompressionContextTakeover,
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

// Run opens the store and starts serving.
func (m *Main) Run(ctx context.Context) error {
	var level slog.Level
	if err := level.UnmarshalText([]byte(m.Config.LogLevel)); err != nil {
		return fmt.Errorf("log level: %w", err)
	}
	if m.Log == nil {
		m.Log = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))
	}
	if err := m.lockSQLite(); err != nil {
		return err
	}
	st, err := openStore(ctx, m.Config)
	if err != nil {
		return err
	}
	m.Store = st
	m.Games = shelf.New(m.Config.DevGames)
	m.Rooms = room.NewRegistry(st, m.Games.Rules(), m.Log)
	m.Rooms.BotDelay = m.Config.BotDelay
	m.Rooms.AbandonAfter = m.Config.AbandonAfter
	m.Rooms.MaxRooms = m.Config.MaxRooms
	if m.ln, err = net.Listen("tcp", m.Config.Addr); err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	if m.crashable {
		m.ln = &cutListener{Listener: m.ln, conns: map[net.Conn]struct{}{}}
	}
	// No room is loaded until someone asks for it, matches in play
	// included: their phones reconnect by themselves and bring them back,
	// and overdue timers fire then. Rooms nobody returns to cost nothing.
	if m.Config.DatabaseURL != "" {
		if err := m.joinFleet(ctx); err != nil {
			return err
		}
	}
	m.Server = m.newServer(st)
	m.watchLoad()
	if m.Config.Profiles != "" {
		if err := serveProfiles(m.Config.Profiles, m.Log); err != nil {
			return err
		}
	}
	if n, err := raiseFileLimit(); err != nil {
		m.Log.Warn("could not raise the open-file limit", "err", err, "limit", n)
	} else {
		m.Log.Info("open-file limit set to its hard limit: each phone holds a socket", "limit", n)
	}
	m.serve()
	m.announce()
	return nil
}

// Wait blocks until ctx ends (nil: a requested shutdown) or serving fails
// on its own (its error). Call Close afterwards either way.
func (m *Main) Wait(ctx context.Context) error {
	select {
	case <-ctx.Done():
		return nil
	case err := <-m.served:
		m.Log.Error("serving stopped", "err", err)
		return err
	}
}

// PhonesURL is the address phones join at: the configured base URL, or
// this machine's LAN address with the listening port; "" when neither is
// known.
func (m *Main) PhonesURL() string {
	if m.Config.BaseURL != "" {
		return strings.TrimRight(m.Config.BaseURL, "/")
	}
	if m.Server == nil || m.Server.LANHost == "" || m.ln == nil {
		return ""
	}
	_, port, err := net.SplitHostPort(m.ln.Addr().String())
	if err != nil {
		return ""
	}
	return "http://" + net.JoinHostPort(m.Server.LANHost, port)
}

// URL is the address the server listens on, for tests.
func (m *Main) URL() string {
	return "http://" + strings.Replace(m.ln.Addr().String(), "[::]", "127.0.0.1", 1)
}

// Close hands the rooms over (drain), stops serving and closes the store.
// Every accepted action is already stored.
func (m *Main) Close() error {
	m.drain()
	if m.stopLooking != nil {
		m.stopLooking()
	}
	if m.http != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = m.http.Shutdown(ctx)
	}
	var err error
	if m.Store != nil {
		err = m.Store.Close()
	}
	if m.unlock != nil {
		m.unlock()
	}
	return err
}

// lockSQLite makes sure no other server runs on the embedded database.
func (m *Main) lockSQLite() error {
	if m.Config.DatabaseURL != "" {
		return nil
	}
	if err := sqlite.MakeFolder(m.Config.DataDir); err != nil {
		return err
	}
	unlock, err := lockDatabase(sqlitePath(m.Config))
	m.unlock = unlock
	return err
}

func openStore(ctx context.Context, c Config) (store.Store, error) {
	if c.DatabaseURL != "" {
		return postgres.Open(ctx, c.DatabaseURL)
	}
	return sqlite.Open(sqlitePath(c))
}

func sqlitePath(c Config) string { return filepath.Join(c.DataDir, "topsecret.db") }

func storeName(c Config) string {
	if c.DatabaseURL != "" {
		return "postgres"
	}
	return "sqlite:" + sqlitePath(c)
}
