package paths

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestDistinctBySpellingAndOrder: the same files, spelled relative or absolute and given in
// any order, come out in one order, each once.
func TestDistinctBySpellingAndOrder(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	if err := os.Mkdir("d", 0o755); err != nil {
		t.Fatal(err)
	}
	abs := func(p string) string { return filepath.Join(dir, p) }
	want := []string{"d/a.jsonl", "d/b.jsonl"}
	for _, in := range [][]string{
		{"d/a.jsonl", "d/b.jsonl"},
		{"d/b.jsonl", "d/a.jsonl"},
		{abs("d/b.jsonl"), "d/a.jsonl"},
		{"d/b.jsonl", abs("d/a.jsonl"), "d/a.jsonl", "./d/../d/a.jsonl"},
	} {
		got := Distinct(in)
		for i, g := range got {
			got[i] = filepath.ToSlash(g)
			if filepath.IsAbs(g) {
				got[i], _ = filepath.Rel(dir, g)
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("Distinct(%q) = %q, want %q (in that order)", in, got, want)
		}
	}
}
