package ingest

import (
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// ReadJSONObject's values outlive the file's bytes (unmapped on Linux once parsed): every
// kind of string the decoder makes (short and interned, long, escaped, invalid UTF-8 made
// valid, keys), big integers and the reference parser's error messages are copies, which
// reading them after the call shows (a value left pointing into the mapping would fault).
// The goroutine's SetPanicOnFault setting is the caller's again after the call.
func TestReadJSONObjectOwnsValues(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
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
		if want := `invalid JSON: offset 46: expected ':' after key "a key past the intern limit of forty bytes"`; prob == nil || prob.Msg != want {
			t.Errorf("problem %+v, want %q", prob, want)
		}
		if got := debug.SetPanicOnFault(false); got != onFault {
			t.Errorf("SetPanicOnFault is %v after the call, was %v before", got, onFault)
		}
	}
}
