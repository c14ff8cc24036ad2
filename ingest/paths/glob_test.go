package paths

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// A pattern's wildcard matched hidden names (filepath.Glob's rule), where a shell's does
// not: 'd/*' read d/.x, and 'd/*/*.jsonl' the files of d/.git. Only a segment beginning
// with '.' matches them now.
func TestGlobSkipsHiddenAsAShell(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"a.jsonl", ".b.jsonl", "s/c.jsonl", ".h/d.jsonl", ".h/.e.jsonl"} {
		p := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	type globCase struct {
		pattern string
		want    []string
		hidden  int
	}
	cases := []globCase{
		{"*.jsonl", []string{"a.jsonl"}, 1},
		{"./*.jsonl", []string{"a.jsonl"}, 1},
		{".*.jsonl", []string{".b.jsonl"}, 0},
		{"*/*.jsonl", []string{"s/c.jsonl"}, 2},
		{".h/*.jsonl", []string{".h/d.jsonl"}, 1},
		{".h/.*", []string{".h/.e.jsonl"}, 0},
		{".*/*", []string{".h/d.jsonl"}, 1},
		{filepath.Join(dir, "*"), []string{filepath.Join(dir, "a.jsonl"), filepath.Join(dir, "s")}, 2},
	}
	if filepath.Separator == '/' {
		// An escaped dot is explicit too, as bash reads it: '\.*' was passed over whole.
		cases = append(cases, globCase{`\.*.jsonl`, []string{".b.jsonl"}, 0})
	}
	for _, c := range cases {
		got, hidden, err := Glob(c.pattern)
		if err != nil || !slices.Equal(got, c.want) || len(hidden) != c.hidden {
			t.Errorf("Glob(%q) = %q, %q hidden, %v; want %q, %d hidden", c.pattern, got, hidden, err, c.want, c.hidden)
		}
	}
}
