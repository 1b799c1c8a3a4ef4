package nightfile

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"encoding/binary"
	"strings"
)

// pack holds one match's drawn steps as the file carries them. Each step
// is cut into pieces after every '>' (a tag, with the text before it);
// each distinct piece is kept once, in the dictionary, and a step is the
// list of its pieces' numbers. One step differs from the one before it by
// a few pieces, so the lists of one eyes' steps, laid one after another,
// repeat each other within gzip's 32 KiB window and shrink to little more
// than what changed.
type pack struct {
	ids    map[string]int
	pieces strings.Builder // every distinct piece, each ended by a NUL
	eyes   []eyesPack
}

// eyesPack is the steps of one perspective: for each step, its number of
// pieces and then their numbers, all as unsigned varints.
type eyesPack struct {
	key   string
	steps int
	list  []byte
}

func newPack() *pack { return &pack{ids: map[string]int{}} }

// begin starts the steps of perspective key.
func (p *pack) begin(key string) { p.eyes = append(p.eyes, eyesPack{key: key}) }

// step adds the next step of the current perspective, drawn as html.
// HTML never holds a NUL, which ends each piece in the dictionary.
func (p *pack) step(html string) {
	e := &p.eyes[len(p.eyes)-1]
	parts := strings.SplitAfter(html, ">")
	if parts[len(parts)-1] == "" {
		parts = parts[:len(parts)-1]
	}
	e.list = binary.AppendUvarint(e.list, uint64(len(parts)))
	for _, part := range parts {
		id, ok := p.ids[part]
		if !ok {
			id = len(p.ids)
			p.ids[part] = id
			p.pieces.WriteString(part)
			p.pieces.WriteByte(0)
		}
		e.list = binary.AppendUvarint(e.list, uint64(id))
	}
	e.steps++
}

// packed is a match's pack as the file's JSON carries it: the dictionary
// and each perspective's lists, each gzipped on its own (the page unpacks
// only the match and eyes being watched) and written in base64.
type packed struct {
	Dict string            `json:"dict"`
	Eyes map[string]string `json:"eyes"`
}

func (p *pack) packed() (packed, error) {
	out := packed{Eyes: map[string]string{}}
	var err error
	if out.Dict, err = gzip64([]byte(p.pieces.String())); err != nil {
		return out, err
	}
	for _, e := range p.eyes {
		if out.Eyes[e.key], err = gzip64(e.list); err != nil {
			return out, err
		}
	}
	return out, nil
}

// gzip64 is b gzipped as tightly as gzip goes, in URL-safe base64: the
// browser's DecompressionStream reads gzip, base64 is how bytes ride in
// HTML, and its URL-safe alphabet has no '/', so no run of it reads like
// an address (a room's is /r/CODE).
func gzip64(b []byte) (string, error) {
	var buf bytes.Buffer
	w, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return "", err
	}
	if _, err := w.Write(b); err != nil {
		return "", err
	}
	if err := w.Close(); err != nil {
		return "", err
	}
	return base64.URLEncoding.EncodeToString(buf.Bytes()), nil
}
