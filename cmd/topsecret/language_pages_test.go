package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/PuerkitoBio/goquery"
	"golang.org/x/net/html"

	"topsecret/internal/server"
	"topsecret/web/words"
)

// sameInLanguage are words a language writes exactly as English does: a
// page may show them in that language without having missed a translation.
// Counts are taken out first ("Document 10 ×2" is "Document"). The names of
// games whose boards are still to be translated read in English for now.
var sameInLanguage = map[string][]string{
	"*":  {"Top Secret", "Top secret", "Top Secret: Inkognito"},
	"de": {"Agent", "Chips", "Kiosk", "Terrorist", "Terrorist!"},
	"fr": {"Agent", "Agents", "Points", "points", "Table", "Replay", "Replay ▸", "Mode", "Document", "Place", "Final"},
	"it": {"Replay", "Replay ▸"},
	"nl": {"Agent", "Score", "score", "Contact:", "Kiosk", "Terrorist", "Terrorist!", "Document", "in hand", "hand", "Beginner"},
	"sv": {"Agent", "Full", "Kiosk", "Terrorist", "Terrorist!", "hand"},
}

// allowed reports whether s is written alike in lang and English. Counts
// are taken out first: digits and the times sign of a pair ("Document 10 ×2").
func allowed(s, lang string) bool {
	s = strings.Join(strings.Fields(strings.Map(func(r rune) rune {
		if unicode.IsDigit(r) || r == '×' {
			return -1
		}
		return r
	}, s)), " ")
	return slices.Contains(sameInLanguage["*"], s) || slices.Contains(sameInLanguage[lang], s)
}

// pageWords is every piece of a page a person reads: its text nodes and
// the attributes that speak (labels, titles, placeholders, questions and
// the words handed to the scripts), trimmed, outside scripts and styles.
func pageWords(tb testing.TB, body string) []string {
	tb.Helper()
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(body))
	if err != nil {
		tb.Fatal(err)
	}
	var out []string
	add := func(s string) {
		if s = strings.Join(strings.Fields(s), " "); s != "" {
			out = append(out, s)
		}
	}
	add(doc.Find("title").Text())
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		switch n.Type {
		case html.TextNode:
			add(n.Data)
		case html.ElementNode:
			if n.Data == "script" || n.Data == "style" || n.Data == "head" {
				return
			}
			for _, a := range n.Attr {
				if a.Key == "aria-label" || a.Key == "title" || a.Key == "placeholder" || a.Key == "data-confirm" || strings.HasPrefix(a.Key, "data-say-") {
					add(a.Val)
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	for _, n := range doc.Find("body").Nodes {
		walk(n)
	}
	return out
}

// code is a room or rejoin code: capitals and digits, nothing else.
var code = regexp.MustCompile(`^[A-Z0-9]{4,12}$`)

// wordy reports whether s says something in a language once the names,
// the codes and the addresses in it are taken out: more than three letters.
func wordy(s string, names []string) bool {
	if strings.Contains(s, "://") || code.MatchString(s) {
		return false
	}
	for _, n := range names {
		s = strings.ReplaceAll(s, n, "")
	}
	letters := 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			letters++
		}
	}
	return letters > 3
}

