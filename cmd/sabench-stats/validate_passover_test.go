package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// validate searches a --runs folder as score does, and says alike what it passed over
// (hidden entries, unfinished writes, backups) and which files were empty: the same note
// lines, in the same order, on stderr.
func TestValidateNotesPassedOverAsScore(t *testing.T) {
	runs, err := os.ReadFile(filepath.Join(harnessTestdata, "interactive.golden.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for name, b := range map[string][]byte{"runs.jsonl": runs, ".hidden.jsonl": runs, "runs.jsonl.part": runs,
		"runs.jsonl~": runs, "empty.jsonl": nil} {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	notes := func(stderr string) []string {
		var out []string
		for _, l := range strings.Split(stderr, "\n") {
			if strings.HasPrefix(l, "note: "+dir) || strings.Contains(l, "passed over") {
				out = append(out, l)
			}
		}
		return out
	}
	want := []string{
		"note: " + dir + ": skipped: 1 entry hidden (names beginning with '.'), " + filepath.Join(dir, ".hidden.jsonl") + "; name a file to read it whatever its name",
		"note: " + dir + ": skipped: 1 entry named as an unfinished write (.part, .partial, .tmp, .crdownload), " + filepath.Join(dir, "runs.jsonl.part") + "; name a file to read it whatever its name",
		"note: " + dir + ": skipped: 1 entry named as a backup (~, .bak, .orig, .swp), " + filepath.Join(dir, "runs.jsonl~") + "; name a file to read it whatever its name",
		"note: " + filepath.Join(dir, "empty.jsonl") + ": empty file (0 bytes): no episodes read from it (an interrupted write?)",
		"note: 4 notes above on what the --runs directories or --inspect logs passed over",
	}
	_, stderr, code := runCLI(t, "validate", "--bench", "none", "--runs", dir)
	if got := notes(stderr); code != 0 || !slices.Equal(got, want) {
		t.Errorf("validate: exit %d, notes\n%s\nwant\n%s\nstderr:\n%s", code, strings.Join(got, "\n"), strings.Join(want, "\n"), stderr)
	}
	if !strings.Contains(stderr, "2 files, ") {
		t.Errorf("validate read other than runs.jsonl and empty.jsonl:\n%s", stderr)
	}
	_, stderr, code = runCLI(t, "score", "--bench", "builtin", "--runs", dir, "--out", filepath.Join(t.TempDir(), "v.jsonl"))
	if got := notes(stderr); code != 0 || !slices.Equal(got, want) {
		t.Errorf("score: exit %d, notes\n%s\nwant\n%s", code, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
