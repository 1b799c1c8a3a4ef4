// Command peercompare measures this server beside boardgame.io, the peer
// kept with the project's shared material, in one run, and prints the
// side-by-side table docs/benchmarks.md keeps.
//
// Figures from different hours or machines do not compare: only a ratio
// within one run does. So each load step runs against a fresh server of
// each kind, one after the other (their order alternating from step to
// step), with the server pinned to one core and the generator to the
// other, by the peer's own scripts: run.sh for boardgame.io, run-ts.sh for
// this server, and one generator (load.js) for both.
//
//	go run ./cmd/peercompare -peer ../shared/peer-bgio
//
// The peer's folder is read-only material: it is copied to a temporary
// folder and its packages installed there (npm ci; node and npm needed).
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"time"
)

func main() {
	var c config
	flag.StringVar(&c.peer, "peer", "../shared/peer-bgio", "the peer's folder (load.js, run.sh, run-ts.sh)")
	rows := flag.String("rows", "50x5@100,250x5@500,1000x4@1000", "load steps: ROOMSxSEATS@ACTIONS_PER_S, comma-separated")
	flag.IntVar(&c.duration, "duration", 20, "seconds measured per step")
	flag.IntVar(&c.warmup, "warmup", 5, "seconds played before measuring, per step")
	flag.IntVar(&c.passes, "passes", 1, "times every step is run against each server")
	flag.StringVar(&c.bin, "bin", "", "this server's binary (default: built from this module)")
	out := flag.String("out", "", "also write the table to this file")
	flag.Parse()
	var err error
	if c.steps, err = parseSteps(*rows); err != nil {
		fmt.Fprintln(os.Stderr, "peercompare:", err)
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	table, err := run(ctx, c, os.Stderr)
	if err != nil {
		fmt.Fprintln(os.Stderr, "peercompare:", err)
		os.Exit(1)
	}
	fmt.Print(table)
	if *out != "" {
		if err := os.WriteFile(*out, []byte(table), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "peercompare:", err)
			os.Exit(1)
		}
	}
}

type config struct {
	peer             string
	steps            []step
	duration, warmup int
	passes           int
	bin              string
}

// run prepares both servers, measures every step against each, and
// returns the table.
func run(ctx context.Context, c config, log io.Writer) (string, error) {
	tmp, err := os.MkdirTemp("", "peercompare-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	peer := filepath.Join(tmp, "peer-bgio")
	fmt.Fprintf(log, "copying %s and installing its packages…\n", c.peer)
	if err := copyPeer(c.peer, peer); err != nil {
		return "", err
	}
	if err := command(ctx, peer, log, nil, "npm", "ci", "--no-audit", "--no-fund", "--silent").Run(); err != nil {
		return "", fmt.Errorf("npm ci in the peer's copy: %w", err)
	}
	bin := c.bin
	if bin == "" {
		bin = filepath.Join(tmp, "topsecret")
		fmt.Fprintln(log, "building this server…")
		if err := command(ctx, "", log, nil, "go", "build", "-o", bin, "./cmd/topsecret").Run(); err != nil {
			return "", fmt.Errorf("go build: %w", err)
		}
	}
	sheet := &sheet{began: time.Now(), loadFrom: loadAverage(), commit: commit(ctx)}
	for pass := range c.passes {
		for i, s := range c.steps {
			kinds := []kind{peerKind, oursKind}
			if (pass+i)%2 == 1 {
				kinds = []kind{oursKind, peerKind}
			}
			for _, k := range kinds {
				fmt.Fprintf(log, "pass %d, %s, %s (load average %s)…\n", pass+1, s, k, loadAverage())
				r, err := measure(ctx, peer, bin, k, s, c, log)
				if err != nil {
					return "", fmt.Errorf("%s against %s: %w", s, k, err)
				}
				sheet.add(s, k, r)
			}
		}
	}
	sheet.loadTo, sheet.ended = loadAverage(), time.Now()
	return sheet.markdown(c), nil
}

// measure runs one step against a fresh server of kind k by the peer's
// script for it and reads the generator's last line.
func measure(ctx context.Context, peer, bin string, k kind, s step, c config, log io.Writer) (result, error) {
	args := []string{s.rooms(), s.seats(), s.rate(), fmt.Sprint(c.duration), fmt.Sprint(c.warmup)}
	script, env := "./run.sh", []string{"PORT=8000"}
	if k == oursKind {
		script, env = "./run-ts.sh", []string{"PORT=8100", "TOPSECRET=" + bin}
		args = append(args, "sqlite")
	} else {
		args = append(args, "memory")
	}
	var stdout strings.Builder
	cmd := command(ctx, peer, log, env, "bash", append([]string{script}, args...)...)
	cmd.Stdout = &stdout
	if err := cmd.Run(); err != nil {
		return result{}, err
	}
	return parseResult(stdout.String())
}

// command is name with args in dir, its stderr to log, and the
// environment with env added (DATABASE_URL dropped: both servers keep
// their default stores, ours its durable SQLite file).
func command(ctx context.Context, dir string, log io.Writer, env []string, name string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Stderr = log
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "DATABASE_URL=") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, env...)
	return cmd
}

// copyPeer copies the peer's files (not an installed node_modules) to a
// writable folder and makes its scripts runnable.
func copyPeer(from, to string) error {
	return filepath.WalkDir(from, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		if d.IsDir() {
			if d.Name() == "node_modules" {
				return filepath.SkipDir
			}
			return os.MkdirAll(filepath.Join(to, rel), 0o755)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		mode := os.FileMode(0o644)
		if strings.HasSuffix(path, ".sh") {
			mode = 0o755
		}
		return os.WriteFile(filepath.Join(to, rel), b, mode)
	})
}

// loadAverage is the machine's one-minute load average, or "?".
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(b)); err == nil && len(f) > 0 {
		return f[0]
	}
	return "?"
}

// commit names the build measured, or "" outside a git clone.
func commit(ctx context.Context) string {
	b, err := exec.CommandContext(ctx, "git", "rev-parse", "--short", "HEAD").Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(b))
}
