package jsonv

import (
	"strings"
	"testing"
)

// A document that starts with a UTF-8 byte-order mark (Notepad and some Windows tools
// save one) reads as without it, as Python's json.loads reads such bytes; a mark anywhere
// else is an error that names it rather than its first byte.
func TestParseByteOrderMark(t *testing.T) {
	in := []byte("\xef\xbb\xbf {\"a\": [1, \"é\"]}\r\n")
	for name, parse := range map[string]func([]byte) (any, error){"Parse": Parse, "Decoder": NewDecoder().Parse} {
		v, err := parse(in)
		if err != nil || string(Marshal(v)) != `{"a":[1,"é"]}` {
			t.Errorf("%s: %v, %v", name, v, err)
		}
		_, err = parse([]byte("[1, \xef\xbb\xbf2]"))
		if err == nil || !strings.Contains(err.Error(), "offset 4: unexpected byte-order mark (U+FEFF)") {
			t.Errorf("%s: a mark inside the document: %v", name, err)
		}
	}
}
