package nightfile

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"topsecret/cmd/topsecret/shelf"
	"topsecret/internal/replay"
	"topsecret/internal/store"
	"topsecret/internal/store/sqlite"
	"topsecret/web/nightfile/nighttest"
	"topsecret/web/pages"
	"topsecret/web/replayview"
	"topsecret/web/words"
)

// unpacked is a night's file read back as its page reads it.
type unpacked struct {
	html    string
	assets  map[string]string
	matches []unpackedMatch
}

type unpackedMatch struct {
	pieces []string
	eyes   map[string][]string // eyes → each step's HTML
}

var dataRE = regexp.MustCompile(`(?s)<script type="application/json" id="night-data">(.*?)</script>`)

// unpack reads file as night.js does: the JSON, then each match's
// dictionary and each eyes' lists of piece numbers.
func unpack(tb testing.TB, file []byte) unpacked {
	tb.Helper()
	m := dataRE.FindSubmatch(file)
	if m == nil {
		tb.Fatalf("the file carries no night-data")
	}
	var data struct {
		Matches []packed          `json:"matches"`
		Assets  map[string]string `json:"assets"`
	}
	if err := json.Unmarshal(m[1], &data); err != nil {
		tb.Fatalf("night-data: %v", err)
	}
	out := unpacked{html: string(file), assets: data.Assets}
	for k, p := range data.Matches {
		um := unpackedMatch{pieces: strings.Split(string(gunzip64(tb, p.Dict)), "\x00"), eyes: map[string][]string{}}
		for key, b64 := range p.Eyes {
			list := gunzip64(tb, b64)
			for len(list) > 0 {
				count, n := binary.Uvarint(list)
				list = list[n:]
				var b strings.Builder
				for range count {
					id, n := binary.Uvarint(list)
					if n <= 0 || int(id) >= len(um.pieces) {
						tb.Fatalf("match %d eyes %s: a piece number out of the dictionary", k, key)
					}
					list = list[n:]
					b.WriteString(um.pieces[id])
				}
				um.eyes[key] = append(um.eyes[key], b.String())
			}
		}
		out.matches = append(out.matches, um)
	}
	return out
}

func gunzip64(tb testing.TB, s string) []byte {
	tb.Helper()
	b, err := base64.URLEncoding.DecodeString(s)
	if err != nil {
		tb.Fatal(err)
	}
	r, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		tb.Fatal(err)
	}
	out, err := io.ReadAll(r)
	if err != nil {
		tb.Fatal(err)
	}
	return out
}

func mustStore(tb testing.TB) store.Store {
	tb.Helper()
	st, err := sqlite.Open(filepath.Join(tb.TempDir(), "night.db"))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { st.Close() })
	return st
}

// outside finds an address of another place, written out or escaped.
var outside = regexp.MustCompile(`(?i)(https?:|https?%3A)(//|%2F%2F)[^"' ]{0,40}`)

var night = time.Date(2026, 11, 21, 20, 5, 0, 0, time.UTC)

// TestBuild_EveryMatchEveryEyes: a night of a rematch and two other games
// packs every match, each through everyone's eyes, the table's and each
// seat's, with a step for the deal and one per action, and each step
// unpacks to exactly what the replay page draws for it.
func TestBuild_EveryMatchEveryEyes(t *testing.T) {
	t.Parallel()
	st := mustStore(t)
	games := shelf.New(false)
	const code = "NGT4KQ"
	host := nighttest.MustRoom(t, st, code, "couriers")
	played := nighttest.MustPlay(t, st, games, code, night,
		nighttest.Match{Game: "couriers", Players: 2, Seed: 1},
		nighttest.Match{Game: "couriers", Players: 2, Seed: 2},
		nighttest.Match{Game: "embassy", Players: 3, Seed: 1},
		nighttest.Match{Game: "vault", Players: 3, Seed: 1})
	file, err := Build(context.Background(), games, st, code, "sv")
	if err != nil {
		t.Fatal(err)
	}
	got := unpack(t, file)
	if len(got.matches) != len(played) {
		t.Fatalf("the file holds %d matches, want %d", len(got.matches), len(played))
	}
	ctx := words.WithLanguage(words.WithCatalog(context.Background(), games.Words()), "sv")
	for k, m := range played {
		log, err := st.Actions(ctx, m.ID)
		if err != nil {
			t.Fatal(err)
		}
		board, _ := games.Lookup(m.Setup.Game)
		tl, err := replay.New(board.Rules, m, log)
		if err != nil {
			t.Fatal(err)
		}
		eyes := replayview.AllEyes(m.Setup.Seats)
		if len(got.matches[k].eyes) != len(eyes) {
			t.Errorf("match %d: %d eyes, want %d", k+1, len(got.matches[k].eyes), len(eyes))
		}
		rd := games.Words().Reader("sv", tl.Names())
		for _, e := range eyes {
			steps := got.matches[k].eyes[e.Key]
			if len(steps) != len(log)+1 {
				t.Errorf("match %d as %s: %d steps, want %d (the deal and %d actions)", k+1, e.Key, len(steps), len(log)+1, len(log))
				continue
			}
			for _, i := range []int{0, 1, len(log) / 2, len(log)} {
				step, _, err := replayview.Step(board, true, tl, i, e, rd)
				if err != nil {
					t.Fatal(err)
				}
				var want bytes.Buffer
				if err := pages.ReplayStepView(step).Render(ctx, &want); err != nil {
					t.Fatal(err)
				}
				if steps[i] != want.String() {
					t.Errorf("match %d as %s step %d unpacks to another drawing than the replay's", k+1, e.Key, i)
				}
			}
		}
		if want := fmt.Sprintf(`id="night-match-%d" data-steps="%d"`, k, len(log)+1); !strings.Contains(got.html, want) {
			t.Errorf("match %d's template does not say its %d steps", k+1, len(log)+1)
		}
	}
	// Every picture a step names rides in the file.
	for _, m := range got.matches {
		for _, p := range m.pieces {
			for _, u := range staticURL.FindAllString(p, -1) {
				if _, ok := got.assets[u]; !ok {
					t.Errorf("a step names %s, which the file does not carry", u)
				}
			}
		}
	}
	// Nothing leads back to the server: no address but the drawings' XML
	// namespaces.
	xmlns := strings.NewReplacer("http://www.w3.org/", "", "http:%2F%2Fwww.w3.org%2F", "")
	if out := outside.FindString(xmlns.Replace(got.html)); out != "" {
		t.Errorf("the file names an address: %q", out)
	}
	secrets := []string{code, strings.ToLower(code), host, "/r/"}
	for _, m := range played {
		secrets = append(secrets, m.ID)
	}
	for _, s := range secrets {
		if strings.Contains(got.html, s) {
			t.Errorf("the file holds %q", s)
		}
		for k, m := range got.matches {
			for _, p := range m.pieces {
				if strings.Contains(p, s) {
					t.Errorf("match %d's steps hold %q", k+1, s)
				}
			}
		}
	}
}

