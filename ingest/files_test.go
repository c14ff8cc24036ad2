package ingest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadJSONObject checks the problems of ReadJSONObject, whose bytes are mapped on
// Linux and read elsewhere: the same object, the line of a syntax error, a file that holds
// no object, an empty file, a directory.
func TestReadJSONObject(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
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
		{"bad.json", "{\n\"a\": 1,\n\"b\": ]\n}", 3, "invalid JSON"},
		{"list.json", "[1, 2]", 0, "must hold a JSON object, got an array"},
		{"empty.json", "", 1, "invalid JSON: offset 0: unexpected end of input"},
	} {
		_, prob := ReadJSONObject(write(tc.name, tc.text))
		if prob == nil || prob.Line != tc.line || !strings.Contains(prob.Msg, tc.msg) {
			t.Errorf("%s: problem %+v, want line %d and %q", tc.name, prob, tc.line, tc.msg)
		}
	}
	if _, prob := ReadJSONObject(dir); prob == nil || !strings.Contains(prob.Msg, "is a directory") {
		t.Errorf("directory: problem %+v", prob)
	}
}
