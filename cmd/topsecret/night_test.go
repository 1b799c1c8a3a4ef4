package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"topsecret/cmd/topsecret/shelf"
	"topsecret/web/nightfile/nighttest"
)

// `topsecret night export` writes from the store the very file the
// server's download gives, in the language asked for, under the
// download's name or the one given, and refuses in words what has no
// night. Not parallel: it writes into the working folder it moves to.
func TestNightExport(t *testing.T) {
	dir := t.TempDir()
	m := MustRunMain(t, dir)
	const code = "NXP4KQ"
	host := nighttest.MustRoom(t, m.Store, code, "embassy")
	nighttest.MustPlay(t, m.Store, shelf.New(false), code, time.Date(2026, 11, 21, 20, 0, 0, 0, time.Local),
		nighttest.Match{Game: "couriers", Players: 2, Seed: 1},
		nighttest.Match{Game: "embassy", Players: 2, Seed: 1})
	nighttest.MustRoom(t, m.Store, "NXP6KR", "vault")

	req, _ := http.NewRequest("GET", m.URL()+"/r/"+code+"/night.html?lang=de", nil)
	req.Header.Set("Authorization", "Bearer "+host)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	downloaded, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("download: %d %s", resp.StatusCode, downloaded)
	}

	file := filepath.Join(t.TempDir(), "night.html")
	var out bytes.Buffer
	if err := run(context.Background(), []string{"night", "export", "-data", dir, strings.ToLower(code), "-o", file, "--lang", "de"}, &out, io.Discard); err != nil {
		t.Fatalf("export: %v\n%s", err, out.String())
	}
	written, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(written, downloaded) {
		t.Errorf("the exported file (%d bytes) is not the downloaded one (%d bytes)", len(written), len(downloaded))
	}
	if !strings.Contains(string(written), "Spieleabend") || !strings.Contains(out.String(), file) {
		t.Errorf("export said %q; the file is not German", out.String())
	}

	// Without -o it takes the download's name, in the working folder.
	work := t.TempDir()
	t.Chdir(work)
	out.Reset()
	if err := run(context.Background(), []string{"night", "export", "-data", dir, "-lang", "sv", code}, &out, io.Discard); err != nil {
		t.Fatalf("export: %v", err)
	}
	if b, err := os.ReadFile(filepath.Join(work, "topsecret-night-2026-11-21.html")); err != nil || !strings.Contains(string(b), "Spelkväll") {
		t.Errorf("export without -o: %v; said %q", err, out.String())
	}

	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"ErrNoRoom", []string{"night", "export", "-data", dir, "ZZZ999"}, "no room ZZZ999"},
		{"ErrNoMatch", []string{"night", "export", "-data", dir, "NXP6KR"}, "finished no match yet"},
		{"ErrLanguage", []string{"night", "export", "-data", dir, "-lang", "xx", code}, `no language "xx"`},
		{"ErrNoCode", []string{"night", "export", "-data", dir}, "want a room code"},
		{"ErrTwoCodes", []string{"night", "export", "-data", dir, code, "NXP6KR"}, "want one room code"},
		{"ErrVerb", []string{"night", "show", code}, "want 'export'"},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := run(context.Background(), c.args, io.Discard, io.Discard)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("err=%v, want %q", err, c.want)
			}
		})
	}
}