// TestBuild_ReadersLanguage: the file speaks the language asked for, in
// its own words and in the steps'.
func TestBuild_ReadersLanguage(t *testing.T) {
	t.Parallel()
	st := mustStore(t)
	games := shelf.New(false)
	const code = "NGT7KR"
	nighttest.MustRoom(t, st, code, "embassy")
	nighttest.MustPlay(t, st, games, code, night, nighttest.Match{Game: "embassy", Players: 2, Seed: 3})
	for _, c := range []struct{ lang, title, step, notTitle string }{
		{"de", "Spieleabend vom", "Schritt 0", "Game night"},
		{"en", "Game night of", "Step 0", "Spieleabend"},
		{"sv", "Spelkväll", "Steg 0", "Game night"},
	} {
		file, err := Build(context.Background(), games, st, code, c.lang)
		if err != nil {
			t.Fatal(err)
		}
		got := unpack(t, file)
		if !strings.Contains(got.html, `<html lang="`+c.lang+`"`) || !strings.Contains(got.html, c.title) || strings.Contains(got.html, c.notTitle) {
			t.Errorf("%s: the page is not in its reader's language", c.lang)
		}
		if first := got.matches[0].eyes["all"][0]; !strings.Contains(first, c.step) {
			t.Errorf("%s: the deal's step reads %.300q, want %q in it", c.lang, first, c.step)
		}
	}
}

// TestBuild_Refused: a room with no finished match has no night, and no
// room has none either; a match being played is left out.
func TestBuild_Refused(t *testing.T) {
	t.Parallel()
	st := mustStore(t)
	games := shelf.New(false)
	nighttest.MustRoom(t, st, "NGT6MP", "vault")
	if _, err := Build(context.Background(), games, st, "NGT6MP", "en"); !errors.Is(err, ErrEmpty) {
		t.Errorf("a room without matches: err=%v, want ErrEmpty", err)
	}
	if _, err := Build(context.Background(), games, st, "NGT9NT", "en"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("no room: err=%v, want ErrNotFound", err)
	}
	nighttest.MustPlay(t, st, games, "NGT6MP", night, nighttest.Match{Game: "vault", Players: 3, Seed: 4})
	playing := store.Match{ID: "0a4b3c1e-0000-4000-8000-000000000001", RoomCode: "NGT6MP", Number: 2, Status: store.StatusPlaying,
		Setup: got1Setup(t, st).Setup, Seats: []store.MatchSeat{{Name: "A"}, {Name: "B"}, {Name: "C"}}, CreatedAt: night}
	if err := st.CreateMatch(context.Background(), playing); err != nil {
		t.Fatal(err)
	}
	file, err := Build(context.Background(), games, st, "NGT6MP", "en")
	if err != nil {
		t.Fatal(err)
	}
	if got := unpack(t, file); len(got.matches) != 1 || strings.Contains(got.html, "night-match-1") {
		t.Errorf("the match being played is in the file (%d matches)", len(got.matches))
	}
}

func got1Setup(tb testing.TB, st store.Store) (s store.Match) {
	tb.Helper()
	ms, err := st.Matches(context.Background(), "NGT6MP")
	if err != nil || len(ms) == 0 {
		tb.Fatalf("matches: %v", err)
	}
	return ms[0]
}
