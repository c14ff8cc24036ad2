package ingest

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// A --runs folder search passes over hidden entries, unfinished writes and backups of
// episode files, and says so by reason with a count. Before, a macOS "._runs.jsonl"
// copy, a hidden ".ipynb_checkpoints" folder's copy of the file and ".a.jsonl" were read
// as episode files (their episodes a second time, or the AppleDouble bytes as invalid
// JSON), and "runs.jsonl.part" and "runs.jsonl~" were passed over without a word.
func TestExpandRunsPassesOver(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"runs.jsonl", "._runs.jsonl", ".a.jsonl", ".ipynb_checkpoints/runs-checkpoint.jsonl",
		"b.jsonl.part", "c.parquet.tmp", "runs.jsonl~", "sub/d.jsonl.swp", "sub/e.jsonl", ".DS_Store", "notes.txt~"} {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	files, skipped, err := ExpandRunsSkipped([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{filepath.Join(dir, "runs.jsonl"), filepath.Join(dir, "sub", "e.jsonl")}; !slices.Equal(files, want) {
		t.Errorf("files %v, want %v", files, want)
	}
	var got []string
	for _, p := range skipped {
		got = append(got, strings.ReplaceAll(p.String(), dir, "D"))
	}
	want := []string{
		"D: skipped: 3 entries hidden (names beginning with '.'), the first D/._runs.jsonl; name a file to read it whatever its name",
		"D: skipped: 2 entries named as an unfinished write (.part, .partial, .tmp, .crdownload), the first D/b.jsonl.part; name a file to read it whatever its name",
		"D: skipped: 2 entries named as a backup (~, .bak, .orig, .swp), the first D/runs.jsonl~; name a file to read it whatever its name",
	}
	if !slices.Equal(got, want) {
		t.Errorf("skipped\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// Named, a hidden file is read.
	if files, _, err := ExpandRunsSkipped([]string{filepath.Join(dir, ".a.jsonl")}); err != nil || len(files) != 1 {
		t.Errorf("a named hidden file: %v, %v", files, err)
	}
}

// An empty episode file among others is noted: it read as no episodes without a word.
func TestExpandRunsNotesEmptyFiles(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.jsonl"), filepath.Join(dir, "b.jsonl")
	os.WriteFile(a, []byte("{}\n"), 0o644)
	os.WriteFile(b, nil, 0o644)
	files, skipped, err := ExpandRunsSkipped([]string{dir})
	if err != nil || len(files) != 2 {
		t.Fatalf("%v, %v", files, err)
	}
	if len(skipped) != 1 || skipped[0].String() != b+": empty file (0 bytes): no episodes read from it (an interrupted write?)" {
		t.Errorf("skipped %v", skipped)
	}
}
