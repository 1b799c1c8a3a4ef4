package server

import (
	"fmt"
	"strings"
	"sync"

	"rsc.io/qr"
)

// qrSVG draws the QR code of text as an inline SVG, on the server, so no
// phone ever asks a third-party service for the room link.
func qrSVG(text string) string {
	if svg, ok := qrCache.Load(text); ok {
		return svg.(string)
	}
	svg := drawQR(text)
	qrCache.Store(text, svg)
	return svg
}

// qrCache keeps each room link's drawing: every frame of the lobby embeds it.
var qrCache sync.Map

func drawQR(text string) string {
	code, err := qr.Encode(text, qr.M)
	if err != nil {
		return ""
	}
	const quiet = 4
	n := code.Size + 2*quiet
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" shape-rendering="crispEdges" role="img" aria-label="QR code of the join link" data-testid="qr">`, n, n)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#fff"/><path fill="#000" d="`, n, n)
	for y := 0; y < code.Size; y++ {
		for x := 0; x < code.Size; x++ {
			if code.Black(x, y) {
				fmt.Fprintf(&b, "M%d %dh1v1h-1z", x+quiet, y+quiet)
			}
		}
	}
	b.WriteString(`"/></svg>`)
	return b.String()
}
