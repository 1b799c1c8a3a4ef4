package room

import (
	"encoding/binary"
	"hash/maphash"
	"math"
	"reflect"
	"sync"
)

// fingerprint hashes the content of a viewer's part of a frame without
// encoding it: marshalling every view to JSON only to hash the bytes was a
// fifth of the server's CPU under load. It walks the fields JSON shows
// (exported, not tagged "-"), so a count kept beside the content, like the
// match's log length, does not make every viewer's frame new; a difference
// the JSON hides (nil against empty) costs at most one frame that did not
// need sending.
type fingerprint struct {
	h   maphash.Hash
	buf [8]byte
}

// maxDepth stops the walk in a value that points back into itself; views
// are trees a few levels deep.
const maxDepth = 32

func (f *fingerprint) uint(u uint64) {
	binary.LittleEndian.PutUint64(f.buf[:], u)
	f.h.Write(f.buf[:])
}

func (f *fingerprint) value(v reflect.Value, depth int) {
	if depth > maxDepth {
		return
	}
	switch v.Kind() {
	case reflect.Bool:
		if v.Bool() {
			f.h.WriteByte(1)
		} else {
			f.h.WriteByte(0)
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		f.uint(uint64(v.Int()))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		f.uint(v.Uint())
	case reflect.Float32, reflect.Float64:
		f.uint(math.Float64bits(v.Float()))
	case reflect.String:
		f.uint(uint64(v.Len()))
		f.h.WriteString(v.String())
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			f.h.WriteByte(0)
			return
		}
		f.h.WriteByte(1)
		if v.Kind() == reflect.Interface {
			// Two types may share a content: a seat's view and the table's.
			f.h.WriteString(v.Elem().Type().String())
		}
		f.value(v.Elem(), depth+1)
	case reflect.Struct:
		for _, i := range shownFields(v.Type()) {
			f.value(v.Field(i), depth+1)
		}
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.IsNil() {
			f.h.WriteByte(0)
			return
		}
		f.h.WriteByte(1)
		f.uint(uint64(v.Len()))
		if v.Type().Elem().Kind() == reflect.Uint8 && v.Kind() == reflect.Slice {
			f.h.Write(v.Bytes())
			return
		}
		for i := range v.Len() {
			f.value(v.Index(i), depth+1)
		}
	case reflect.Map:
		// Entries in any order: their own hashes, summed.
		f.uint(uint64(v.Len()))
		var sum uint64
		it := v.MapRange()
		for it.Next() {
			var e fingerprint
			e.h.SetSeed(frameSeed)
			e.value(it.Key(), depth+1)
			e.value(it.Value(), depth+1)
			sum += e.h.Sum64()
		}
		f.uint(sum)
	}
}

// shown caches each struct type's fields that JSON shows.
var shown sync.Map // reflect.Type → []int

func shownFields(t reflect.Type) []int {
	if fs, ok := shown.Load(t); ok {
		return fs.([]int)
	}
	var fs []int
	for i := range t.NumField() {
		sf := t.Field(i)
		if sf.IsExported() && sf.Tag.Get("json") != "-" {
			fs = append(fs, i)
		}
	}
	shown.Store(t, fs)
	return fs
}

// fingerprintOf is the digest of vs on top of the shared content's
// digest, never 0.
func fingerprintOf(shared uint64, vs ...any) uint64 {
	var f fingerprint
	f.h.SetSeed(frameSeed)
	f.uint(shared)
	for _, v := range vs {
		f.value(reflect.ValueOf(&v).Elem(), 0)
	}
	return f.h.Sum64() | 1
}
