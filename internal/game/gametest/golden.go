package gametest

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"topsecret/internal/game"
)

// GoldenFile is one pinned match: its setup and log, a digest of every
// viewer's views after each step, and the final views in full.
type GoldenFile struct {
	Setup game.Setup                 `json:"setup"`
	Log   []game.Action              `json:"log"`
	Steps []string                   `json:"steps"`
	Final map[string]json.RawMessage `json:"final"`
}

// record replays a match and fills in its digests and final views.
func record(tb testing.TB, rules game.Rules, setup game.Setup, log []game.Action) GoldenFile {
	tb.Helper()
	st, err := rules.New(setup)
	if err != nil {
		tb.Fatalf("new: %v", err)
	}
	g := GoldenFile{Setup: setup, Log: log}
	for i, a := range log {
		if err := game.Step(st, setup.Seed, i, a); err != nil {
			tb.Fatalf("golden replay: %v", err)
		}
		g.Steps = append(g.Steps, digest(Views(tb, st, setup.Seats)))
	}
	g.Final = Views(tb, st, setup.Seats)
	g.Final["omniscient"] = ViewJSON(tb, st, game.OmniscientViewer())
	return g
}

func digest(views map[string]json.RawMessage) string {
	keys := make([]string, 0, len(views))
	for k := range views {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	h := sha256.New()
	for _, k := range keys {
		h.Write([]byte(k))
		h.Write(views[k])
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// WriteGolden records a match into path.
func WriteGolden(tb testing.TB, path string, rules game.Rules, setup game.Setup, log []game.Action) {
	tb.Helper()
	writeFile(tb, path, record(tb, rules, setup, log))
}

func writeFile(tb testing.TB, path string, g GoldenFile) {
	tb.Helper()
	b, err := json.MarshalIndent(g, "", "  ")
	if err != nil {
		tb.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
		tb.Fatal(err)
	}
}

// Golden replays every dir/*.json file and compares each step's view digest
// and the final views. With update, it rewrites the files from their logs.
func Golden(t *testing.T, rules game.Rules, dir string, update bool) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no golden files in %s (run with -update)", dir)
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			var want GoldenFile
			if err := json.Unmarshal(b, &want); err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			got := record(t, rules, want.Setup, want.Log)
			if update {
				writeFile(t, path, got)
				return
			}
			for i := range want.Steps {
				if i >= len(got.Steps) || got.Steps[i] != want.Steps[i] {
					t.Fatalf("views after action %d (%s) differ from the golden file", i, want.Log[i].Type)
				}
			}
			wantFinal := map[string]json.RawMessage{}
			for k, v := range want.Final {
				wantFinal[k] = compact(t, v)
			}
			SameViews(t, "final", got.Final, wantFinal)
		})
	}
}

func compact(tb testing.TB, b json.RawMessage) json.RawMessage {
	var buf bytes.Buffer
	if err := json.Compact(&buf, b); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}
