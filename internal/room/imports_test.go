package room_test

import (
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
)

// TestRoomSpeaksNoHTTP is the import guard of the hub: rooms run matches and
// fan frames out through injected encoders, so nothing HTTP, websocket or
// HTML may reach this package, directly or through its dependencies.
func TestRoomSpeaksNoHTTP(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-json=ImportPath,Imports", ".").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	banned := []string{"net/http", "github.com/a-h/templ", "github.com/coder/websocket", "github.com/go-chi/chi/v5", "html/template", "topsecret/web/"}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	importedBy := map[string]string{}
	var seen []string
	for dec.More() {
		var p struct {
			ImportPath string
			Imports    []string
		}
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		seen = append(seen, p.ImportPath)
		for _, imp := range p.Imports {
			if _, ok := importedBy[imp]; !ok {
				importedBy[imp] = p.ImportPath
			}
		}
	}
	for _, pkg := range seen {
		for _, b := range banned {
			if pkg == b || strings.HasPrefix(pkg, b) {
				t.Errorf("internal/room depends on %s (imported by %s)", pkg, importedBy[pkg])
			}
		}
	}
}