// englishLeft lists what a page in lang says exactly as its English
// rendering does and no language allowance explains.
func englishLeft(english, other []string, lang string, names []string) []string {
	en := map[string]bool{}
	for _, s := range english {
		en[s] = true
	}
	var out []string
	for _, s := range other {
		if !en[s] || !wordy(s, names) || allowed(s, lang) {
			continue
		}
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// replaySteps are the steps of match id worth reading on their own: the
// first ten and a few spread over the rest; every one when spread is 0.
func replaySteps(tb testing.TB, m *Main, id string, spread int) []int {
	tb.Helper()
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(fetch(tb, m, "/m/"+id)))
	if err != nil {
		tb.Fatal(err)
	}
	n, err := strconv.Atoi(doc.Find(`[data-testid="replay"]`).AttrOr("data-steps", ""))
	if err != nil || n < 2 {
		tb.Fatalf("the replay of %s has no step count: %v", id, err)
	}
	var out []int
	for i := 1; i < n; i++ {
		if spread == 0 || i <= 10 || (i-11)%max(1, n/spread) == 0 {
			out = append(out, i)
		}
	}
	return out
}

// fetch GETs a page of the running app and returns its HTML.
func fetch(tb testing.TB, m *Main, path string) string {
	tb.Helper()
	resp, err := http.Get(m.URL() + path)
	if err != nil {
		tb.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		tb.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK {
		tb.Fatalf("GET %s: %d", path, resp.StatusCode)
	}
	return string(b)
}

// seatNames are the names seated in room code: bots are named by the app.
func seatNames(tb testing.TB, m *Main, code string) []string {
	tb.Helper()
	resp, err := http.Get(m.URL() + "/api/rooms/" + code)
	if err != nil {
		tb.Fatal(err)
	}
	defer resp.Body.Close()
	var r struct {
		Seats []struct{ Name string } `json:"seats"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&r); err != nil {
		tb.Fatal(err)
	}
	var out []string
	for _, s := range r.Seats {
		out = append(out, s.Name)
	}
	// Longest first, so "Ann" does not cut a hole in "Anna".
	slices.SortFunc(out, func(a, b string) int { return len(b) - len(a) })
	return out
}

// joinAs seats a person called name in room code and returns the seat's token.
func joinAs(tb testing.TB, m *Main, code, name string) string {
	tb.Helper()
	var j struct {
		Token string `json:"token"`
	}
	if st := apiPost(tb, m, "/api/rooms/"+code+"/seats", "", map[string]any{"name": name}, &j); st != http.StatusCreated {
		tb.Fatalf("join %s: %d", code, st)
	}
	return j.Token
}

// Every platform page in every language the app speaks says nothing in
// English but names: the home page, a lobby and a running match as the
// host's phone and the table screen see them, and a finished match's
// replay, history and the night's recap, for wink and vault (whose boards
// are translated). Any text the
// page shows exactly as its English rendering does, with more than three
// letters that are not a name, a number or a code, is English left behind.
func TestPages_SayNoEnglish(t *testing.T) {
	t.Parallel()
	m := MustRunMain(t, t.TempDir())
	// A crawler of every page and step in six languages, far past what
	// the per-address limits let a reader ask.
	m.Server.Doorman = server.NoDoorman()
	// check reads a page as it is now in English and in each other language.
	check := func(name, path string, names []string) {
		english := pageWords(t, fetch(t, m, path+"lang=en"))
		for _, o := range words.Languages {
			names = append(names, o.Name)
		}
		// The night's game choice names every game: Inkognito's title is
		// the original's, the same in every language.
		names = append(names, "Inkognito")
		for _, l := range words.Languages[1:] {
			t.Run(name+"/"+l.Tag, func(t *testing.T) {
				if left := englishLeft(english, pageWords(t, fetch(t, m, path+"lang="+l.Tag)), l.Tag, names); len(left) > 0 {
					t.Errorf("still in English: %q (names %q)", left, names)
				}
			})
		}
	}
	check("home", "/?", nil)
	for _, game := range []string{"wink", "vault"} {
		code, host := newRoom(t, m, game, nil)
		ann := joinAs(t, m, code, "Ann")
		at := "/r/" + code + "?token=" + ann + "&host=" + host + "&"
		check(game+" lobby", at, []string{"Ann", code})
		addBots(t, m, code, host, 3)
		check(game+" full lobby", at, append(seatNames(t, m, code), code))
		if st := apiPost(t, m, "/api/rooms/"+code+"/start", host, nil, nil); st != http.StatusOK {
			t.Fatalf("start %s: %d", game, st)
		}
		check(game+" match", at, append(seatNames(t, m, code), code))
		check(game+" table", "/r/"+code+"/table?", append(seatNames(t, m, code), code))

		done, doneHost, id := finishedMatch(t, m, game, 4, nil)
		waitFinished(t, m, done, id)
		names := append(seatNames(t, m, done), done)
		check(game+" replay", "/m/"+id+"?", names)
		// The host's replay has every control, "Show to the room" too,
		// and hands its script the words it shows (data-say-*).
		check(game+" replay as host", "/m/"+id+"?host="+doneHost+"&", names)
		// Each step says what happened: events, or the move a quiet step
		// made, for every pair of eyes.
		for _, step := range replaySteps(t, m, id, 8) {
			for _, as := range []string{"all", "table", "0"} {
				check(fmt.Sprintf("%s replay step %d as %s", game, step, as), fmt.Sprintf("/m/%s/step/%d?as=%s&", id, step, as), names)
			}
		}
		check(game+" history", "/r/"+done+"/history?", names)
		check(game+" recap", "/r/"+done+"/recap?", names)
		// The host's result offers to close the night.
		check(game+" result as host", "/r/"+done+"?host="+doneHost+"&", names)
	}
}
