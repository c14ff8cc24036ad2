package inspect

import (
	"archive/zip"
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzOpen feeds arbitrary bytes, seeded with every real log and the hand-built logs of
// older forms, to the reader: it must return samples or an *Error naming the file (and
// the field, for an older form it refuses), never panic or loop.
func FuzzOpen(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join(logsDir, "*"))
	legacy, _ := filepath.Glob(filepath.Join("testdata", "legacy", "*.json"))
	files = append(files, legacy...)
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
		named := func(err error) {
			e, ok := err.(*Error)
			if !ok || e.File != name {
				t.Fatalf("%T %v is not an *Error naming the file", err, err)
			}
			if strings.Contains(e.Err.Error(), "the form of older Inspect versions") && e.Field == "" {
				t.Fatalf("%v names no field", err)
			}
		}
		r, err := OpenReaderAt(name, bytes.NewReader(data), int64(len(data)), nil)
		if err != nil {
			named(err)
			return
		}
		for range 100000 {
			if _, err := r.Next(); err != nil {
				if err != io.EOF {
					named(err)
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
	f.Add([]byte(`{"id":1,"epoch":1,"score":{"value":"C"}}`))
	f.Add([]byte(`{"id":1,"epoch":1,"transcript":{"events":[]}}`))
	f.Add([]byte(`{"id":1,"epoch":1,"events":[{"events":[{"event":"tool"}],"event":"tool","function":"f"},{"event":"subtask","events":[]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		// A refusal names the file and the member, and an older form its field.
		named := func(err error) {
			e, ok := err.(*Error)
			if !ok || e.File != "f" || e.Member != "m" {
				t.Fatalf("%T %v does not name the file and member", err, err)
			}
			if strings.Contains(e.Err.Error(), "the form of older Inspect versions") && e.Field != "score" && e.Field != "transcript" {
				t.Fatalf("%v names the field %q", err, e.Field)
			}
		}
		light, err := decodeSample("f", "m", data, false, true, nil, nil)
		if err != nil {
			named(err)
			return // a light read finds no more errors than a full one (below)
		}
		s, err := decodeSample("f", "m", data, false, false, nil, nil)
		if err != nil {
			named(err)
			return
		}
		if s == nil || s.Epoch < 1 {
			t.Fatalf("accepted %+v", s)
		}
		// The tool and subtask events holding events are counted in a full read and a
		// light one alike, wherever an event's fields put its list.
		if want, ok := nestedEvents(data); ok && (s.NestedEvents != want || light.NestedEvents != want) {
			t.Fatalf("%d nested events, %d in a light read, want %d", s.NestedEvents, light.NestedEvents, want)
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

// nestedEvents counts a sample's tool and subtask events whose "events" is a non-empty
// list (or anything but a list or null, which Inspect would not read either), decoded by
// encoding/json; false when it cannot decode the sample.
func nestedEvents(data []byte) (int, bool) {
	var doc map[string]json.RawMessage
	if json.Unmarshal(data, &doc) != nil {
		return 0, false
	}
	var evs []map[string]json.RawMessage
	if json.Unmarshal(doc["events"], &evs) != nil && doc["events"] != nil {
		return 0, false
	}
	n := 0
	for _, ev := range evs {
		var kind string
		var list []json.RawMessage
		json.Unmarshal(ev["event"], &kind)
		raw := ev["events"]
		empty := raw == nil || string(raw) == "null" || json.Unmarshal(raw, &list) == nil && len(list) == 0
		if (kind == EventTool || kind == eventSubtask) && !empty {
			n++
		}
	}
	return n, true
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

// FuzzUnquote holds appendUnquoted to encoding/json on any string content, decoded
// into an output with room for it as written (by words, copyPlain), with less (byte by
// byte), and after bytes already there, which it must leave as they were.
func FuzzUnquote(f *testing.F) {
	f.Add([]byte(`{\"decision\":\"allow\",\"note\":\"a \\\"quoted\\\" word\\n\"}`), uint8(0))
	f.Add([]byte(`plain text that is long enough for words\t\u00e9\ud83d\ude00 \xff`), uint8(3))
	f.Fuzz(func(t *testing.T, in []byte, room uint8) {
		var want string
		werr := json.Unmarshal(append(append([]byte{'"'}, in...), '"'), &want)
		for _, extra := range []int{0, int(room) % 16, -1 - int(room)%16} {
			n := max(len(in)+extra, 0)
			out := append(make([]byte, 0, 3+n), "pre"...)
			full := out[:cap(out)]
			for i := 3; i < len(full); i++ {
				full[i] = '#'
			}
			got, ok := appendUnquoted(out, in)
			// (A quote not escaped ends a JSON string: no string's content holds one.)
			if werr != nil && bytes.IndexByte(in, '"') < 0 && ok {
				t.Fatalf("appendUnquoted(%q) = %q, ok; encoding/json: %v", in, got, werr)
			}
			if werr == nil && (!ok || string(got) != "pre"+want) {
				t.Fatalf("appendUnquoted(%q) with room %d = %q, %v; encoding/json %q", in, n, got, ok, want)
			}
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

// FuzzResolveAttachments: references are resolved as Inspect resolves them, in every
// string value of a value, at any depth, never in a key (checked against a walk of the
// decoded value); a value with nothing to resolve comes back byte for byte; valid JSON
// stays valid; and resolving twice is resolving once when no attachment is itself a
// reference.
func FuzzResolveAttachments(f *testing.F) {
	for _, in := range []string{
		`"attachment://h1"`,
		`{"cmd": "attachment://h1", "n": [1.50, "attachment://h2", {"attachment://h2": "attachment://h2"}]}`,
		`{"s": "x \"attachment://h1\"", "u": "attachment://nope", "t": "attachment://h2 "}`,
		`[ "attachment://h2" ,"attachment://h2"]`,
		`{"cut": "attachment://h1`,
		`{"cmd": "attachment:\/\/h1"}`,
		`["\u0061ttachment://h2"]`,
	} {
		f.Add([]byte(in), "h1", "rm -rf \"/tmp\"", "h2", "two")
	}
	f.Fuzz(func(t *testing.T, in []byte, k1, v1, k2, v2 string) {
		if !utf8.ValidString(v1) || !utf8.ValidString(v2) {
			return // an attachment is a decoded JSON string: valid UTF-8
		}
		att := attachments{k1: v1, k2: v2}
		got := att.raw(json.RawMessage(in))
		var before, after any
		if decodeNumbers(in, &before) != nil {
			return // the reader hands raw only what it read as JSON
		}
		if decodeNumbers(got, &after) != nil {
			t.Fatalf("%s resolved to invalid JSON %s", in, got)
		}
		want, _ := resolveWalk(att, before)
		if !reflect.DeepEqual(after, want) {
			t.Fatalf("%s resolved to %s, want %#v", in, got, want)
		}
		if !anyStringResolves(att, in) && !bytes.Equal(got, in) {
			t.Fatalf("%s has nothing to resolve but came back as %s", in, got)
		}
		if !strings.HasPrefix(v1, attachmentPrefix) && !strings.HasPrefix(v2, attachmentPrefix) {
			if again := att.raw(got); !bytes.Equal(again, got) {
				t.Fatalf("%s resolved to %s, then to %s", in, got, again)
			}
		}
	})
}

func decodeNumbers(b []byte, v *any) error {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	if err := d.Decode(v); err != nil {
		return err
	}
	if _, err := d.Token(); err != io.EOF {
		return errors.New("more after the value")
	}
	return nil
}

// anyStringResolves reports whether a string of the JSON in, a key or a value (of a key
// written twice too, which a decoded map drops), is a reference to an attachment.
func anyStringResolves(att attachments, in []byte) bool {
	d := json.NewDecoder(bytes.NewReader(in))
	for {
		tok, err := d.Token()
		if err != nil {
			return false
		}
		if s, ok := tok.(string); ok && att.str(s) != s {
			return true
		}
	}
}

// resolveWalk is Inspect's resolution on a decoded value: each string value that is a
// reference to an attachment becomes its text; keys are kept.
func resolveWalk(att attachments, v any) (any, bool) {
	switch x := v.(type) {
	case string:
		s := att.str(x)
		return s, s != x
	case []any:
		out, changed := make([]any, len(x)), false
		for i, e := range x {
			var c bool
			out[i], c = resolveWalk(att, e)
			changed = changed || c
		}
		return out, changed
	case map[string]any:
		out, changed := make(map[string]any, len(x)), false
		for k, e := range x {
			var c bool
			out[k], c = resolveWalk(att, e)
			changed = changed || c
		}
		return out, changed
	}
	return v, false
}

// FuzzEvalMatchesJSON: two samples written as an .eval log and as a .json log of the same
// header read to the same rows, or are both refused, each refusal naming the file and the
// member. The one difference is by design: ids 1 and "1" at one epoch, two samples to
// Inspect, share an .eval member name, which the .eval reader refuses.
func FuzzEvalMatchesJSON(f *testing.F) {
	for _, name := range []string{"log_read_sample.eval", dedup} {
		data, _ := os.ReadFile(logPath(name))
		r, err := OpenReaderAt(name, bytes.NewReader(data), int64(len(data)), nil)
		if err != nil {
			f.Fatal(err)
		}
		files := r.src.(*evalSource).files
		for _, m := range files[:min(2, len(files))] {
			b, err := readMember(name, m)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(b, []byte(`{"id": 2, "epoch": 1, "scores": {"s": {"value": "C"}}}`))
		}
	}
	for _, name := range []string{"sample_score.json", "sample_transcript.json"} {
		var doc struct{ Samples []json.RawMessage }
		data, _ := os.ReadFile(filepath.Join("testdata", "legacy", name))
		if err := json.Unmarshal(data, &doc); err != nil {
			f.Fatal(err)
		}
		f.Add([]byte(doc.Samples[0]), []byte(doc.Samples[1]))
	}
	f.Add([]byte(`{"id": 1, "epoch": 1, "scores": {"s": {"value": 1}}}`), []byte(`{"id": "1", "epoch": 1, "scores": {"s": {"value": 0}}}`))
	f.Add([]byte(`{"id": 1, "epoch": 1}`), []byte(`{"id": 1.0, "epoch": 1, "scores": {"s": {"value": null}}}`))
	f.Add([]byte(`{"id": "a", "epoch": 2, "scores": {"s": {"value": [1]}}, "events": [{"event": "tool", "function": "f", "arguments": {"cmd": "attachment://h"}, "events": [{"event": "tool"}]}], "attachments": {"h": "ls"}}`),
		[]byte(`{"id": "b", "epoch": 1, "error": {"message": "boom"}, "events": [{"event": "subtask", "events": []}]}`))
	header := `{"version": 2, "status": "success", "eval": {"task": "t", "model": "m", "scorers": [{"name": "s"}]}`
	f.Fuzz(func(t *testing.T, a, b []byte) {
		if !json.Valid(a) || !json.Valid(b) {
			return // the lexer's syntax is FuzzDecodeSample's; a .json log splits no value
		}
		var buf bytes.Buffer
		zw := zip.NewWriter(&buf)
		put := func(name string, data []byte) {
			w, err := zw.Create(name)
			if err != nil {
				t.Fatal(err)
			}
			w.Write(data)
		}
		put(memberHeader, []byte(header+"}"))
		var ids [2]*Sample
		for i, doc := range [][]byte{a, b} {
			name := fmt.Sprintf("samples/bad%d_epoch_1.json", i)
			if s, err := decodeSample("f", "m", doc, false, false, nil, nil); err == nil {
				ids[i] = s
				name = fmt.Sprintf("samples/%s_epoch_%d.json", s.ID, s.Epoch)
			}
			put(name, doc)
		}
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
		js := []byte(header + `, "samples": [` + string(a) + ",\n" + string(b) + "]}")
		rowsE, errE := readRows(t, "fuzz.eval", buf.Bytes())
		rowsJ, errJ := readRows(t, "fuzz.json", js)
		if x, y := ids[0], ids[1]; x != nil && y != nil && x.Epoch == y.Epoch && x.ID.String() == y.ID.String() && x.ID.IsNumber() != y.ID.IsNumber() {
			if errE == nil || !strings.Contains(errE.Error(), "cannot hold the number and the string apart") {
				t.Fatalf(".eval log with ids %s and %q read: %v", x.ID, y.ID.String(), errE)
			}
			return
		}
		if (errE == nil) != (errJ == nil) {
			t.Fatalf(".eval: %v\n.json: %v", errE, errJ)
		}
		if errE != nil {
			return
		}
		if !reflect.DeepEqual(rowsE, rowsJ) {
			t.Fatalf(".eval rows %+v\n.json rows %+v", rowsE, rowsJ)
		}
	})
}

// readRows reads a log's rows, in (id, epoch, scorer) order, with the log's file and the
// NaNs (which compare unequal) left out; a refusal must name the file and a member or
// field.
func readRows(t *testing.T, name string, data []byte) ([]Row, error) {
	r, err := OpenReaderAt(name, bytes.NewReader(data), int64(len(data)), nil)
	if err == nil {
		var rows []Row
		scorers := r.Log().Scorers()
		for {
			var s *Sample
			if s, err = r.Next(); err != nil {
				break
			}
			rows = append(rows, Rows(r.Log(), scorers, s)...)
		}
		if err == io.EOF {
			for i := range rows {
				rw := &rows[i]
				rw.Log = ""
				for _, p := range []*float64{&rw.Score, &rw.TotalTime, &rw.WorkingTime} {
					if math.IsNaN(*p) {
						*p = -1
					}
				}
			}
			slices.SortFunc(rows, func(x, y Row) int {
				return cmp.Or(x.SampleID.Compare(y.SampleID), x.Epoch-y.Epoch, strings.Compare(x.Scorer, y.Scorer))
			})
			return rows, nil
		}
	}
	if e, ok := err.(*Error); !ok || e.File != name || e.Member == "" && e.Field == "" {
		t.Fatalf("%T %v does not name the file and a member or field", err, err)
	}
	return nil, err
}
