package viewjson_test

import (
	"encoding/json"
	"math"
	"testing"
	"time"

	"topsecret/internal/viewjson"
)

type (
	selfWritten struct{ N int }
	byPointer   struct{ N int }
	textKey     int
	zeroByValue struct{ N int }
	zeroByPtr   struct{ N int }
	inner       struct {
		A int `json:"a"`
	}
	embedding struct {
		inner
		B string `json:"b"`
	}
	deep struct {
		A int `json:"a"`
		C int `json:"c"`
		D int
	}
	middle struct {
		deep
		C int `json:"c"`
		E int `json:"e,omitempty"`
		F int
		G int
	}
	other struct {
		F int
		X int `json:"G"`
		Y int `json:"y"`
	}
	Exported struct {
		H int `json:"h"`
	}
	layered struct {
		middle
		other
		Exported
		Y string
		A string `json:"a"`
	}
	// msgLike writes itself as encoding/json writes its fields, like
	// game.Msg, which has no MarshalJSON.
	msgLike struct {
		ID string `json:"id"`
	}
	saidSelf struct {
		msgLike
		Text string `json:"text"`
	}
	byPtr struct {
		*Exported
		Y string
	}
	tied struct {
		middle
		other
	}
	twice struct {
		inner
		Other struct{ inner }
	}
	// zeroPtrField is encoding/json's to write (an IsZero on the pointer):
	// kept apart, so that every other field of every is written here.
	zeroPtrField struct {
		Z zeroByPtr `json:"z,omitzero"`
	}
	quoted struct {
		N int `json:"n,string"`
	}
	clashing struct {
		A int `json:"X"`
		X int
	}
	oddName struct {
		A int `json:"a b!"`
	}
	tree struct {
		Name string  `json:"name"`
		Kids []*tree `json:"kids,omitempty"`
	}
)

func (v selfWritten) AppendJSON(b []byte) []byte {
	return append(b, `{"n":`+string(rune('0'+v.N))+`}`...)
}
func (v selfWritten) MarshalJSON() ([]byte, error) {
	return []byte(`{ "n" : ` + string(rune('0'+v.N)) + ` }`), nil
}
func (m msgLike) AppendJSON(b []byte) []byte {
	return append(viewjson.AppendString(append(b, `{"id":`...), m.ID), '}')
}
func (v *byPointer) MarshalJSON() ([]byte, error) { return []byte(`"pointer <&>"`), nil }
func (k textKey) MarshalText() ([]byte, error)    { return []byte("k" + string(rune('a'+k))), nil }
func (z zeroByValue) IsZero() bool                { return z.N < 0 }
func (z *zeroByPtr) IsZero() bool                 { return z.N < 0 }

type every struct {
	B       bool                      `json:"b"`
	I       int                       `json:"i,omitempty"`
	I8      int8                      `json:"i8"`
	U       uint64                    `json:"u"`
	F       float64                   `json:"f"`
	F32     float32                   `json:"f32"`
	S       string                    `json:"s,omitempty"`
	Untag   string                    //
	private int                       //
	Skip    int                       `json:"-"`
	Ptr     *int                      `json:"ptr"`
	NilPtr  *int                      `json:"nil_ptr,omitempty"`
	Any     any                       `json:"any"`
	NilAny  any                       `json:"nil_any"`
	List    []string                  `json:"list"`
	NilList []string                  `json:"nil_list"`
	Empty   []string                  `json:"empty,omitempty"`
	Arr     [3]uint8                  `json:"arr"`
	Bytes   []byte                    `json:"bytes"`
	Map     map[string]int            `json:"map"`
	IntMap  map[int]string            `json:"int_map"`
	TextMap map[textKey]int           `json:"text_map"`
	NilMap  map[string]int            `json:"nil_map"`
	PtrMap  map[string]byPointer      `json:"ptr_map"`
	AnyMap  map[string][]any          `json:"any_map"`
	Raw     json.RawMessage           `json:"raw"`
	NilRaw  json.RawMessage           `json:"nil_raw"`
	Self    selfWritten               `json:"self"`
	Selves  []selfWritten             `json:"selves"`
	ByPtr   byPointer                 `json:"by_ptr"`
	Time    time.Time                 `json:"time"`
	ZeroV   zeroByValue               `json:"zero_v,omitzero"`
	ZeroP   zeroPtrField              `json:"zero_p"`
	ZeroT   time.Time                 `json:"zero_t,omitzero"`
	ZeroI   int                       `json:"zero_i,omitzero"`
	Nested  map[string][]map[int]bool `json:"nested"`
	Tree    tree                      `json:"tree"`
	Embed   embedding                 `json:"embed"`
	Quoted  quoted                    `json:"quoted"`
	Clash   clashing                  `json:"clash"`
	Odd     oddName                   `json:"odd"`
	Struct  struct{}                  `json:"struct"`
}

