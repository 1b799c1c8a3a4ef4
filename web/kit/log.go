package kit

import (
	"strconv"

	"topsecret/internal/game"
)

// Line is one of the viewer's recent events: the room's log is the only
// record of a match's happenings, and every log on a page is drawn from
// these by Log.
type Line struct {
	// Seq is the viewer's own count of the events it may read, this one
	// included, so a line keeps its number from frame to frame.
	Seq int
	// Kind is the game's name for the event (for an icon, a colour or a
	// banner); empty for the room's own lines.
	Kind string
	// Msg is the event as a message, for a board that reads its arguments
	// (who delivered); Text is it worded for the viewer.
	Msg  game.Msg
	Text string
	// Private says only this seat reads it (a notice: "you peeked at …").
	Private bool
}

// LogLook is how a board draws its log: the class prefix of its
// stylesheet (p-log, p-ev, p-ev-<kind>, p-notice, p-icon), the test ids
// of the list and of a private line, and how many lines fit.
type LogLook struct {
	Prefix string
	ID     string
	Notice string
	// Class, when set, is the list's class in place of p-log (a table
	// screen's own look, a name the board's stylesheet already uses).
	Class string
	// Lines is how many of the newest lines are drawn; Notices how many
	// private ones among them (0: none; a finished match's board sets 0).
	Lines   int
	Notices int
	// Fresh drops a private line once a public one follows it: a notice
	// of a pending choice (vault's card played face-down) would mislead
	// once the choice has played out.
	Fresh bool
}

// Newest are the viewer's lines newest first, at most look.Lines, with at
// most look.Notices private ones.
func (c Context) Newest(look LogLook) []Line {
	out := make([]Line, 0, min(look.Lines, len(c.Lines)))
	notices, public := 0, false
	for i := len(c.Lines) - 1; i >= 0 && len(out) < look.Lines; i-- {
		l := c.Lines[i]
		if l.Private {
			if notices >= look.Notices || look.Fresh && public {
				continue
			}
			notices++
		}
		public = public || !l.Private
		out = append(out, l)
	}
	return out
}

// Latest is the newest line the viewer read of kind (any kind when none
// is named), and whether there is one.
func (c Context) Latest(kinds ...string) (Line, bool) {
	for i := len(c.Lines) - 1; i >= 0; i-- {
		if len(kinds) == 0 {
			return c.Lines[i], true
		}
		for _, k := range kinds {
			if c.Lines[i].Kind == k {
				return c.Lines[i], true
			}
		}
	}
	return Line{}, false
}

func (l Line) seq() string { return strconv.Itoa(l.Seq) }

// class is the list's class.
func (look LogLook) class() string {
	if look.Class != "" {
		return look.Class
	}
	return look.Prefix + "-log"
}
