package static

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path"
	"slices"
	"strings"
)

// joined is a file a folder makes of several of its own, in order: a
// page fetches one script and one stylesheet instead of ten files (each a
// request, and each stylesheet one that holds up the page's first
// drawing).
type joined struct {
	parts []string
	asset *asset
}

// Join returns the URL, with its content hash, of one file named name
// ("js/room.js") made of the folder's files parts ("js/app.js", …) one
// after another, in order. Scripts are wrapped each in a function of its
// own already (an IIFE), so they keep to themselves as separate files
// did, and each ends a statement before the next starts; a stylesheet's
// rules cascade as they did from separate sheets loaded in that order.
// The file is made on first use and kept: joining the same parts again
// returns it. A name that is a file of the folder, a part that is not,
// or the name joined of other parts is a mistake in the code and panics.
func (f *Folder) Join(name string, parts ...string) string {
	name = path.Join(f.prefix, name)
	f.load()
	f.joinMu.Lock()
	defer f.joinMu.Unlock()
	if j, ok := f.joined[name]; ok {
		if !slices.Equal(j.parts, parts) {
			panic(fmt.Sprintf("static: %s joined of %v and of %v", name, j.parts, parts))
		}
		return Prefix + hashedName(name, j.asset.hash)
	}
	if _, ok := f.byName[name]; ok {
		panic("static: " + name + " is a file already")
	}
	var body bytes.Buffer
	for _, p := range parts {
		a, ok := f.byName[path.Join(f.prefix, p)]
		if !ok {
			panic("static: no " + p + " to join into " + name)
		}
		body.Write(a.body)
		if path.Ext(name) == ".js" && !bytes.HasSuffix(bytes.TrimSpace(a.body), []byte(";")) {
			body.WriteString(";")
		}
		if !bytes.HasSuffix(a.body, []byte("\n")) {
			body.WriteByte('\n')
		}
	}
	sum := sha256.Sum256(body.Bytes())
	a := &asset{name: name, hash: hex.EncodeToString(sum[:])[:8], body: body.Bytes()}
	a.gz = squeeze(name, a.body)
	if f.joined == nil {
		f.joined = map[string]*joined{}
		f.joinedHashed = map[string]*asset{}
	}
	f.joined[name] = &joined{parts: slices.Clone(parts), asset: a}
	f.joinedHashed[hashedName(name, a.hash)] = a
	return Prefix + hashedName(name, a.hash)
}

// findJoined is the joined file a request path names, hashed or not.
func (f *Folder) findJoined(p string) (a *asset, hashed bool) {
	f.joinMu.Lock()
	defer f.joinMu.Unlock()
	if a := f.joinedHashed[p]; a != nil {
		return a, true
	}
	if j := f.joined[p]; j != nil {
		return j.asset, false
	}
	return nil, false
}

// Join is Folder.Join for the app's own files: Join("js/home.js",
// "js/app.js", "js/api.js").
func Join(name string, parts ...string) string {
	return own.Join(strings.TrimPrefix(name, "/"), parts...)
}