func TestAppend_WritesWhatEncodingJSONWrites(t *testing.T) {
	seven := 7
	full := every{
		B: true, I: -3, I8: -8, U: math.MaxUint64, F: 1e21, F32: 3.25, S: "<a & b>\u2028\x00\x7f\xff é \"q\" \\",
		Untag: "u", private: 1, Skip: 2, Ptr: &seven, Any: map[string]any{"z": 1.5e-7, "a": []any{nil, "x"}},
		List: []string{"a", "b"}, Empty: nil, Arr: [3]uint8{1, 2, 3}, Bytes: []byte("hi"),
		Map: map[string]int{"b": 2, "a": 1, "<": 0}, IntMap: map[int]string{10: "ten", 9: "nine", -1: "m"},
		TextMap: map[textKey]int{2: 2, 0: 0}, PtrMap: map[string]byPointer{"b": {2}, "a": {1}},
		AnyMap: map[string][]any{"target": {1, 2}, "seat": {0}}, Raw: json.RawMessage(` { "a" : "<b>" , "c":[1, 2] } `),
		Self: selfWritten{3}, Selves: []selfWritten{{1}, {2}}, Time: time.Date(2026, 11, 29, 1, 2, 3, 4, time.UTC),
		ZeroV: zeroByValue{-1}, ZeroP: zeroPtrField{zeroByPtr{-1}}, Nested: map[string][]map[int]bool{"x": {{1: true}, nil}},
		Tree:  tree{Name: "root", Kids: []*tree{{Name: "kid"}, nil}},
		Embed: embedding{inner{1}, "b"}, Quoted: quoted{5}, Clash: clashing{1, 2}, Odd: oddName{4},
	}
	for _, tc := range []struct {
		name string
		v    any
	}{
		{"every kind, filled", full},
		{"every kind, zero", every{}},
		{"a pointer to it, so fields are addressable", &full},
		{"embedded structs: the shallower, then the tagged, wins; ties vanish", []any{
			layered{middle: middle{deep{1, 2, 3}, 4, 5, 6, 7}, other: other{8, 9, 10}, Exported: Exported{11}, Y: "y", A: "a"},
			byPtr{&Exported{1}, "y"}, byPtr{},
			layered{}, tied{middle{deep{1, 2, 3}, 4, 5, 6, 7}, other{8, 9, 10}}, &tied{}, twice{inner{1}, struct{ inner }{inner{2}}},
		}},
		{"a struct that embeds a self-writing one", []any{msgLike{"m"}, saidSelf{msgLike{"m"}, "one"}}},
		{"nil", nil},
		{"a nil pointer", (*every)(nil)},
		{"a string", "x<y"},
		{"a list of interfaces", []any{1, "two", 3.5, true, nil, map[string]int{"k": 1}}},
		{"floats at the cut-offs", []float64{0, -0.0, 1e-6, 9.99e-7, 1e20, 1e21, 123456789, 0.1}},
		{"float32 at the cut-offs", []float32{1e-6, 9.99e-7, 1e20, 1e21, 0.1}},
		{"a self-writing value by pointer", &selfWritten{4}},
		{"self-writing pointers and interfaces, addressable", &struct {
			P *selfWritten
			N *selfWritten
			I viewjson.Appender
			Z viewjson.Appender
		}{P: &selfWritten{5}, I: selfWritten{6}}},
		{"a pointer-receiver marshaler, not addressable", byPointer{}},
		{"a pointer-receiver marshaler, by pointer", &byPointer{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want, err := json.Marshal(tc.v)
			if err != nil {
				t.Fatal(err)
			}
			got, err := viewjson.Marshal(tc.v)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != string(want) {
				t.Fatalf("got\n%s\nwant\n%s", got, want)
			}
		})
	}
}

func TestAppend_RefusesWhatEncodingJSONRefuses(t *testing.T) {
	for _, tc := range []struct {
		name string
		v    any
	}{
		{"NaN", math.NaN()},
		{"infinity in a list", []float64{1, math.Inf(1)}},
		{"a channel", struct{ C chan int }{make(chan int)}},
		{"a function in an interface", []any{func() {}}},
		{"a malformed raw message", json.RawMessage(`{"a":`)},
		{"a map with struct keys", map[struct{ A int }]int{{1}: 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := json.Marshal(tc.v); err == nil {
				t.Fatal("encoding/json took it")
			}
			if b, err := viewjson.Append([]byte("kept"), tc.v); err == nil || string(b) != "kept" {
				t.Fatalf("got %q, %v; want the buffer as it was and an error", b, err)
			}
		})
	}
}

func FuzzAppendString(f *testing.F) {
	for _, s := range []string{"", "plain", "<script>&amp;</script>", "\u2028\u2029", "\xff\xfe", "é\x00\x1f\x7f\"\\", "日本\t\n\r\b\f"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, _ := json.Marshal(s)
		got := viewjson.AppendString(nil, s)
		if string(got) != string(want) {
			t.Fatalf("%q: got %s want %s", s, got, want)
		}
		raw := json.RawMessage(want)
		wantRaw, _ := json.Marshal(raw)
		gotRaw, err := viewjson.Marshal(raw)
		if err != nil || string(gotRaw) != string(wantRaw) {
			t.Fatalf("%q as raw: got %s, %v want %s", s, gotRaw, err, wantRaw)
		}
	})
}

// nest contains itself, and is first written by many goroutines at once:
// each must wait for the one plan being worked out, not make its own half.
type nest struct {
	Name string  `json:"name"`
	In   []*nest `json:"in,omitempty"`
	Self *nest   `json:"self"`
}

func TestAppend_ATypeFirstWrittenByManyAtOnce(t *testing.T) {
	v := &nest{Name: "a", In: []*nest{{Name: "b", Self: &nest{Name: "c"}}}}
	want, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	got := make(chan []byte, 16)
	for range 16 {
		go func() {
			b, err := viewjson.Marshal(v)
			if err != nil {
				b = []byte(err.Error())
			}
			got <- b
		}()
	}
	for range 16 {
		if b := <-got; string(b) != string(want) {
			t.Fatalf("got %s, want %s", b, want)
		}
	}
}
