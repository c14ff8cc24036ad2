package inspect

import (
	"encoding/json"
	"testing"
)

// TestAttachmentsAtAnyDepth: a reference is resolved wherever Inspect's condensing puts
// one (a value of an object or an array, at any depth), never in a key, and the rest of
// the JSON is kept as written. Before, only a value that was itself a reference was.
func TestAttachmentsAtAnyDepth(t *testing.T) {
	att := attachments{"h1": "rm -rf \"/tmp\"", "h2": "two"}
	for _, c := range []struct{ in, want string }{
		{`"attachment://h1"`, `"rm -rf \"/tmp\""`},
		{`{"cmd": "attachment://h1", "n": [1.50, "attachment://h2", {"attachment://h2": "attachment://h2"}]}`,
			`{"cmd": "rm -rf \"/tmp\"", "n": [1.50, "two", {"attachment://h2": "two"}]}`},
		{`{"s": "x \"attachment://h1\"", "u": "attachment://nope", "t": "attachment://h2 "}`,
			`{"s": "x \"attachment://h1\"", "u": "attachment://nope", "t": "attachment://h2 "}`},
		{`[ "attachment://h2" ,"attachment://h2"]`, `[ "two" ,"two"]`},
		{`{"cut": "attachment://h1`, `{"cut": "attachment://h1`},
		// Escaped, as a writer that escapes slashes spells it: the same string to Inspect.
		{`{"cmd": "attachment:\/\/h1", "k": "\u0061ttachment://h2", "n": "\n"}`, `{"cmd": "rm -rf \"/tmp\"", "k": "two", "n": "\n"}`},
	} {
		got := string(att.raw(json.RawMessage(c.in)))
		if got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.in, got, c.want)
		}
	}
}
