package server_test

import (
	"bytes"
	"net/http"
	"os"
	"testing"

	"topsecret/internal/store"
)

// Host and seat tokens are stored only as their hashes: whoever reads the
// database file holds no working token, neither a current one nor one a
// claim retired, and every token still proves what it proved.
func TestServer_TokensStoredOnlyHashed(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, js := e.mustRoom(tableOpts, "Ann", "Bob")
	ann := e.dial(c.Code, "view=json&token="+js[0].Token)
	if ann.last.Rejoin == nil || ann.last.Rejoin.Code == "" {
		t.Fatal("Ann's frame shows no rejoin code")
	}
	var moved joined
	if st := e.do("POST", "/api/rooms/"+c.Code+"/claim", "", map[string]string{"code": ann.last.Rejoin.Code}, &moved); st != http.StatusOK {
		t.Fatalf("claim by code: status %d", st)
	}

	var db []byte
	for _, f := range []string{e.path, e.path + "-wal"} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		db = append(db, b...)
	}
	if !bytes.Contains(db, []byte(store.Hash(moved.Token))) {
		t.Fatal("the database files lack the new token's hash: the read saw nothing")
	}
	for name, token := range map[string]string{"host": c.HostToken, "Ann's first": js[0].Token, "Bob's": js[1].Token, "Ann's new": moved.Token} {
		if bytes.Contains(db, []byte(token)) {
			t.Errorf("%s token %s is in the database file", name, token)
		}
	}

	if st := e.do("POST", "/api/rooms/"+c.Code+"/seats", c.HostToken, map[string]any{"bot": true}, nil); st != http.StatusCreated {
		t.Fatalf("host call with the host token: status %d, want 201", st)
	}
	// In the lobby a frame shows its seat by the seat's rejoin code, and a
	// retired token's by where its seat went.
	if f := e.dial(c.Code, "view=json&token="+js[1].Token).last; f.Rejoin == nil || f.Rejoin.Code == "" {
		t.Errorf("Bob's token: rejoin %+v, want Bob's seat and its code", f.Rejoin)
	}
	if f := e.dial(c.Code, "view=json&token="+moved.Token).last; f.Rejoin == nil || f.Rejoin.Code == "" || f.Rejoin.Code == ann.last.Rejoin.Code {
		t.Errorf("Ann's new token: rejoin %+v, want Ann's seat with a new code", f.Rejoin)
	}
	if f := e.dial(c.Code, "view=json&token="+js[0].Token).last; f.Rejoin == nil || f.Rejoin.Moved != "Ann" {
		t.Errorf("Ann's first token: rejoin %+v, want told Ann's seat moved", f.Rejoin)
	}
}
