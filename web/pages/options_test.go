package pages_test

import (
	"bytes"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"topsecret/internal/game"
	"topsecret/web/pages"
	"topsecret/web/words"
)

// setupInfo is a game with a setting that matters, advanced ones, a seat
// pick and a setting of another mode, already worded (as the server words
// an engine's ids before the page sees them).
var setupInfo = game.Info{
	Slug: "toy", Name: "Toy", MinPlayers: 2, MaxPlayers: 4,
	Options: []game.Option{
		{Key: "mode", Label: "Mode", Help: "Where you play.", Kind: "choice", Default: "table",
			Choices: []game.Choice{{Value: "table", Label: "Table"}, {Value: "remote", Label: "Remote"}}},
		{Key: "startPlayer", Label: "Start player", Help: "Who begins.", Kind: "int", Default: -1, Min: -1, Max: 3, Advanced: true},
		{Key: "turnTimeoutMs", Label: "Turn limit", Help: "0 = off.", Kind: "int", Default: 0, Max: 300000, Unit: "ms", Advanced: true},
		{Key: "eyesMs", Label: "Eye travel", Help: "Remote only.", Kind: "int", Default: 300, Max: 3000, Unit: "ms", Advanced: true,
			Requires: &game.Requirement{Key: "mode", Value: "remote"}},
	},
}

// mustRenderIn renders the live region for a reader of lang.
func mustRenderIn(tb testing.TB, lang string, l pages.Live) *goquery.Document {
	tb.Helper()
	var buf bytes.Buffer
	if err := pages.LiveMain(l).Render(words.WithLanguage(platform, lang), &buf); err != nil {
		tb.Fatal(err)
	}
	doc, err := goquery.NewDocumentFromReader(&buf)
	if err != nil {
		tb.Fatal(err)
	}
	return doc
}

func setupLobby(host bool) pages.Live {
	l := pages.Live{Code: "ABC123", Game: setupInfo, Status: "lobby", You: 0, IsHost: host,
		Seats: []pages.SeatLine{{ID: "s1", Position: 0, Name: "Ann"}, {ID: "s2", Position: 1, Name: "Bob"}}}
	for _, o := range setupInfo.Options {
		v := o.Default
		if o.Key == "startPlayer" {
			v = float64(1)
		}
		l.Options = append(l.Options, pages.OptionValue{Option: o, Value: v, Seats: []string{"Ann", "Bob"}})
	}
	return l
}

// The setup form shows the settings that matter first, each with its line
// of help, and folds the advanced ones under "More options"; seats are
// counted from 1 and named after whoever sits there.
func TestOptionFields_MoreOptions(t *testing.T) {
	t.Parallel()
	tests := []struct {
		lang, more, first, second string
	}{
		{"en", "More options", "First seat (1) · Ann", "Third seat (3)"},
		{"de", "Weitere Einstellungen", "Erster Platz (1) · Ann", "Dritter Platz (3)"},
		{"sv", "Fler inställningar", "Första platsen (1) · Ann", "Tredje platsen (3)"},
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			doc := mustRenderIn(t, tt.lang, setupLobby(true))
			form := mustOne(t, doc, "options-form")
			more := form.Find(`details[data-testid="more-options"]`)
			if more.Length() != 1 || more.AttrOr("open", "closed") != "closed" {
				t.Fatalf("%d closed More options, want 1", more.Length())
			}
			if got := more.Find("summary").Text(); got != tt.more {
				t.Fatalf("summary=%q, want %q", got, tt.more)
			}
			if more.Find(`[data-testid="option-mode"]`).Length() != 0 || form.Find(`[data-testid="option-mode"]`).Length() != 1 {
				t.Fatal("the setting that matters is folded away")
			}
			for _, key := range []string{"startPlayer", "turnTimeoutMs", "eyesMs"} {
				if more.Find(`[data-testid="option-`+key+`"]`).Length() != 1 {
					t.Errorf("%s is not under More options", key)
				}
			}
			if n := form.Find(`p.help`).Length(); n != len(setupInfo.Options) {
				t.Errorf("%d lines of help, want one per setting (%d)", n, len(setupInfo.Options))
			}
			seat := form.Find(`select[name="startPlayer"]`)
			if got := seat.Find(`option[value="0"]`).Text(); got != tt.first {
				t.Errorf("seat 0 reads %q, want %q", got, tt.first)
			}
			if got := seat.Find(`option[value="2"]`).Text(); got != tt.second {
				t.Errorf("seat 2 reads %q, want %q", got, tt.second)
			}
			if !form.Find(`[data-testid="option-eyesMs"]`).HasClass("remote-only") {
				t.Error("a remote-mode setting is not marked remote-only")
			}
		})
	}
}

// Guests read the settings: the ones that matter, the advanced ones under
// More options, and not the settings of a mode not chosen.
func TestOptionList_Guest(t *testing.T) {
	t.Parallel()
	doc := mustRenderIn(t, "de", setupLobby(false))
	opts := mustOne(t, doc, "options")
	if got := opts.Find(`[data-testid="option-startPlayer"] dd`).Text(); got != "Zweiter Platz (2) · Bob" {
		t.Fatalf("start player reads %q", got)
	}
	if got := opts.Find(`[data-testid="option-turnTimeoutMs"] dd`).Text(); got != "Aus" {
		t.Fatalf("an unset limit reads %q", got)
	}
	if opts.Find(`details [data-testid="option-turnTimeoutMs"]`).Length() != 1 {
		t.Fatal("an advanced setting is not under More options")
	}
	mustNone(t, doc, "option-eyesMs")
}
