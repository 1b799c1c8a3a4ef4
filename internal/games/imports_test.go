package games_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// forbidden are the standard-library doors to the world a game must not
// open: the clock, any randomness but the seeded stream, I/O and the network.
var forbidden = map[string]string{
	"math/rand":    "randomness comes only from the *game.Rand handed to New and Apply",
	"math/rand/v2": "randomness comes only from the *game.Rand handed to New and Apply",
	"crypto/rand":  "randomness comes only from the *game.Rand handed to New and Apply",
	"net":          "a game never talks to the network",
	"net/http":     "a game never talks HTTP",
	"database/sql": "a game never touches the store",
	"os":           "a game reads no files or environment",
	"log":          "a game logs nothing; the edge does",
	"log/slog":     "a game logs nothing; the edge does",
	"sync":         "a match is owned by one goroutine",
	"unsafe":       "no",
}

// TestGamesImportOnlyTheContract is the import guard: every game package
// (and the contract itself) imports only internal/game and the standard
// library, opens none of the forbidden doors, and never reads the clock.
func TestGamesImportOnlyTheContract(t *testing.T) {
	dirs, err := filepath.Glob("*")
	if err != nil {
		t.Fatal(err)
	}
	var pkgs []string
	for _, d := range dirs {
		if fi, err := os.Stat(d); err == nil && fi.IsDir() {
			pkgs = append(pkgs, d)
		}
	}
	pkgs = append(pkgs, "../game")
	if len(pkgs) < 4 {
		t.Fatalf("found only %v: is the test in internal/games?", pkgs)
	}
	for _, dir := range pkgs {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			for _, v := range violations(t, dir, dir == "../game") {
				t.Error(v)
			}
		})
	}
}

// violations lists what the package in dir imports or calls that a game may not.
func violations(t *testing.T, dir string, contract bool) []string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	var out []string
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, parser.ImportsOnly|parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		timeName := ""
		for _, imp := range file.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			switch {
			case contract && path == "math/rand/v2":
				// game.Rand is built on its ChaCha8, seeded per log position.
			case forbidden[path] != "":
				out = append(out, f+" imports "+path+": "+forbidden[path])
			case path == "topsecret/internal/game" && !contract:
			case strings.Contains(strings.SplitN(path, "/", 2)[0], "."), strings.HasPrefix(path, "topsecret/"):
				out = append(out, f+" imports "+path+": a game imports only internal/game and the standard library")
			case path == "time":
				timeName = "time"
				if imp.Name != nil {
					timeName = imp.Name.Name
				}
			}
		}
		if timeName != "" {
			out = append(out, clockReads(t, fset, f, timeName)...)
		}
	}
	return out
}

// clockReads finds time.Now, time.Since and friends: a game's only clock is
// the logged Action.At.
func clockReads(t *testing.T, fset *token.FileSet, path, timeName string) []string {
	t.Helper()
	file, err := parser.ParseFile(fset, path, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	ast.Inspect(file, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if x, ok := sel.X.(*ast.Ident); ok && x.Name == timeName {
			switch sel.Sel.Name {
			case "Now", "Since", "Until", "After", "AfterFunc", "Sleep", "Tick", "NewTimer", "NewTicker":
				out = append(out, fset.Position(sel.Pos()).String()+": time."+sel.Sel.Name+": a game reads no clock but Action.At")
			}
		}
		return true
	})
	return out
}

// The guard must be able to fail: a package that reads the clock, rolls
// math/rand and imports the store is caught on every count.
func TestGamesImportOnlyTheContract_Catches(t *testing.T) {
	dir := t.TempDir()
	src := `package bad

import (
	"math/rand"
	clock "time"

	"topsecret/internal/store"
)

func roll() int { _ = store.ErrNotFound; _ = clock.Now(); return rand.Intn(6) }
`
	if err := os.WriteFile(filepath.Join(dir, "bad.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	got := strings.Join(violations(t, dir, false), "\n")
	for _, want := range []string{"imports math/rand", "imports topsecret/internal/store", "time.Now"} {
		if !strings.Contains(got, want) {
			t.Errorf("violations miss %q:\n%s", want, got)
		}
	}
}
