package viewjson

import (
	"reflect"
	"testing"
)

type (
	plainInner   struct{ A int }
	withEmbedded struct {
		plainInner
		B int
	}
	withPointer struct {
		*plainInner
	}
	withNamed struct {
		plainInner `json:"inner"`
	}
	withString struct {
		N int `json:",string"`
	}
	withOddName struct {
		N int `json:"n b"`
	}
	withInt struct {
		int
		N int
	}
	zeroOnPointer     struct{ N int }
	withZeroOnPointer struct {
		Z zeroOnPointer `json:"z,omitzero"`
	}
)

func (z *zeroOnPointer) IsZero() bool { return z.N == 0 }

// A struct is written here unless encoding/json does something this
// package does not: the fast path must not quietly fall back for views.
func TestFieldsOf_KeepsToWhatItWritesAlike(t *testing.T) {
	for _, tc := range []struct {
		v    any
		ours bool
	}{
		{withEmbedded{}, true},
		{withNamed{}, true},
		{withPointer{}, false},
		{withString{}, false},
		{withOddName{}, false},
		{withInt{}, false},
		{withZeroOnPointer{}, false},
	} {
		typ := reflect.TypeOf(tc.v)
		if _, ok := fieldsOf(typ, nil, map[reflect.Type]bool{}); ok != tc.ours {
			t.Errorf("%v: written here %v, want %v", typ, ok, tc.ours)
		}
	}
}
