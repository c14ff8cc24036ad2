package jsonv

import "testing"

// FuzzParse: no input panics; whatever parses survives Marshal → Parse unchanged, and
// the canonical form of the result parses too.
func FuzzParse(f *testing.F) {
	for _, s := range []string{`{"a":1,"b":[1.0,-0.0,1e-05,"x\u00e9"]}`, `[]`, `"\ud83d\ude00"`, `NaN`, `-Infinity`,
		`{"a":{"a":{"a":[[[]]]}}}`, `123456789012345678901234567890`, `"\ud800"`, `{"k":1,"k":2}`, `1e400`, "\"\xff\""} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := Parse(data)
		if err != nil {
			return
		}
		back, err := Parse(Marshal(v))
		if err != nil {
			t.Fatalf("Marshal output does not parse: %v", err)
		}
		if !Equal(back, v) && !hasNaN(v) {
			t.Fatalf("Marshal round trip changed %s", Marshal(v))
		}
		for _, ascii := range []bool{false, true} {
			if _, err := Parse(Canonical(v, ascii)); err != nil {
				t.Fatalf("canonical form does not parse: %v", err)
			}
		}
	})
}

func hasNaN(v any) bool {
	switch x := v.(type) {
	case float64:
		return x != x
	case []any:
		for _, e := range x {
			if hasNaN(e) {
				return true
			}
		}
	case *Object:
		for _, e := range x.Values {
			if hasNaN(e) {
				return true
			}
		}
	}
	return false
}
