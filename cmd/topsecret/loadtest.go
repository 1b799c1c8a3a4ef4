package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"time"

	"topsecret/internal/loadtest"
)

// runLoadtest is `topsecret loadtest -game wink -options '{"mode":"remote"}'
// -rooms 50 -seats 5 -rate 100 -duration 30s`: real websocket players
// against -url, or against a server it starts in this process (a temporary
// SQLite file, or DATABASE_URL). A table, then the report as one JSON line.
func runLoadtest(ctx context.Context, args []string, out, errOut io.Writer) error {
	fs := flag.NewFlagSet("loadtest", flag.ContinueOnError)
	fs.SetOutput(errOut)
	var c loadtest.Config
	fs.StringVar(&c.URL, "url", "", "server to load, e.g. http://127.0.0.1:8080 (default: start one in this process)")
	fs.IntVar(&c.PID, "pid", 0, "process id of the -url server, to read its CPU and memory from /proc")
	dbURL := fs.String("database-url", env("DATABASE_URL", ""), "with no -url: the in-process server's PostgreSQL (env DATABASE_URL; default a temporary SQLite file)")
	fs.StringVar(&c.Game, "game", "wink", "game slug")
	opts := fs.String("options", "", `lobby options as JSON, e.g. {"mode":"remote"}`)
	fs.IntVar(&c.Rooms, "rooms", 10, "rooms (idle mode: default as many as -conns fill)")
	fs.IntVar(&c.Seats, "seats", 0, "players per room (default: the game's minimum)")
	fs.Float64Var(&c.Rate, "rate", 20, "actions per second across all rooms, sent on schedule whatever the server does")
	fs.DurationVar(&c.Duration, "duration", 10*time.Second, "measured time")
	fs.IntVar(&c.Matches, "matches", 0, "end early once every room has finished this many matches, warm-up included (0: play the whole -duration)")
	fs.DurationVar(&c.Warmup, "warmup", 2*time.Second, "time played before measuring")
	fs.DurationVar(&c.Timeout, "timeout", 5*time.Second, "how long an action may take to reach every seat of its room")
	fs.StringVar(&c.Mode, "mode", "play", "play, or idle: open -conns sockets and hold them for memory per connection")
	fs.IntVar(&c.Conns, "conns", 1000, "idle mode: sockets to open")
	fs.DurationVar(&c.Hold, "hold", 30*time.Second, "idle mode: how long to let the seated rooms rest, then to hold the sockets open (RSS is the median over the second half of each)")
	fs.BoolVar(&c.Deflate, "deflate", false, "offer permessage-deflate, as browsers do")
	fs.Uint64Var(&c.Seed, "seed", 1, "seed of the choice of seats and moves")
	jsonOnly := fs.Bool("json", false, "print only the JSON report")
	ackedFile := fs.String("acked", "", "append every acknowledged action to this file as \"match id\" lines, for `topsecret verify`")
	logLevel := fs.String("log-level", "warn", "in-process server's log level")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	if c.Mode == "idle" && !isSet(fs, "rooms") {
		c.Rooms = 0 // as many rooms as the sockets fill
	}
	if *opts != "" {
		if !json.Valid([]byte(*opts)) {
			return fmt.Errorf("loadtest: -options is not JSON: %s", *opts)
		}
		c.Options = json.RawMessage(*opts)
	}
	c.Progress = errOut
	if *ackedFile != "" {
		f, err := os.OpenFile(*ackedFile, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
		if err != nil {
			return fmt.Errorf("loadtest: %w", err)
		}
		defer f.Close()
		c.Acked = f
	}
	storeName := ""
	if c.URL == "" {
		m, stop, err := startLocal(ctx, *dbURL, *logLevel, errOut)
		if err != nil {
			return err
		}
		defer stop()
		c.URL, c.PID, c.InProcess = m.URL(), os.Getpid(), true
		storeName = storeKind(m.Config)
	}
	rep, err := loadtest.Run(ctx, c)
	if err != nil {
		return err
	}
	rep.Store = storeName
	if !*jsonOnly {
		rep.WriteTable(out)
	}
	b, err := json.Marshal(rep)
	if err != nil {
		return err
	}
	fmt.Fprintln(out, string(b))
	return nil
}

// startLocal runs a server in this process on a free loopback port, its
// store a fresh SQLite file in a temporary directory unless dbURL names a
// PostgreSQL database.
func startLocal(ctx context.Context, dbURL, logLevel string, errOut io.Writer) (*Main, func(), error) {
	dir, err := os.MkdirTemp("", "topsecret-loadtest-")
	if err != nil {
		return nil, nil, err
	}
	m := NewMain()
	m.Config.Addr, m.Config.DataDir, m.Config.DatabaseURL, m.Config.LogLevel = "127.0.0.1:0", dir, dbURL, logLevel
	// Every room and socket comes from this one machine.
	m.Config.NoLimits = true
	var level slog.Level
	if err := level.UnmarshalText([]byte(logLevel)); err != nil {
		return nil, nil, fmt.Errorf("log level: %w", err)
	}
	m.Log = slog.New(slog.NewTextHandler(errOut, &slog.HandlerOptions{Level: level}))
	stop := func() {
		_ = m.Close()
		_ = os.RemoveAll(dir)
	}
	if err := m.Run(ctx); err != nil {
		stop()
		return nil, nil, err
	}
	fmt.Fprintf(errOut, "server in this process at %s, store %s\n", m.URL(), storeName(m.Config))
	return m, stop, nil
}

func isSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// storeKind names the store for the report: "sqlite" or "postgres".
func storeKind(c Config) string {
	if c.DatabaseURL != "" {
		return "postgres"
	}
	return "sqlite"
}
