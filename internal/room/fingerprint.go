package room

import (
	"encoding/binary"
	"hash/maphash"
	"math"
	"reflect"
	"sync"
	"unsafe"

	"topsecret/internal/typeplan"
	"topsecret/internal/viewjson"
)

// fingerprint hashes the content of a viewer's part of a frame without
// encoding it: marshalling every view to JSON only to hash the bytes was a
// fifth of the server's CPU under load. It walks the fields JSON shows
// (exported, not tagged "-"), so a count kept beside the content, like the
// match's log length, does not make every viewer's frame new; a difference
// the JSON hides (nil against empty) costs at most one frame that did not
// need sending.
//
// Each type's walk is worked out once (a plan, as encoding/json keeps an
// encoder per type): looking a struct's shown fields up for every value,
// and handing every number to the hash alone, were most of its cost.
type fingerprint struct {
	h maphash.Hash
	// buf gathers the small writes for the hash, n bytes of it used.
	buf [1024]byte
	n   int
	// sums, when set, are the digests of the lists already walked in this
	// change (see sliceSums).
	sums sliceSums
}

// sliceSums are the digests of the lists walked while fingerprinting one
// change's frames, by where they lie: the viewers' views share lists (each
// seat's view holds the table's), and within one change a list at one
// place, of one length and type, is the same list, as nobody writes to a
// frame and every frame of the change stays alive until it is done.
type sliceSums map[sliceAt]uint64

type sliceAt struct {
	at  unsafe.Pointer
	n   int
	typ reflect.Type
}

// sumFrom is the shortest list worth remembering: looking a short one up
// costs about what walking it does.
const sumFrom = 4

// maxDepth stops the walk in a value that points back into itself; views
// are trees a few levels deep.
const maxDepth = 32

func (f *fingerprint) room(n int) {
	if f.n+n > len(f.buf) {
		f.flush()
	}
}

func (f *fingerprint) flush() {
	f.h.Write(f.buf[:f.n])
	f.n = 0
}

func (f *fingerprint) byte(b byte) {
	f.room(1)
	f.buf[f.n] = b
	f.n++
}

func (f *fingerprint) uint(u uint64) {
	f.room(8)
	binary.LittleEndian.PutUint64(f.buf[f.n:], u)
	f.n += 8
}

func (f *fingerprint) bytes(s string) {
	f.uint(uint64(len(s)))
	if len(s) > len(f.buf)/4 {
		f.flush()
		f.h.WriteString(s)
		return
	}
	f.room(len(s))
	f.n += copy(f.buf[f.n:], s)
}

// fingerprints keeps them for reuse: walked through plans, a fingerprint
// always escapes to the heap, and it is over a kilobyte.
var fingerprints = sync.Pool{New: func() any { return new(fingerprint) }}

func newFingerprint(sums sliceSums) *fingerprint {
	f := fingerprints.Get().(*fingerprint)
	f.h.SetSeed(frameSeed) // also empties it
	f.n, f.sums = 0, sums
	return f
}

// done returns the digest and puts f back for reuse.
func (f *fingerprint) done() uint64 {
	f.flush()
	sum := f.h.Sum64()
	f.sums = nil
	fingerprints.Put(f)
	return sum
}

// plan walks one type's values into a fingerprint.
type plan func(f *fingerprint, v reflect.Value, depth int)

var plans typeplan.Cache[plan]

// planFor returns t's plan, working it out the first time.
func planFor(t reflect.Type) plan {
	return plans.For(t, newPlan, func(real func() plan) plan {
		return func(f *fingerprint, v reflect.Value, depth int) { real()(f, v, depth) }
	})
}

