package jsonv

import "testing"

// TestParseErrorQuotesBytes: a byte that is not UTF-8 is shown as its value, a UTF-8
// character as itself, in every message that quotes the input.
func TestParseErrorQuotesBytes(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"\xff", "offset 0: unexpected '\\xff'"},
		{"{}\xfe", "offset 2: unexpected '\\xfe' after the value"},
		{"é", "offset 0: unexpected 'é'"},
		{"[1] é", "offset 4: unexpected 'é' after the value"},
		{`"a\` + "\xff" + `"`, "offset 4: invalid escape: a backslash before '\\xff'"},
		{`"a\q"`, "offset 4: invalid escape: a backslash before 'q'"},
		{"x", "offset 0: unexpected 'x'"},
	} {
		_, err := Parse([]byte(c.in))
		if err == nil || err.Error() != c.want {
			t.Errorf("Parse(%q): %v, want %s", c.in, err, c.want)
		}
	}
}
