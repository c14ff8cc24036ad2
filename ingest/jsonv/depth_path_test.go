package jsonv

import (
	"strings"
	"testing"
)

// TestTooDeepNamesTheField: a document nested past MaxDepth was refused at a column only,
// which in an episode line of thousands of bytes names no field. The error names the path
// to the deep value, its first levels, through keys with escapes and later array items;
// the Decoder says the same, and TooDeep still tells the error.
func TestTooDeepNamesTheField(t *testing.T) {
	deep := strings.Repeat("[", 1_000_000) + strings.Repeat("]", 1_000_000)
	for doc, want := range map[string]string{
		`{"a": 1, "record": {"events": [{"x": "]}"}, {"k\"ey": {"arguments": ` + deep + `}}]}}`: `record.events[1].k\"ey.arguments[0][0][0]…`,
		"\ufeff" + `[1, [2, ` + deep + `]]`:                                                     `[1][1][0][0][0][0][0][0]…`,
		`{"a": {"b": {"c": {"d": {"e": {"f": {"g": {"h": {"i": ` + deep + `}}}}}}}}}`:           `a.b.c.d.e.f.g.h…`,
	} {
		for name, parse := range map[string]func([]byte) (any, error){"Parse": Parse, "Decoder": NewDecoder().Parse} {
			_, err := parse([]byte(doc))
			if !TooDeep(err) || !strings.HasSuffix(err.Error(), "nesting deeper than 512 in "+want) {
				t.Errorf("%s: %v; want the path %s", name, err, want)
			}
		}
	}
	if _, err := Parse([]byte(`{"a": [}`)); TooDeep(err) {
		t.Errorf("a syntax error is said to be a depth error: %v", err)
	}
}
