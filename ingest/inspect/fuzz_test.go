package inspect

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// FuzzOpen feeds arbitrary bytes, seeded with every real log, to the reader: it must
// return samples or an *Error naming the file, never panic or loop.
func FuzzOpen(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join(logsDir, "*"))
	for _, p := range files {
		if IsLogFileName(p) {
			b, err := os.ReadFile(p)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(b, filepath.Ext(p) == ".eval")
		}
	}
	f.Fuzz(func(t *testing.T, data []byte, isEval bool) {
		name := "fuzz.json"
		if isEval {
			name = "fuzz.eval"
		}
		r, err := OpenReaderAt(name, bytes.NewReader(data), int64(len(data)), nil)
		if err != nil {
			if e, ok := err.(*Error); !ok || e.File != name {
				t.Fatalf("%T %v is not an *Error naming the file", err, err)
			}
			return
		}
		for range 100000 {
			if _, err := r.Next(); err != nil {
				if err != io.EOF {
					if e, ok := err.(*Error); !ok || e.File != name {
						t.Fatalf("%T %v is not an *Error naming the file", err, err)
					}
				}
				return
			}
		}
		t.Fatal("no end after 100000 samples")
	})
}

var integerID = regexp.MustCompile(`^(0|-?[1-9][0-9]*)$`)

// FuzzDecodeSample fuzzes the per-sample decoder, seeded with real sample members. The
// seeds are large: run it with -fuzzminimizetime 1s, or the fuzzer spends minutes
// minimizing each new input (and reports no executions meanwhile).
func FuzzDecodeSample(f *testing.F) {
	for _, name := range []string{dedup, streaming} {
		data, _ := os.ReadFile(logPath(name))
		r, err := OpenReaderAt(name, bytes.NewReader(data), int64(len(data)), nil)
		if err != nil {
			f.Fatal(err)
		}
		for _, m := range r.src.(*evalSource).files {
			b, err := readMember(name, m)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(b)
		}
	}
	f.Add([]byte(`{"id":"x","epoch":1,"scores":{"s":{"value":null}},"events":[{"event":"tool","error":"boom"}]}`))
	for _, id := range []string{"1.0", "-0", "1e3", "-0.0e5", "1.5", "1e400", "9.2233720368547758e18", "123456789012345678901234567890"} {
		f.Add([]byte(`{"id":` + id + `,"epoch":1}`))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if _, err := decodeSample("f", "m", data, false, true, nil, nil); err != nil {
			return // a light read finds no more errors than a full one (below)
		}
		s, err := decodeSample("f", "m", data, false, false, nil, nil)
		if err != nil {
			return
		}
		if s == nil || s.Epoch < 1 {
			t.Fatalf("accepted %+v", s)
		}
		// A numeric id is an integer, as Inspect reads int | str: "1.0" is 1, "-0" is 0.
		if s.ID.IsNumber() && !integerID.MatchString(s.ID.String()) {
			t.Fatalf("numeric sample id %q", s.ID.String())
		}
		// What the reader keeps as JSON is JSON, though it skips the rest lightly.
		kept := []json.RawMessage{s.Input, s.Target}
		for _, sc := range s.Scores {
			kept = append(kept, sc.Value)
		}
		for _, v := range s.Metadata {
			kept = append(kept, v)
		}
		for _, e := range s.Events {
			if e.Tool != nil {
				kept = append(kept, e.Tool.Arguments, e.Tool.Result)
			}
		}
		for _, v := range kept {
			if v != nil && !json.Valid(v) {
				t.Fatalf("kept invalid JSON %q", v)
			}
		}
	})
}

