package kit

import (
	"strings"

	"github.com/a-h/templ"
	"github.com/rivo/uniseg"
)

// Palette maps a game's seat colour names ("red", "pink") to CSS colours.
type Palette map[string]string

// grey is the colour of a name no palette knows.
const grey = "#8a8a8a"

// CSS is the colour for name.
func (p Palette) CSS(name string) string {
	if c, ok := p[name]; ok {
		return c
	}
	return grey
}

// Style sets the --seat custom property every board's CSS colours a seat by.
func (p Palette) Style(name string) templ.SafeCSS {
	return templ.SafeCSS("--seat:" + p.CSS(name) + ";")
}

// Initial is the first character a person sees in a name (a letter, or a
// whole emoji or flag), upper-cased, for avatars.
func Initial(name string) string {
	if first, _, _, _ := uniseg.FirstGraphemeClusterInString(name, -1); first != "" {
		return strings.ToUpper(first)
	}
	return "?"
}
