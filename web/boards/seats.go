package boards

import (
	"strings"

	"github.com/a-h/templ"
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

// Initial is the first letter of a name, upper-cased, for avatars.
func Initial(name string) string {
	for _, r := range name {
		return strings.ToUpper(string(r))
	}
	return "?"
}
