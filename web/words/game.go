package words

import (
	"slices"

	"topsecret/internal/game"
)

// Game returns info worded for the reader: an engine describes its game in
// catalogue ids (name, blurb, every option's label, help and choices), and
// pages show the copy this returns.
func (r Reader) Game(info game.Info) game.Info {
	out := info
	out.Name, out.Blurb = r.id(info.Name), r.id(info.Blurb)
	out.Options = slices.Clone(info.Options)
	for i, o := range out.Options {
		o.Label, o.Help = r.id(o.Label), r.id(o.Help)
		o.Choices = slices.Clone(o.Choices)
		for j := range o.Choices {
			o.Choices[j].Label = r.id(o.Choices[j].Label)
		}
		out.Options[i] = o
	}
	return out
}

// id says a message that has no arguments.
func (r Reader) id(id string) string {
	if id == "" {
		return ""
	}
	return r.Say(game.M(id))
}
