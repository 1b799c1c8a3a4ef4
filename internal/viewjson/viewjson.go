// Package viewjson writes views as JSON, byte for byte as encoding/json
// writes them, without re-reading what a value writes itself.
//
// encoding/json checks and compacts every byte a MarshalJSON returns, and a
// view holds dozens of messages that write themselves: that re-reading was
// a quarter of the time a wink view took to encode. Here a value whose type
// has AppendJSON writes straight into the buffer, and the plan for each
// type is worked out once. What this package does not know how to write
// (embedded pointers, `,string`, other Marshalers, map keys other than
// strings and integers) it hands to encoding/json, so the bytes are always
// the same as json.Marshal's.
package viewjson

import (
	"bytes"
	"encoding"
	"encoding/json"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"topsecret/internal/typeplan"
)

// Appender is a value that writes its own JSON: exactly what encoding/json
// would write for it, compact and with HTML escaped.
type Appender interface {
	AppendJSON(b []byte) []byte
}

// Append appends v's JSON, as json.Marshal writes it, to b.
func Append(b []byte, v any) ([]byte, error) {
	s := state{b: b}
	rv := reflect.ValueOf(v)
	if !rv.IsValid() {
		return append(b, "null"...), nil
	}
	planFor(rv.Type())(&s, rv)
	if s.err != nil {
		return b, s.err
	}
	return s.b, nil
}

// Marshal is v's JSON, as json.Marshal writes it.
func Marshal(v any) ([]byte, error) { return Append(nil, v) }

type state struct {
	b   []byte
	err error
}

// plan writes one type's values.
type plan func(s *state, v reflect.Value)

var plans typeplan.Cache[plan]

var (
	appenderType      = reflect.TypeFor[Appender]()
	marshalerType     = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
	rawType           = reflect.TypeFor[json.RawMessage]()
)

// planFor returns t's plan, working it out the first time.
func planFor(t reflect.Type) plan {
	return plans.For(t, newPlan, func(real func() plan) plan {
		return func(s *state, v reflect.Value) { real()(s, v) }
	})
}

// byEncodingJSON writes v as json.Marshal does, keeping v's addressability
// so that a MarshalJSON on the pointer is used exactly when encoding/json
// would use it.
func byEncodingJSON(s *state, v reflect.Value) {
	if s.err != nil {
		return
	}
	x := v.Interface()
	if v.CanAddr() {
		x = v.Addr().Interface()
	}
	j, err := json.Marshal(x)
	if err != nil {
		s.err = err
		return
	}
	s.b = append(s.b, j...)
}

func newPlan(t reflect.Type) plan {
	switch {
	case t == rawType:
		return func(s *state, v reflect.Value) {
			raw := v.Bytes()
			if raw == nil {
				s.b = append(s.b, "null"...)
				return
			}
			var buf bytes.Buffer
			if err := json.Compact(&buf, raw); err != nil {
				byEncodingJSON(s, v) // for its error
				return
			}
			// json.Marshal also escapes HTML inside a Marshaler's bytes.
			s.b = appendHTMLEscaped(s.b, buf.Bytes())
		}
	case WritesItself(t):
		return func(s *state, v reflect.Value) { s.b = AppendItself(s.b, v) }
	case t.Implements(marshalerType), t.Implements(textMarshalerType):
		return byEncodingJSON
	case t.Kind() != reflect.Pointer &&
		(reflect.PointerTo(t).Implements(marshalerType) || reflect.PointerTo(t).Implements(textMarshalerType)):
		plain := kindPlan(t)
		return func(s *state, v reflect.Value) {
			if v.CanAddr() {
				byEncodingJSON(s, v)
				return
			}
			plain(s, v)
		}
	}
	return kindPlan(t)
}

// WritesItself says whether values of t write their own JSON, which this
// package then takes as it is: t has AppendJSON, and not only by embedding
// a struct that has it.
func WritesItself(t reflect.Type) bool {
	return t.Implements(appenderType) && !promotedAppender(t)
}

// AppendItself appends what v, of a type that WritesItself, writes of
// itself: null for a nil pointer or interface.
func AppendItself(b []byte, v reflect.Value) []byte {
	switch k := v.Kind(); {
	case (k == reflect.Pointer || k == reflect.Interface) && v.IsNil():
		return append(b, "null"...)
	case k != reflect.Pointer && k != reflect.Interface && v.CanAddr():
		// By address where it has one: boxing a value of more than a
		// word in an interface allocates.
		return v.Addr().Interface().(Appender).AppendJSON(b)
	}
	return v.Interface().(Appender).AppendJSON(b)
}

