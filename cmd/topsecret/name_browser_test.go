package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// insertText types text into the focused field as an emoji keyboard or a
// paste does: one insertion, one input event.
func (p *phone) insertText(text string) {
	p.tb.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 20*time.Second)
	defer cancel()
	if _, err := chromedp.Call(ctx, input.InsertText, input.InsertTextParams{Text: text}); err != nil {
		p.fail(err)
	}
}

// clearName empties the join form's name field and puts the caret there.
func (p *phone) clearName() {
	p.run(chromedp.Evaluate[chromedp.Void](`(f => { f.value = ""; f.focus(); })(document.getElementById("join-name"))`))
}

// nameField is what the join form's name field holds now.
func (p *phone) nameField() string {
	return get(p, chromedp.Evaluate[string](`document.getElementById("join-name").value`))
}

// The join form's name field stops where the room's limit is, counted as
// the room counts: twenty letters, twenty joined emoji (each one
// character), eight families (their bytes); text typed in the middle of a
// full field is not taken, and the name it holds is one the room accepts.
func TestBrowser_NameFieldStopsAtLimit(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	code, _ := newRoom(t, m, "wink", nil)
	ann := newPhone(t, browser, "Ann")
	ann.run(chromedp.Navigate(m.URL()+"/r/"+code), chromedp.WaitVisible(tid("join-form")))

	astronaut, family := "👩‍🚀", "👨‍👩‍👧‍👦"
	tests := []struct {
		name   string
		typed  func()
		want   string
		before string
	}{
		{"letters", func() { ann.run(chromedp.SendKeys(chromedp.CSS("#join-name"), strings.Repeat("a", 25))) }, strings.Repeat("a", 20), ""},
		{"pasted letters", func() { ann.insertText(strings.Repeat("b", 30)) }, strings.Repeat("b", 20), ""},
		{"joined emoji", func() { ann.insertText(strings.Repeat(astronaut, 25)) }, strings.Repeat(astronaut, 20), ""},
		{"families", func() { ann.insertText(strings.Repeat(family, 10)) }, strings.Repeat(family, 8), ""},
		{"typed before a name", func() {
			ann.run(chromedp.KeyEvent(kb.Home))
			ann.insertText(strings.Repeat("x", 20))
		}, strings.Repeat("x", 17) + "Ann", "Ann"},
		{"typed into a full field", func() {
			ann.run(chromedp.KeyEvent(kb.Home))
			ann.insertText("Dr ")
		}, strings.Repeat("x", 17) + "Ann", strings.Repeat("x", 17) + "Ann"},
	}
	for _, tt := range tests {
		ann.clearName()
		if tt.before != "" {
			ann.insertText(tt.before)
		}
		tt.typed()
		if got := ann.nameField(); got != tt.want {
			t.Errorf("%s: the field holds %q (%d bytes), want %q", tt.name, got, len(got), tt.want)
		}
	}

	// A full field of joined emoji is a name the room takes.
	ann.clearName()
	ann.insertText("🕵️‍♀️ " + strings.Repeat(astronaut, 30))
	name := ann.nameField()
	if name != "🕵️‍♀️ "+strings.Repeat(astronaut, 18) {
		t.Fatalf("the field holds %q", name)
	}
	ann.shot("join-long-emoji-390")
	ann.wide()
	ann.shot("join-long-emoji-1280")
	ann.narrow()
	ann.run(chromedp.Click(tid("join-submit")), chromedp.WaitNotPresent(tid("join-form")), chromedp.WaitVisible(tid("lobby-seats")))
	eventually(t, "Ann's seat shows her name", func() bool { return strings.Contains(ann.text("seat-0"), name) })
	ann.shot("lobby-long-emoji-390")
	ann.wide()
	ann.shot("lobby-long-emoji-1280")

	var room struct {
		Seats []struct {
			Name string `json:"name"`
		} `json:"seats"`
	}
	if err := getJSON(m.URL()+"/api/rooms/"+code, &room); err != nil || len(room.Seats) != 1 || room.Seats[0].Name != name {
		t.Fatalf("room: %v %+v", err, room)
	}
}

// The name field says where its limit is as a player types (issue 27,
// F14): not before the name is full, as soon as it is or something typed
// did not fit, and no longer once a letter is taken back. A name of styled
// letters the screens cannot draw is refused in words (F17).
func TestBrowser_NameFieldSaysItsLimit(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	code, _ := newRoom(t, m, "wink", nil)
	ann := newPhone(t, browser, "Ann")
	ann.run(chromedp.Navigate(m.URL()+"/r/"+code), chromedp.WaitVisible(tid("join-form")))
	said := func() bool { return ann.visible("join-name-full") }

	ann.clearName()
	ann.run(chromedp.SendKeys(chromedp.CSS("#join-name"), strings.Repeat("a", 19)))
	if said() {
		t.Fatal("the limit is said before the name is full")
	}
	ann.run(chromedp.SendKeys(chromedp.CSS("#join-name"), "b"))
	if !said() {
		t.Fatal("a full name field does not say so")
	}
	ann.run(chromedp.SendKeys(chromedp.CSS("#join-name"), "cd"))
	if !said() || ann.nameField() != strings.Repeat("a", 19)+"b" {
		t.Fatalf("after typing past the limit the field holds %q and says the limit: %v", ann.nameField(), said())
	}
	if got := ann.text("join-name-full"); got != "That is as long as a name gets: 20 characters." {
		t.Fatalf("the field says %q", got)
	}
	ann.shot("name-full-390")
	ann.wide()
	ann.shot("name-full-1280")
	ann.narrow()
	ann.run(chromedp.KeyEvent(kb.Backspace))
	if said() {
		t.Fatal("the limit is still said after a letter is taken back")
	}

	ann.clearName()
	ann.insertText("Ⓐⓓⓐ")
	ann.run(chromedp.Click(tid("join-submit")))
	want := "That name uses styled letters (circled, bold, script or the like) that many screens show as empty boxes: please type plain letters."
	eventually(t, "the styled name is refused in words", func() bool { return ann.text("toast") == want })
	ann.shot("name-styled-390")
	ann.wide()
	ann.shot("name-styled-1280")
	if !ann.present("join-form") {
		t.Fatal("a styled name took a seat")
	}
}
