package jsonv

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

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

// FuzzTooDeepPath: a document nested past MaxDepth under fuzzed keys and array items is
// refused as too deep, by Parse and the Decoder alike, naming the path to it: its first
// maxPathLevels levels as written, "…" past them, in a message of bounded length (a key
// of 4,000 bytes was spelled whole).
func FuzzTooDeepPath(f *testing.F) {
	f.Add("record\nevents\n\narguments", uint8(1))
	f.Add(`k\"ey`+"\n]}\n{\n,", uint8(0))
	f.Add("a\nb\nc\nd\ne\nf\ng\nh\ni\nj", uint8(3))
	f.Add(strings.Repeat("long", 1000), uint8(2))
	f.Fuzz(func(t *testing.T, keys string, items uint8) {
		var doc, want strings.Builder
		levels, long := 0, false
		for _, k := range strings.Split(keys, "\n") {
			kq, _ := json.Marshal(k)
			long = long || len(kq) > maxPathKey+2
			doc.WriteString("{" + `"x": 1, ` + string(kq) + ": ")
			if levels++; levels <= maxPathLevels {
				if want.Len() > 0 {
					want.WriteByte('.')
				}
				want.Write(kq[1 : len(kq)-1])
			}
		}
		n := int(items % 4)
		doc.WriteString("[" + strings.Repeat(`"]", `, n))
		if levels++; levels <= maxPathLevels {
			want.WriteString("[" + strconv.Itoa(n) + "]")
		}
		for levels < maxPathLevels {
			doc.WriteByte('[')
			levels++
			want.WriteString("[0]")
		}
		want.WriteString("…")
		doc.WriteString(strings.Repeat("[", MaxDepth+2))
		for name, parse := range map[string]func([]byte) (any, error){"Parse": Parse, "Decoder": NewDecoder().Parse} {
			_, err := parse([]byte(doc.String()))
			if !TooDeep(err) {
				t.Fatalf("%s: %v", name, err)
			}
			msg := err.Error()
			if !long && !strings.HasSuffix(msg, " in "+want.String()) {
				t.Fatalf("%s: %s; want the path %s", name, msg, want.String())
			}
			if len(msg) > 1000 {
				t.Fatalf("%s: a message of %d bytes: %.300s", name, len(msg), msg)
			}
		}
	})
}
