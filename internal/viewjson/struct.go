package viewjson

import (
	"reflect"
	"slices"
	"strings"
	"unicode/utf8"
)

type isZeroer interface{ IsZero() bool }

var isZeroerType = reflect.TypeFor[isZeroer]()

// field is one struct field JSON shows.
type field struct {
	// index leads to it through embedded structs.
	index  []int
	tagged bool
	// key is the field's JSON name; name is `"key":`, escaped as
	// encoding/json escapes it.
	key, name string
	omitEmpty bool
	// omitZero is nil unless the field is omitted when zero.
	omitZero func(reflect.Value) bool
	plan     plan
}

// structPlan writes a struct's fields in order, those of embedded structs
// in their place, a name at a lesser depth (or tagged, at the same depth)
// hiding the others, as encoding/json does. Embedded pointers and other
// embedded types, `,string` and names that encoding/json would rename are
// its to write.
func structPlan(t reflect.Type) plan {
	fields, ok := fieldsOf(t, nil, map[reflect.Type]bool{})
	if !ok {
		return byEncodingJSON
	}
	fields = dominant(fields)
	return func(s *state, v reflect.Value) {
		next := byte('{')
		for i := range fields {
			f := &fields[i]
			fv := v
			for _, j := range f.index {
				fv = fv.Field(j)
			}
			if f.omitEmpty && empty(fv) || f.omitZero != nil && f.omitZero(fv) {
				continue
			}
			s.b = append(s.b, next)
			next = ','
			s.b = append(s.b, f.name...)
			f.plan(s, fv)
		}
		if next == '{' {
			s.b = append(s.b, '{')
		}
		s.b = append(s.b, '}')
	}
}

// fieldsOf lists t's fields and those of the structs it embeds, or says
// it holds something only encoding/json should write.
func fieldsOf(t reflect.Type, at []int, embedded map[reflect.Type]bool) ([]field, bool) {
	var fields []field
	for i := range t.NumField() {
		sf := t.Field(i)
		tag := sf.Tag.Get("json")
		if tag == "-" {
			continue
		}
		key, opts, _ := strings.Cut(tag, ",")
		index := append(slices.Clip(at), i)
		if sf.Anonymous && key == "" {
			if sf.Type.Kind() != reflect.Struct || embedded[sf.Type] {
				return nil, false
			}
			embedded[sf.Type] = true
			inner, ok := fieldsOf(sf.Type, index, embedded)
			if !ok {
				return nil, false
			}
			fields = append(fields, inner...)
			continue
		}
		if !sf.IsExported() {
			continue
		}
		f := field{index: index, tagged: key != "", key: key, plan: planFor(sf.Type)}
		if key == "" {
			f.key = sf.Name
		}
		if !plainName(f.key) {
			return nil, false
		}
		f.name = string(AppendString(nil, f.key)) + ":"
		for opt := range strings.SplitSeq(opts, ",") {
			switch opt {
			case "omitempty":
				f.omitEmpty = true
			case "omitzero":
				if f.omitZero = zeroTest(sf.Type); f.omitZero == nil {
					return nil, false
				}
			case "string":
				return nil, false
			}
		}
		fields = append(fields, f)
	}
	return fields, true
}

// dominant keeps, of the fields sharing a name, the one at the least depth
// (the tagged one if two are that deep), and none if that leaves a tie;
// then puts them back in the struct's order.
func dominant(fields []field) []field {
	slices.SortStableFunc(fields, func(a, b field) int {
		if c := strings.Compare(a.key, b.key); c != 0 {
			return c
		}
		if c := len(a.index) - len(b.index); c != 0 {
			return c
		}
		if a.tagged != b.tagged {
			if a.tagged {
				return -1
			}
			return 1
		}
		return slices.Compare(a.index, b.index)
	})
	var kept []field
	for i := 0; i < len(fields); {
		j := i + 1
		for j < len(fields) && fields[j].key == fields[i].key {
			j++
		}
		if j == i+1 || len(fields[i].index) != len(fields[i+1].index) || fields[i].tagged != fields[i+1].tagged {
			kept = append(kept, fields[i])
		}
		i = j
	}
	slices.SortFunc(kept, func(a, b field) int { return slices.Compare(a.index, b.index) })
	return kept
}

// plainName is a field name encoding/json keeps as it is: letters, digits
// and a few marks. Anything else is encoding/json's to judge.
func plainName(name string) bool {
	for _, c := range name {
		if !(c == '_' || c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return name != ""
}

// empty is encoding/json's test for omitempty.
func empty(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Bool,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64,
		reflect.Interface, reflect.Pointer:
		return v.IsZero()
	}
	return false
}

// zeroTest is encoding/json's test for omitzero on a field of type t: its
// IsZero method if it has one, else the zero value. It is nil for a type
// whose IsZero is on its pointer, which encoding/json boxes to call.
func zeroTest(t reflect.Type) func(reflect.Value) bool {
	switch {
	case t.Kind() == reflect.Interface && t.Implements(isZeroerType):
		return func(v reflect.Value) bool {
			return v.IsNil() || (v.Elem().Kind() == reflect.Pointer && v.Elem().IsNil()) ||
				v.Interface().(isZeroer).IsZero()
		}
	case t.Kind() == reflect.Pointer && t.Implements(isZeroerType):
		return func(v reflect.Value) bool { return v.IsNil() || v.Interface().(isZeroer).IsZero() }
	case t.Implements(isZeroerType):
		return func(v reflect.Value) bool { return v.Interface().(isZeroer).IsZero() }
	case reflect.PointerTo(t).Implements(isZeroerType):
		return nil
	}
	return reflect.Value.IsZero
}

// safe marks the ASCII bytes a JSON string holds as they are, with HTML's
// <, > and & escaped as encoding/json escapes them by default.
var safe = func() (t [utf8.RuneSelf]bool) {
	for c := ' '; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return t
}()

const hex = "0123456789abcdef"

// AppendString appends s as a JSON string, escaped as encoding/json
// escapes it: HTML's <, > and & too, since a player's text may be in it,
// U+2028 and U+2029, and an invalid byte as U+FFFD.
func AppendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if safe[c] {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// appendHTMLEscaped appends compact JSON with <, >, &, U+2028 and U+2029
// escaped, as json.Marshal leaves a Marshaler's bytes.
func appendHTMLEscaped(b, src []byte) []byte {
	start := 0
	for i, c := range src {
		if c == '<' || c == '>' || c == '&' {
			b = append(b, src[start:i]...)
			b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			start = i + 1
		}
		// U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
		if c == 0xE2 && i+2 < len(src) && src[i+1] == 0x80 && src[i+2]&^1 == 0xA8 {
			b = append(b, src[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[src[i+2]&0xF])
			start = i + 3
		}
	}
	return append(b, src[start:]...)
}
