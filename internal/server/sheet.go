package server

import (
	"bytes"
	"context"
	"sync"
	"unicode/utf8"

	"github.com/a-h/templ"
)

// sheets are the buffers pages and live frames are rendered into: a live
// frame is 10-40 KB of HTML, rendered for every viewer whose view changed,
// and growing a fresh buffer to that size each time was a good part of the
// cost of an action.
var sheets = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// putSheet returns a buffer to the pool unless an unusually large page
// grew it: the pool should not pin megabytes.
func putSheet(b *bytes.Buffer) {
	if b.Cap() > 256<<10 {
		return
	}
	b.Reset()
	sheets.Put(b)
}

// viewHTML renders a live region into the view message
// {"type":"view","html":"…"}. The HTML goes into the JSON string without
// escaping <, > and &: the message is never inlined into a page, and
// escaping them would make every tag six bytes longer on the wire.
func viewHTML(ctx context.Context, c templ.Component) ([]byte, error) {
	html := sheets.Get().(*bytes.Buffer)
	defer putSheet(html)
	if err := c.Render(ctx, html); err != nil {
		return nil, err
	}
	return wrapView(html.Bytes()), nil
}

// wrapView is the view message of a live region's HTML.
func wrapView(html []byte) []byte {
	msg := make([]byte, 0, len(html)+len(html)/16+32)
	msg = append(msg, viewPrefix...)
	msg = appendJSONText(msg, html)
	return append(msg, '}')
}

// renderHTML renders c on its own, for a page to carry.
func renderHTML(ctx context.Context, c templ.Component) ([]byte, error) {
	var html bytes.Buffer
	err := c.Render(ctx, &html)
	return html.Bytes(), err
}

// appendJSONText appends s as a JSON string, escaping only what JSON and
// JavaScript require; invalid UTF-8 becomes U+FFFD, as encoding/json does.
func appendJSONText(dst, s []byte) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRune(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' { // line ends to JavaScript
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hex[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}
