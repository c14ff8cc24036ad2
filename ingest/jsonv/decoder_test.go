package jsonv

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// FuzzDecoderMatchesParse: the Decoder accepts exactly what Parse accepts, returns an
// Equal value with the same key order, and the same error text.
func FuzzDecoderMatchesParse(f *testing.F) {
	for _, s := range []string{`{"a":1,"b":[1.0,-0.0,1e-05,"x\u00e9"],"a":2}`, `[]`, `{}`, `"\ud83d\ude00"`, `NaN`, `-Infinity`,
		`-0`, `01`, `1.`, `1e`, `-`, `123456789012345678`, `1234567890123456789`, `-9223372036854775808`, `99999999999999999999`,
		`{"a":{"a":{"a":[[[]]]}}}`, `"\ud800x"`, "\"\xff\xfe\"", `[1,2,]`, `{"a" 1}`, `tru`, `"\x"`, " [ 1 , \"a\" ] ", `"a` + "\x01" + `"`, "\xef\xbb\xbf{\"a\":1}", "[\xef\xbb\xbf1]", "\xef\xbb"} {
		f.Add([]byte(s))
	}
	data, err := os.ReadFile(filepath.Join("..", "testdata", "safeactbench", "cases", "SAB-V0-166.json"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	d := NewDecoder()
	f.Fuzz(func(t *testing.T, in []byte) {
		want, werr := Parse(in)
		got, gerr := d.Parse(in)
		if (werr == nil) != (gerr == nil) || (werr != nil && werr.Error() != gerr.Error()) {
			t.Fatalf("errors differ: Parse %v, Decoder %v", werr, gerr)
		}
		if werr != nil {
			return
		}
		if !Equal(got, want) && !hasNaN(want) {
			t.Fatalf("values differ: %s vs %s", Marshal(got), Marshal(want))
		}
		if string(Marshal(got)) != string(Marshal(want)) {
			t.Fatalf("key order or types differ: %s vs %s", Marshal(got), Marshal(want))
		}
	})
}

// TestDecoderRealCases: all ten real cases decode identically with both parsers.
func TestDecoderRealCases(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "safeactbench", "cases", "*.json"))
	if len(files) != 10 {
		t.Fatalf("%d case files", len(files))
	}
	d := NewDecoder()
	for _, f := range files {
		data, _ := os.ReadFile(f)
		a, err1 := Parse(data)
		b, err2 := d.Parse(data)
		if err1 != nil || err2 != nil || string(Marshal(a)) != string(Marshal(b)) {
			t.Errorf("%s: decoders disagree (%v, %v)", f, err1, err2)
		}
	}
}

// TestDecoderDuplicateKeys: a repeated key keeps its first position and the last value,
// also when the keys are escaped (decoded through the scratch buffer).
func TestDecoderDuplicateKeys(t *testing.T) {
	d := NewDecoder()
	for _, in := range []string{`{"a":1,"b":2,"a":3}`, `{"\u0061":1,"b":{"\u0061":5,"a":6},"a":3}`} {
		got, err := d.Parse([]byte(in))
		want, _ := Parse([]byte(in))
		if err != nil || string(Marshal(got)) != string(Marshal(want)) {
			t.Errorf("%s: got %s, want %s (%v)", in, Marshal(got), Marshal(want), err)
		}
	}
}

// TestDecoderEmptyStrings: empty strings and keys, first in a fresh decoder.
func TestDecoderEmptyStrings(t *testing.T) {
	for _, in := range []string{`""`, `{"":""}`, `["",""]`} {
		got, err := NewDecoder().Parse([]byte(in))
		if err != nil || string(Marshal(got)) != in {
			t.Errorf("%s: got %s (%v)", in, Marshal(got), err)
		}
	}
}

// TestDecoderObjectsGrow: objects from the Decoder, of every block size and past the
// largest, take Set of a new key without disturbing their neighbours (their arrays are
// exactly full).
func TestDecoderObjectsGrow(t *testing.T) {
	var in, want []byte
	in, want = append(in, '['), append(want, '[')
	for n := 1; n <= 18; n++ {
		if n > 1 {
			in, want = append(in, ','), append(want, ',')
		}
		in, want = append(in, '{'), append(want, '{')
		for k := 0; k < n; k++ {
			pair := fmt.Sprintf("%q:%d,", fmt.Sprintf("k%d_%d", n, k), k)
			in, want = append(in, pair...), append(want, pair...)
		}
		in = append(in[:len(in)-1], '}')
		want = append(want, fmt.Sprintf(`"z":%d}`, n)...)
	}
	in, want = append(in, ']'), append(want, ']')
	v, err := NewDecoder().Parse(in)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range v.([]any) {
		o := e.(*Object)
		if cap(o.Values) != len(o.Values) {
			t.Errorf("%d values with capacity %d: Set would write into a neighbour", len(o.Values), cap(o.Values))
		}
		o.Set("z", int64(o.Len()))
	}
	if got := string(Marshal(v)); got != string(want) {
		t.Errorf("after Set:\n%s\nwant\n%s", got, want)
	}
}

// TestDecoderSharedKeys: objects of one shape share their Keys slice; changing one
// object (Set of a new or an old key, Delete) must leave the others as decoded.
func TestDecoderSharedKeys(t *testing.T) {
	d := NewDecoder()
	parse := func(s string) any {
		v, err := d.Parse([]byte(s))
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	a := parse(`{"type":"x","tool":"t","n":1}`).(*Object)
	b := parse(`{"type":"y","tool":"u","n":2}`).(*Object)
	c := parse(`[{"type":"z","tool":"v","n":3}]`)
	if &a.Keys[0] != &b.Keys[0] {
		t.Error("objects of one shape do not share their keys")
	}
	a.Set("extra", true)
	a.Set("type", "changed")
	b.Delete("tool")
	got := string(Marshal(a)) + string(Marshal(b)) + string(Marshal(c))
	want := `{"type":"changed","tool":"t","n":1,"extra":true}{"type":"y","n":2}[{"type":"z","tool":"v","n":3}]`
	if got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
}

// TestDecoderPredictedKeys: a Decoder predicts an object's keys from the last object
// with the same first key; documents that agree with, extend, shorten, escape or
// repeat the predicted keys still decode exactly as Parse does.
func TestDecoderPredictedKeys(t *testing.T) {
	d := NewDecoder()
	for _, doc := range []string{
		`{"type":"a","call_id":"c1","tool":"t"}`,
		`{"type":"a","call_id":"c1","tool":"t"}`,
		`{"type":"a","call_id":"c1"}`,
		`{"type":"a","call_id":"c1","tool":"t","extra":1}`,
		`{"type":"a","call_i\u0064":"c1","tool":"t"}`,
		`{"type":"a","call_idx":"c1","tool":"t"}`,
		`{"type":"a","call_id":"c1","call_id":"c2"}`,
		`{"type":"a","call_id":"c1","type":"b"}`,
		`{"k":1,"q\"":2}`,
		`{"k":1,"q\"":2}`,
		`{"k":1,"q\\":2}`,
		`{"type":"a","call_id" :"c1", "tool" : "t"}`,
		`[{"type":"a","call_id":"c1","tool":"t"},{"type":"b","call_id":"c2","tool":"u"}]`,
	} {
		want, err1 := Parse([]byte(doc))
		got, err2 := d.Parse([]byte(doc))
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: %v, %v", doc, err1, err2)
		}
		if g, w := string(Marshal(got)), string(Marshal(want)); g != w {
			t.Errorf("%s: got %s, want %s", doc, g, w)
		}
	}
}
