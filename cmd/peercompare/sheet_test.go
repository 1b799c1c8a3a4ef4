package main

import (
	"strings"
	"testing"
	"time"
)

func TestParseSteps(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []step
		bad  bool
	}{
		{in: "50x5@100", want: []step{{50, 5, 100}}},
		{in: "50x5@100, 1000x4@1000,", want: []step{{50, 5, 100}, {1000, 4, 1000}}},
		{in: "2x2@0.5", want: []step{{2, 2, 0.5}}},
		{in: "", bad: true},
		{in: "50x5", bad: true},
		{in: "50@100", bad: true},
		{in: "0x5@100", bad: true},
		{in: "5x1@100", bad: true},
		{in: "5x4@-1", bad: true},
		{in: "ax4@1", bad: true},
	} {
		got, err := parseSteps(tc.in)
		if tc.bad {
			if err == nil {
				t.Errorf("%q: read as %v, want an error", tc.in, got)
			}
			continue
		}
		if err != nil || len(got) != len(tc.want) {
			t.Fatalf("%q: %v, %v; want %v", tc.in, got, err, tc.want)
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("%q: step %d is %v, want %v", tc.in, i, got[i], tc.want[i])
			}
		}
	}
}

// The generator prints progress, then its result as the last line; run.sh
// and run-ts.sh append the server's error count to it.
const peerOut = `listening
{"label":"50x5@100/s memory","sent":2000,"completed":2000,"achieved_actions_per_s":100,"latency_all_ms":{"p50":1.5,"p90":3,"p99":6.25,"p99.9":9,"max":12},"errors":{"timeout":3,"busy":0},"server_cpu_core_fraction":0.2,"aborted":null,"server_error_lines":0}
`

const oursOut = `{"label":"50x5@100/s topsecret sqlite","sent":2000,"completed":1990,"achieved_actions_per_s":99.5,"latency_all_ms":{"p50":2.25,"p99":12.5},"errors":{"timeout":0,"busy":10},"server_cpu_core_fraction":0.1,"aborted":"40 timeouts vs 500 sends in the current 5 s window","server_error_lines":0}`

func TestParseResult(t *testing.T) {
	r, err := parseResult(peerOut)
	if err != nil {
		t.Fatal(err)
	}
	if r.Latency.P99 != 6.25 || r.Achieved != 100 || r.Errors["timeout"] != 3 || r.Aborted != nil {
		t.Errorf("read %+v", r)
	}
	if got := r.cpuPerAction(); got != 2 {
		t.Errorf("CPU per action %v ms, want 2 (0.2 of a core over 100 actions/s)", got)
	}
	for _, bad := range []string{"", "listening\n", `{"sent":0}`, `{"sent":`} {
		if _, err := parseResult(bad); err == nil {
			t.Errorf("%q read as a result", bad)
		}
	}
}

func TestSheetMarkdown(t *testing.T) {
	peer, _ := parseResult(peerOut)
	ours, _ := parseResult(oursOut)
	st := step{50, 5, 100}
	s := &sheet{began: time.Date(2026, 12, 7, 20, 0, 0, 0, time.UTC), ended: time.Date(2026, 12, 7, 20, 3, 30, 0, time.UTC), loadFrom: "0.10", loadTo: "1.90", commit: "abc1234"}
	s.add(st, oursKind, ours)
	s.add(st, peerKind, peer)
	s.add(st, peerKind, peer) // a second pass with no figure of ours
	md := s.markdown(config{duration: 20, warmup: 5})
	for _, want := range []string{
		"2026-12-07 20:00 UTC, for 3m30s", "build abc1234", "20 s measured after 5 s warm-up", "load average 0.10 at the start, 1.90 at the end",
		"| 50 x 5 @ 100/s | 1.50 / 6.25 ms | 100 | 3 | 2.00 | 2.25 / 12.5 ms | 99.5 | 10 | 0 | 1.01 | 2.00 |",
		"| 50 x 5 @ 100/s (pass 2) | 1.50 / 6.25 ms | 100 | 3 | 2.00 | – | – | – | – | – | – |",
		"- 50 x 5 @ 100/s, topsecret (SQLite, durable), pass 1: the generator stopped the step early (40 timeouts vs 500 sends in the current 5 s window).",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("the table lacks %q:\n%s", want, md)
		}
	}
}