// promotedAppender says whether t's AppendJSON may come from a struct it
// embeds: encoding/json knows nothing of an AppendJSON, so a struct that
// embeds a self-writing one is written field by field, its own fields too.
func promotedAppender(t reflect.Type) bool {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return false
	}
	for f := range t.Fields() {
		if f.Anonymous && (f.Type.Implements(appenderType) || reflect.PointerTo(f.Type).Implements(appenderType)) {
			return true
		}
	}
	return false
}

// kindPlan writes t's values by their kind, as encoding/json does for a
// type without methods of its own.
func kindPlan(t reflect.Type) plan {
	switch t.Kind() {
	case reflect.Bool:
		return func(s *state, v reflect.Value) { s.b = strconv.AppendBool(s.b, v.Bool()) }
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return func(s *state, v reflect.Value) { s.b = strconv.AppendInt(s.b, v.Int(), 10) }
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return func(s *state, v reflect.Value) { s.b = strconv.AppendUint(s.b, v.Uint(), 10) }
	case reflect.Float32, reflect.Float64:
		return floatPlan(t.Bits())
	case reflect.String:
		return func(s *state, v reflect.Value) { s.b = AppendString(s.b, v.String()) }
	case reflect.Interface:
		return func(s *state, v reflect.Value) {
			if v.IsNil() {
				s.b = append(s.b, "null"...)
				return
			}
			e := v.Elem()
			planFor(e.Type())(s, e)
		}
	case reflect.Pointer:
		elem := planFor(t.Elem())
		return func(s *state, v reflect.Value) {
			if v.IsNil() {
				s.b = append(s.b, "null"...)
				return
			}
			elem(s, v.Elem())
		}
	case reflect.Struct:
		return structPlan(t)
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			return byEncodingJSON // base64, or its elements' own methods
		}
		elem := planFor(t.Elem())
		return func(s *state, v reflect.Value) {
			if v.IsNil() {
				s.b = append(s.b, "null"...)
				return
			}
			list(s, elem, v)
		}
	case reflect.Array:
		elem := planFor(t.Elem())
		return func(s *state, v reflect.Value) { list(s, elem, v) }
	case reflect.Map:
		return mapPlan(t)
	}
	return byEncodingJSON // for its error: channels, functions, complex numbers
}

func list(s *state, elem plan, v reflect.Value) {
	s.b = append(s.b, '[')
	for i := range v.Len() {
		if i > 0 {
			s.b = append(s.b, ',')
		}
		elem(s, v.Index(i))
	}
	s.b = append(s.b, ']')
}

func floatPlan(bits int) plan {
	return func(s *state, v reflect.Value) {
		f := v.Float()
		if math.IsInf(f, 0) || math.IsNaN(f) {
			byEncodingJSON(s, v) // for its error
			return
		}
		// As encoding/json: like %g, with ES6's exponent cut-offs.
		abs := math.Abs(f)
		format := byte('f')
		if abs != 0 && (bits == 64 && (abs < 1e-6 || abs >= 1e21) ||
			bits == 32 && (float32(abs) < 1e-6 || float32(abs) >= 1e21)) {
			format = 'e'
		}
		b := strconv.AppendFloat(s.b, f, format, -1, bits)
		if format == 'e' {
			// e-09 is written e-9.
			if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
				b[n-2] = b[n-1]
				b = b[:n-1]
			}
		}
		s.b = b
	}
}

// mapPlan writes a map's entries sorted by key, as encoding/json does.
func mapPlan(t reflect.Type) plan {
	k := t.Key()
	var key func(reflect.Value) string
	switch {
	case k.Kind() == reflect.String:
		key = reflect.Value.String
	case k.Implements(textMarshalerType):
		return byEncodingJSON
	case k.Kind() >= reflect.Int && k.Kind() <= reflect.Int64:
		key = func(v reflect.Value) string { return strconv.FormatInt(v.Int(), 10) }
	case k.Kind() >= reflect.Uint && k.Kind() <= reflect.Uintptr:
		key = func(v reflect.Value) string { return strconv.FormatUint(v.Uint(), 10) }
	default:
		return byEncodingJSON // for its error
	}
	elem := planFor(t.Elem())
	type entry struct {
		k string
		v reflect.Value
	}
	return func(s *state, v reflect.Value) {
		if v.IsNil() {
			s.b = append(s.b, "null"...)
			return
		}
		entries := make([]entry, 0, v.Len())
		for it := v.MapRange(); it.Next(); {
			entries = append(entries, entry{key(it.Key()), it.Value()})
		}
		slices.SortFunc(entries, func(a, b entry) int { return strings.Compare(a.k, b.k) })
		s.b = append(s.b, '{')
		for i, e := range entries {
			if i > 0 {
				s.b = append(s.b, ',')
			}
			s.b = AppendString(s.b, e.k)
			s.b = append(s.b, ':')
			elem(s, e.v)
		}
		s.b = append(s.b, '}')
	}
}
