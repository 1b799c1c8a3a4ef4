package static

import (
	"bytes"
	"compress/gzip"
	"path"
	"strconv"
	"strings"
)

// squeezable are the extensions worth gzipping: text. Images other than
// SVG and fonts are compressed already.
var squeezable = map[string]bool{".css": true, ".js": true, ".svg": true, ".json": true, ".txt": true, ".html": true, ".map": true}

// squeeze gzips an asset once, at start-up, at the best level: the bytes
// are sent many times and compressed once. It returns nil when gzip would
// not save anything worth a header.
func squeeze(name string, body []byte) []byte {
	if !squeezable[path.Ext(name)] || len(body) < 256 {
		return nil
	}
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	_, _ = zw.Write(body)
	_ = zw.Close()
	if buf.Len() >= len(body)*9/10 {
		return nil
	}
	return buf.Bytes()
}

// AcceptsGzip reads an Accept-Encoding header: gzip (or *) listed
// without q=0.
func AcceptsGzip(header string) bool {
	for _, part := range strings.Split(header, ",") {
		coding, params, _ := strings.Cut(part, ";")
		coding = strings.TrimSpace(coding)
		if !strings.EqualFold(coding, "gzip") && coding != "*" {
			continue
		}
		q := 1.0
		for _, p := range strings.Split(params, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
			if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
					q = f
				}
			}
		}
		return q > 0
	}
	return false
}
