package ingest

import (
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// TestReadJSONObject checks the problems of ReadJSONObject, whose bytes are mapped on
// Linux and read elsewhere: the same object, the line of a syntax error, a file that holds
// no object, an empty file, a directory.
func TestReadJSONObject(t *testing.T) {
	write := fileWriter(t)
	o, prob := ReadJSONObject(write("ok.json", `{"a": {"b": [1, "x"]}, "c": "long string value past the intern limit of forty bytes"}`))
	if prob != nil {
		t.Fatal(prob)
	}
	if s, _ := o.String("c"); s != "long string value past the intern limit of forty bytes" {
		t.Errorf("c = %q", s)
	}
	for _, tc := range []struct {
		name, text string
		line       int
		msg        string
	}{
		{"bad.json", "{\n\"a\": 1,\n\"b\": ]\n}", 3, "invalid JSON: column 6 (offset 15): unexpected ']'"},
		{"list.json", "[1, 2]", 0, "must hold a JSON object, got an array"},
		{"empty.json", "", 1, "invalid JSON: column 1 (offset 0): unexpected end of input"},
	} {
		_, prob := ReadJSONObject(write(tc.name, tc.text))
		if prob == nil || prob.Line != tc.line || !strings.Contains(prob.Msg, tc.msg) {
			t.Errorf("%s: problem %+v, want line %d and %q", tc.name, prob, tc.line, tc.msg)
		}
	}
	if _, prob := ReadJSONObject(t.TempDir()); prob == nil || !strings.Contains(prob.Msg, "is a directory") {
		t.Errorf("directory: problem %+v", prob)
	}
}

// ReadJSONObject's values outlive the file's bytes (unmapped on Linux once parsed): every
// kind of string the decoder makes (short and interned, long, escaped, invalid UTF-8 made
// valid, keys), big integers and the reference parser's error messages are copies, which
// reading them after the call shows (a value left pointing into the mapping would fault).
// The goroutine's SetPanicOnFault setting is the caller's again after the call.
func TestReadJSONObjectOwnsValues(t *testing.T) {
	write := fileWriter(t)
	doc := `{"short": "ab", "long": "` + strings.Repeat("long value ", 40) + `", "esc": "a\"b\u00e9",` +
		` "bad": "x` + "\xff" + `y", "big": 123456789012345678901234567890, "f": 1.5e3, "a key past the intern limit of forty bytes": [true, null, {"k": "v"}]}`
	want, err := jsonv.Parse([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	for _, onFault := range []bool{false, true} {
		debug.SetPanicOnFault(onFault)
		o, prob := ReadJSONObject(write("ok.json", doc))
		if prob != nil {
			t.Fatal(prob)
		}
		if !jsonv.Equal(o, want) || string(jsonv.Canonical(o, true)) != string(jsonv.Canonical(want, true)) {
			t.Errorf("got %s, want %s", jsonv.Canonical(o, true), jsonv.Canonical(want, true))
		}
		_, prob = ReadJSONObject(write("bad.json", `{"a key past the intern limit of forty bytes" 1}`))
		if want := `invalid JSON: column 47 (offset 46): expected ':' after key "a key past the intern limit of forty bytes"`; prob == nil || prob.Msg != want {
			t.Errorf("problem %+v, want %q", prob, want)
		}
		if got := debug.SetPanicOnFault(false); got != onFault {
			t.Errorf("SetPanicOnFault is %v after the call, was %v before", got, onFault)
		}
	}
}

// fileWriter returns a function that writes a file of the given name and text in a fresh
// temporary directory and returns its path.
func fileWriter(t *testing.T) func(name, text string) string {
	dir := t.TempDir()
	return func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
}
