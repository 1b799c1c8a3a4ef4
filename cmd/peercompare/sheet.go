package main

import (
	"encoding/json"
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
)

// step is one offered load: so many rooms of so many players, sending so
// many actions a second in all.
type step struct {
	Rooms, Seats int
	Rate         float64
}

func (s step) String() string { return fmt.Sprintf("%d x %d @ %s/s", s.Rooms, s.Seats, s.rate()) }
func (s step) rooms() string  { return strconv.Itoa(s.Rooms) }
func (s step) seats() string  { return strconv.Itoa(s.Seats) }
func (s step) rate() string   { return strconv.FormatFloat(s.Rate, 'f', -1, 64) }

// parseSteps reads "50x5@100,250x5@500".
func parseSteps(list string) ([]step, error) {
	var steps []step
	for _, f := range strings.Split(list, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		var s step
		rs, rate, ok := strings.Cut(f, "@")
		r, seats, ok2 := strings.Cut(rs, "x")
		var err1, err2, err3 error
		s.Rooms, err1 = strconv.Atoi(r)
		s.Seats, err2 = strconv.Atoi(seats)
		s.Rate, err3 = strconv.ParseFloat(rate, 64)
		if !ok || !ok2 || err1 != nil || err2 != nil || err3 != nil || s.Rooms < 1 || s.Seats < 2 || s.Rate <= 0 {
			return nil, fmt.Errorf("step %q: want ROOMSxSEATS@RATE, e.g. 50x5@100", f)
		}
		steps = append(steps, s)
	}
	if len(steps) == 0 {
		return nil, fmt.Errorf("no steps")
	}
	return steps, nil
}

// kind is which server a figure is of.
type kind string

const (
	peerKind kind = "boardgame.io 0.50.2 (in memory)"
	oursKind kind = "topsecret (SQLite, durable)"
)

// result is what the generator's last line says of one step.
type result struct {
	Achieved  float64 `json:"achieved_actions_per_s"`
	Sent      int     `json:"sent"`
	Completed int     `json:"completed"`
	Latency   struct {
		P50 float64 `json:"p50"`
		P99 float64 `json:"p99"`
	} `json:"latency_all_ms"`
	Errors    map[string]int `json:"errors"`
	ServerCPU *float64       `json:"server_cpu_core_fraction"`
	Aborted   *string        `json:"aborted"`
}

// parseResult reads the generator's result, the last line of out that is
// a JSON object.
func parseResult(out string) (result, error) {
	lines := strings.Split(strings.TrimSpace(out), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		l := strings.TrimSpace(lines[i])
		if !strings.HasPrefix(l, "{") {
			continue
		}
		var r result
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			return result{}, fmt.Errorf("the generator's result: %w", err)
		}
		if r.Sent == 0 {
			return result{}, fmt.Errorf("the generator sent nothing: %s", l)
		}
		return r, nil
	}
	return result{}, fmt.Errorf("no result line in the generator's output %q", out)
}

// cpuPerAction is the server's CPU per completed action in ms, or -1
// unknown.
func (r result) cpuPerAction() float64 {
	if r.ServerCPU == nil || r.Achieved <= 0 {
		return -1
	}
	return *r.ServerCPU / r.Achieved * 1000
}

// sheet gathers one run's results.
type sheet struct {
	began, ended     time.Time
	loadFrom, loadTo string
	commit           string
	order            []step
	got              map[step]map[kind][]result
}

func (s *sheet) add(st step, k kind, r result) {
	if s.got == nil {
		s.got = map[step]map[kind][]result{}
	}
	if s.got[st] == nil {
		s.got[st] = map[kind][]result{}
		s.order = append(s.order, st)
	}
	s.got[st][k] = append(s.got[st][k], r)
}

// markdown is the table with what it was measured on: a row per step and
// pass, each server's p50 and p99 from scheduled send to every player's
// view, what it completed, what it refused busy or let time out, and its
// CPU per action, then our p99 as a fraction of the peer's.
func (s *sheet) markdown(c config) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Measured %s UTC, for %s; build %s; %d s measured after %d s warm-up per step; load average %s at the start, %s at the end; %s/%s, %d cores.\n\n",
		s.began.UTC().Format("2006-01-02 15:04"), s.ended.Sub(s.began).Round(time.Second), orDash(s.commit), c.duration, c.warmup, s.loadFrom, s.loadTo, runtime.GOOS, runtime.GOARCH, runtime.NumCPU())
	b.WriteString("| load (rooms x seats @ offered/s) | boardgame.io: p50 / p99 | done/s | timeouts | CPU ms/action | topsecret: p50 / p99 | done/s | busy | timeouts | CPU ms/action | p99 ours / peer |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, st := range s.order {
		peer, ours := s.got[st][peerKind], s.got[st][oursKind]
		for i := range max(len(peer), len(ours)) {
			label := st.String()
			if i > 0 {
				label += fmt.Sprintf(" (pass %d)", i+1)
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", label, cells(peer, i, false), cells(ours, i, true), ratio(peer, ours, i))
		}
	}
	if notes := s.aborted(); len(notes) > 0 {
		b.WriteString("\n" + strings.Join(notes, "\n") + "\n")
	}
	return b.String()
}

func cells(rs []result, i int, ours bool) string {
	if i >= len(rs) {
		if ours {
			return "– | – | – | – | –"
		}
		return "– | – | – | –"
	}
	r := rs[i]
	lat := fmt.Sprintf("%s / %s ms", num(r.Latency.P50), num(r.Latency.P99))
	cpu := "–"
	if v := r.cpuPerAction(); v >= 0 {
		cpu = fmt.Sprintf("%.2f", v)
	}
	if ours {
		return fmt.Sprintf("%s | %s | %d | %d | %s", lat, num(r.Achieved), r.Errors["busy"], r.Errors["timeout"], cpu)
	}
	return fmt.Sprintf("%s | %s | %d | %s", lat, num(r.Achieved), r.Errors["timeout"], cpu)
}

func ratio(peer, ours []result, i int) string {
	if i >= len(peer) || i >= len(ours) || peer[i].Latency.P99 <= 0 {
		return "–"
	}
	return fmt.Sprintf("%.2f", ours[i].Latency.P99/peer[i].Latency.P99)
}

// aborted says which steps the generator cut short, and why.
func (s *sheet) aborted() []string {
	var notes []string
	for _, st := range s.order {
		for _, k := range []kind{peerKind, oursKind} {
			for i, r := range s.got[st][k] {
				if r.Aborted != nil && *r.Aborted != "" {
					notes = append(notes, fmt.Sprintf("- %s, %s, pass %d: the generator stopped the step early (%s).", st, k, i+1, *r.Aborted))
				}
			}
		}
	}
	slices.Sort(notes)
	return notes
}

// num writes a figure with as many digits as it deserves.
func num(v float64) string {
	switch {
	case v >= 100:
		return strconv.FormatFloat(v, 'f', 0, 64)
	case v >= 10:
		return strconv.FormatFloat(v, 'f', 1, 64)
	default:
		return strconv.FormatFloat(v, 'f', 2, 64)
	}
}

func orDash(s string) string {
	if s == "" {
		return "–"
	}
	return s
}
