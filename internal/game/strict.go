package game

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"unicode/utf8"
)

// What a client sends is read one way only. encoding/json matches keys
// whatever their case and lets the last of two equal keys win, so
// {"SEAT":1} or {"seat":1,"seat":2} would be checked and played as one
// thing while the log keeps another spelling; and it stops after the
// first value, ignoring whatever follows. UnmarshalStrict refuses all of
// these rather than store a second form of the same action: the log holds
// the bytes the player sent, and they have only one reading.

// ErrTrailingData is JSON with something after its value.
var ErrTrailingData = errors.New("data after the JSON value")

// ErrNotUTF8 is JSON text that is not UTF-8, as JSON text must be.
var ErrNotUTF8 = errors.New("not UTF-8")

// DuplicateKeyError is an object that gives one key twice.
type DuplicateKeyError struct{ Key string }

func (e *DuplicateKeyError) Error() string { return fmt.Sprintf("key %q given twice", e.Key) }

// KeyCaseError is a key that names a field only when case is ignored.
type KeyCaseError struct{ Key, Field string }

func (e *KeyCaseError) Error() string {
	return fmt.Sprintf("key %q must be spelled %q", e.Key, e.Field)
}

// UnmarshalStrict decodes data, one JSON value in UTF-8, into v as
// encoding/json does with unknown fields refused, and refuses data after
// the value, a key given twice in one object (at any depth) and a key
// that names a field of v only when case is ignored.
func UnmarshalStrict(data []byte, v any) error {
	if !utf8.Valid(data) {
		return ErrNotUTF8
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	rest := data[dec.InputOffset():]
	if len(bytes.TrimLeft(rest, " \t\r\n")) > 0 {
		return ErrTrailingData
	}
	// The decoder has read data as one valid value: the scan below need
	// not check its syntax.
	k := keyScan{b: data[:len(data)-len(rest)]}
	return k.value(reflect.TypeOf(v))
}

// keyScan walks valid JSON, checking every object's keys against the Go
// type it was decoded into (nil: only a key given twice is refused).
type keyScan struct {
	b []byte
	i int
}

func (s *keyScan) space() {
	for s.i < len(s.b) && (s.b[s.i] == ' ' || s.b[s.i] == '\t' || s.b[s.i] == '\r' || s.b[s.i] == '\n') {
		s.i++
	}
}

// value reads one value.
func (s *keyScan) value(t reflect.Type) error {
	s.space()
	switch s.b[s.i] {
	case '{':
		return s.object(decodedInto(t))
	case '[':
		return s.array(decodedInto(t))
	case '"':
		s.str()
	default: // a number, true, false or null
		for s.i < len(s.b) && !bytes.ContainsRune([]byte(",]} \t\r\n"), rune(s.b[s.i])) {
			s.i++
		}
	}
	return nil
}

// str reads a string and returns it unescaped.
func (s *keyScan) str() string {
	start, escaped := s.i, false
	for s.i++; s.b[s.i] != '"'; s.i++ {
		if s.b[s.i] == '\\' {
			s.i++
			escaped = true
		}
	}
	s.i++
	if !escaped {
		return string(s.b[start+1 : s.i-1])
	}
	var out string
	_ = json.Unmarshal(s.b[start:s.i], &out)
	return out
}

func (s *keyScan) array(t reflect.Type) error {
	var elem reflect.Type
	if t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) {
		elem = t.Elem()
	}
	for s.i++; ; {
		s.space()
		if s.b[s.i] == ']' {
			s.i++
			return nil
		}
		if err := s.value(elem); err != nil {
			return err
		}
		s.space()
		if s.b[s.i] == ',' {
			s.i++
		}
	}
}

func (s *keyScan) object(t reflect.Type) error {
	var elem reflect.Type
	if t != nil && t.Kind() == reflect.Map {
		elem = t.Elem()
	}
	var seen map[string]bool
	for s.i++; ; {
		s.space()
		if s.b[s.i] == '}' {
			s.i++
			return nil
		}
		key := s.str()
		if seen[key] {
			return &DuplicateKeyError{Key: key}
		}
		if seen == nil {
			seen = map[string]bool{}
		}
		seen[key] = true
		next := elem
		if t != nil && t.Kind() == reflect.Struct {
			ft, spelled := field(t, key)
			if ft == nil && spelled != "" {
				return &KeyCaseError{Key: key, Field: spelled}
			}
			next = ft
		}
		s.space()
		s.i++ // the colon
		if err := s.value(next); err != nil {
			return err
		}
		s.space()
		if s.b[s.i] == ',' {
			s.i++
		}
	}
}

var (
	jsonUnmarshaler = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()
)

// decodedInto is the type whose fields or elements a JSON value fills
// when decoded into t: pointers followed, nil for a type that reads its
// JSON itself (json.RawMessage, a seed) or for none.
func decodedInto(t reflect.Type) reflect.Type {
	for t != nil {
		p := reflect.PointerTo(t)
		if p.Implements(jsonUnmarshaler) || p.Implements(textUnmarshaler) {
			return nil
		}
		if t.Kind() != reflect.Pointer {
			return t
		}
		t = t.Elem()
	}
	return nil
}

// field finds the struct field that key names exactly, as encoding/json
// spells it (tag or Go name; embedded structs' fields promoted), and its
// type; when none does, spelled is a field key names only when case is
// ignored ("" for none).
func field(t reflect.Type, key string) (ft reflect.Type, spelled string) {
	var embedded []reflect.Type
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		if f.Anonymous && name == "" {
			e := f.Type
			if e.Kind() == reflect.Pointer {
				e = e.Elem()
			}
			if e.Kind() == reflect.Struct {
				embedded = append(embedded, e)
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		if name == key {
			return f.Type, ""
		}
		if spelled == "" && strings.EqualFold(name, key) {
			spelled = name
		}
	}
	for _, e := range embedded {
		if et, es := field(e, key); et != nil {
			return et, ""
		} else if spelled == "" {
			spelled = es
		}
	}
	return nil, spelled
}