// FuzzNonFinite: the streaming rewrite of NaN/Infinity equals the whole-document one,
// whatever the chunk size, and never changes a document without the constants.
func FuzzNonFinite(f *testing.F) {
	f.Add([]byte(`{"value": NaN, "s": "NaN \" Infinity", "v": [-Infinity, -1]}`), uint8(3))
	f.Add([]byte(`{"a": "\\", "b": Infinity}`), uint8(1))
	f.Fuzz(func(t *testing.T, data []byte, size uint8) {
		whole := sanitizeNonFinite(data)
		r := newNonFiniteReader(bytes.NewReader(data))
		r.buf = make([]byte, int(size)%64+1)
		got, err := io.ReadAll(r)
		if err != nil || !bytes.Equal(got, whole) {
			t.Fatalf("stream %q, whole %q (%v)", got, whole, err)
		}
		if !bytes.Contains(data, []byte("NaN")) && !bytes.Contains(data, []byte("Infinity")) && !bytes.Equal(whole, data) {
			t.Fatalf("changed %q", data)
		}
		if got, want := hasNonFinite(data), containsNonFinite(data); got != want {
			t.Fatalf("hasNonFinite(%q) = %v, want %v", data, got, want)
		}
	})
}

// FuzzStringEnd reads every string of a document one after another, as the lexer reads
// a kept value's strings, with the long strings seen before kept (strMemo): each ends where a
// byte-by-byte reading ends it, with the same flags, whether it was found or scanned. The
// document is the input written twice, so that its long strings repeat.
func FuzzStringEnd(f *testing.F) {
	f.Add([]byte(`"{\"decision\":\"allow\",\"note\":\"a \\\"quoted\\\" word, é, and a backslash \\\\\"}" "x"`))
	f.Add([]byte(`"` + string(bytes.Repeat([]byte(`ab\"`), 40)) + `"`))
	f.Fuzz(func(t *testing.T, in []byte) {
		doc := append(append(append([]byte(nil), in...), ' '), in...)
		l := &lexer{data: doc, seen: &strMemo{}}
		for i := 0; i < len(doc); {
			if doc[i] != '"' {
				i++
				continue
			}
			end, want := naiveStringEnd(doc, i)
			l.pos = i
			got, err := l.stringEnd()
			if end < 0 {
				if err == nil {
					t.Fatalf("string at %d of %q: ends at %d, want no end", i, doc, l.pos)
				}
				return
			}
			if err != nil || l.pos != end || got != want {
				t.Fatalf("string at %d of %q: end %d, flags %b, %v; want %d, %b", i, doc, l.pos, got, err, end, want)
			}
			i = end
		}
	})
}

// FuzzSampleIDCompare: the order rows and samples are sorted in is a total order on any
// ids a log can give (an integer of any length, a number a member name spells, a string):
// antisymmetric and transitive, so that a sort gives one order whatever order the samples
// came in (a .json log's and an .eval log's).
func FuzzSampleIDCompare(f *testing.F) {
	big := "3" + strings.Repeat("0", 400)
	f.Add(big, "5", "20", uint8(7))
	f.Add("1.0", "1", "1e0", uint8(7))
	f.Add("a", "-1", "9007199254740993", uint8(6))
	f.Fuzz(func(t *testing.T, a, b, c string, nums uint8) {
		id := func(s string, num bool) SampleID {
			if !num {
				return StringID(s)
			}
			if !numberText.MatchString(s) {
				return StringID(s)
			}
			return idFromName(s)
		}
		ids := []SampleID{id(a, nums&1 != 0), id(b, nums&2 != 0), id(c, nums&4 != 0)}
		for i := range ids {
			for j := range ids {
				if x, y := ids[i].Compare(ids[j]), ids[j].Compare(ids[i]); x != -y || (i == j && x != 0) {
					t.Fatalf("%q vs %q: %d, reversed %d", ids[i], ids[j], x, y)
				}
				for k := range ids {
					if ids[i].Compare(ids[j]) <= 0 && ids[j].Compare(ids[k]) <= 0 && ids[i].Compare(ids[k]) > 0 {
						t.Fatalf("%q ≤ %q ≤ %q but %q > %q", ids[i], ids[j], ids[k], ids[i], ids[k])
					}
				}
			}
		}
	})
}
