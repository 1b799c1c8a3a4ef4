package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"topsecret/internal/store/pgtest"
)

// `topsecret loadtest` with no -url starts its own server on a temporary
// SQLite file, prints a table, and ends with the report as one JSON line.
func TestLoadtest_ReportIsLastLine(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		args []string
		ok   func(rep map[string]any) bool
	}{
		{"play", []string{"-options", `{"mode":"remote"}`, "-rooms", "2", "-seats", "4", "-rate", "10", "-warmup", "200ms", "-duration", "1s"},
			func(rep map[string]any) bool {
				srv, _ := rep["server"].(map[string]any)
				return rep["acked"].(float64) > 0 && rep["store"] == "sqlite" && srv["in_process"] == true
			}},
		{"idle", []string{"-mode", "idle", "-conns", "8", "-seats", "4", "-hold", "200ms"},
			func(rep map[string]any) bool {
				idle, _ := rep["idle"].(map[string]any)
				// No -rooms: as many rooms as 8 sockets of 4 seats fill.
				return idle["conns_opened"] == 8.0 && idle["alive_after_hold"] == 8.0 && rep["rooms"] == 2.0
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var out bytes.Buffer
			if err := run(context.Background(), append([]string{"loadtest"}, tt.args...), &out, io.Discard); err != nil {
				t.Fatalf("loadtest: %v\n%s", err, out.String())
			}
			lines := strings.Split(strings.TrimSpace(out.String()), "\n")
			if len(lines) < 2 {
				t.Fatalf("output %q, want a table and a JSON line", out.String())
			}
			var rep map[string]any
			if err := json.Unmarshal([]byte(lines[len(lines)-1]), &rep); err != nil {
				t.Fatalf("last line %q: %v", lines[len(lines)-1], err)
			}
			if !tt.ok(rep) {
				t.Fatalf("report %s", lines[len(lines)-1])
			}
		})
	}
}

func TestLoadtest_ErrBadOptions(t *testing.T) {
	t.Parallel()
	err := run(context.Background(), []string{"loadtest", "-options", "{mode:remote}"}, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "not JSON") {
		t.Fatalf("err %v, want the options refused as not JSON", err)
	}
}

// With -database-url the in-process server keeps its rooms in PostgreSQL,
// and the report names that store.
func TestLoadtest_OnPostgres(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	args := []string{"loadtest", "-database-url", pgtest.DSN(t), "-options", `{"mode":"remote"}`, "-rooms", "2", "-seats", "4",
		"-rate", "10", "-warmup", "200ms", "-duration", "1s", "-json"}
	if err := run(context.Background(), args, &out, io.Discard); err != nil {
		t.Fatalf("loadtest: %v\n%s", err, out.String())
	}
	var rep struct {
		Store string `json:"store"`
		Acked int    `json:"acked"`
	}
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatalf("-json output %q: %v", out.String(), err)
	}
	if rep.Store != "postgres" || rep.Acked == 0 {
		t.Fatalf("report %s, want actions acknowledged by the postgres store", out.String())
	}
}
