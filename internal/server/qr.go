package server

import (
	"fmt"
	"strings"

	"rsc.io/qr"
)

// qrSVG draws the QR code of text as an inline SVG, on the server, so no
// phone ever asks a third-party service for the room link. Drawings are
// cached: every lobby frame embeds one.
func (s *Server) qrSVG(text string) string {
	if svg, ok := s.qrCodes.get(text); ok {
		return svg
	}
	svg := drawQR(text)
	s.qrCodes.put(text, svg)
	return svg
}

func drawQR(text string) string {
	code, err := qr.Encode(text, qr.M)
	if err != nil {
		return ""
	}
	const quiet = 4
	n := code.Size + 2*quiet
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" shape-rendering="crispEdges" aria-hidden="true" data-testid="qr">`, n, n)
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
