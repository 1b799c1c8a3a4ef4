package server

import (
	"reflect"
	"strings"
	"testing"

	"topsecret/internal/room"
)

// A JSON frame is written in two parts and a few fields by hand; a field
// added to room.Frame must land in one of them, or JSON clients would
// silently never see it.
func TestJSONFrame_HasEveryFieldOfTheFrame(t *testing.T) {
	written := map[string]bool{"version": true, "now": true, "game": true, "events": true}
	for _, part := range []reflect.Type{reflect.TypeFor[jsonShared](), reflect.TypeFor[jsonOwn]()} {
		for f := range part.Fields() {
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if written[name] {
				t.Errorf("%s is written twice", name)
			}
			written[name] = true
		}
	}
	for f := range reflect.TypeFor[room.Frame]().Fields() {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" || !f.IsExported() {
			continue
		}
		if !written[name] {
			t.Errorf("room.Frame's %s (%q) is in no part of a JSON frame", f.Name, name)
		}
	}
}