func newPlan(t reflect.Type) plan {
	if viewjson.WritesItself(t) {
		return selfWritten
	}
	switch t.Kind() {
	case reflect.Bool:
		return func(f *fingerprint, v reflect.Value, _ int) {
			if v.Bool() {
				f.byte(1)
			} else {
				f.byte(0)
			}
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return func(f *fingerprint, v reflect.Value, _ int) { f.uint(uint64(v.Int())) }
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return func(f *fingerprint, v reflect.Value, _ int) { f.uint(v.Uint()) }
	case reflect.Float32, reflect.Float64:
		return func(f *fingerprint, v reflect.Value, _ int) { f.uint(math.Float64bits(v.Float())) }
	case reflect.String:
		return func(f *fingerprint, v reflect.Value, _ int) { f.bytes(v.String()) }
	case reflect.Interface:
		return func(f *fingerprint, v reflect.Value, depth int) {
			if v.IsNil() {
				f.byte(0)
				return
			}
			f.byte(1)
			e := v.Elem()
			// Two types may share a content: a seat's view and the table's.
			f.bytes(e.Type().String())
			walk(f, planFor(e.Type()), e, depth+1)
		}
	case reflect.Pointer:
		elem := planFor(t.Elem())
		return func(f *fingerprint, v reflect.Value, depth int) {
			if v.IsNil() {
				f.byte(0)
				return
			}
			f.byte(1)
			walk(f, elem, v.Elem(), depth+1)
		}
	case reflect.Struct:
		return structPlan(t)
	case reflect.Slice, reflect.Array:
		return listPlan(t)
	case reflect.Map:
		return mapPlan(t)
	default:
		// Channels and functions are never shown.
		return func(*fingerprint, reflect.Value, int) {}
	}
}

// structPlan walks the fields JSON shows, in order.
func structPlan(t reflect.Type) plan {
	type field struct {
		i int
		p plan
	}
	var fields []field
	for i := range t.NumField() {
		sf := t.Field(i)
		if sf.IsExported() && sf.Tag.Get("json") != "-" {
			fields = append(fields, field{i, planFor(sf.Type)})
		}
	}
	return func(f *fingerprint, v reflect.Value, depth int) {
		for _, fd := range fields {
			walk(f, fd.p, v.Field(fd.i), depth+1)
		}
	}
}

// listPlan walks a slice or an array: its length, then its elements, or a
// long slice's digest, remembered for the change.
func listPlan(t reflect.Type) plan {
	if t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8 {
		return func(f *fingerprint, v reflect.Value, _ int) {
			if v.IsNil() {
				f.byte(0)
				return
			}
			f.byte(1)
			f.bytes(string(v.Bytes()))
		}
	}
	elem := planFor(t.Elem())
	slice := t.Kind() == reflect.Slice
	return func(f *fingerprint, v reflect.Value, depth int) {
		if slice && v.IsNil() {
			f.byte(0)
			return
		}
		f.byte(1)
		f.uint(uint64(v.Len()))
		if slice && f.sums != nil && v.Len() >= sumFrom {
			f.uint(f.sums.of(t, elem, v, depth))
			return
		}
		for i := range v.Len() {
			walk(f, elem, v.Index(i), depth+1)
		}
	}
}

// mapPlan walks a map's entries in any order: their own hashes, summed.
func mapPlan(t reflect.Type) plan {
	key, elem := planFor(t.Key()), planFor(t.Elem())
	return func(f *fingerprint, v reflect.Value, depth int) {
		f.uint(uint64(v.Len()))
		if v.Len() == 0 {
			f.uint(0)
			return
		}
		var sum uint64
		// One holder for the keys and one for the values: taken one by
		// one, each entry's key and value were an allocation.
		k, e := reflect.New(t.Key()).Elem(), reflect.New(t.Elem()).Elem()
		for it := v.MapRange(); it.Next(); {
			k.SetIterKey(it)
			e.SetIterValue(it)
			h := newFingerprint(f.sums)
			walk(h, key, k, depth+1)
			walk(h, elem, e, depth+1)
			sum += h.done()
		}
		f.uint(sum)
	}
}

// selfWritten hashes the JSON a value writes of itself (a message): its
// fields, walked one by one, were a quarter of all digesting.
func selfWritten(f *fingerprint, v reflect.Value, _ int) {
	f.room(len(f.buf) / 4)
	room := f.buf[f.n:f.n:len(f.buf)]
	b := viewjson.AppendItself(room, v)
	if cap(b) == cap(room) {
		f.n += len(b) // written in place
		return
	}
	f.flush()
	f.h.Write(b)
}

// of is the digest of slice v of type t, walked the first time.
func (ss sliceSums) of(t reflect.Type, elem plan, v reflect.Value, depth int) uint64 {
	at := sliceAt{v.UnsafePointer(), v.Len(), t}
	if sum, ok := ss[at]; ok {
		return sum
	}
	h := newFingerprint(ss)
	for i := range v.Len() {
		walk(h, elem, v.Index(i), depth+1)
	}
	sum := h.done()
	ss[at] = sum
	return sum
}

func walk(f *fingerprint, p plan, v reflect.Value, depth int) {
	if depth <= maxDepth {
		p(f, v, depth)
	}
}

// fingerprintOf is the digest of vs on top of the shared content's
// digest, never 0. Digests taken with sums are comparable only with others
// taken with sums, and the other way round.
func fingerprintOf(sums sliceSums, shared uint64, vs ...any) uint64 {
	f := newFingerprint(sums)
	f.uint(shared)
	for _, v := range vs {
		rv := reflect.ValueOf(&v).Elem()
		walk(f, planFor(rv.Type()), rv, 0)
	}
	return f.done() | 1
}
