package ingest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDirectorySearchNotesJSONFiles: JSON Lines are often named .json. A --runs directory
// holding episodes as runs.jsonl and more as extra.json read the first and passed over the
// second without a word (score printed totals without its episodes). The search still
// reads only episode file names, and now says how many .json files it passed over.
func TestDirectorySearchNotesJSONFiles(t *testing.T) {
	root := t.TempDir()
	writeJSONL(t, filepath.Join(root, "runs.jsonl"), realisticEpisodes(2, 1))
	writeJSONL(t, filepath.Join(root, "extra.json"), realisticEpisodes(2, 2))
	if err := os.MkdirAll(filepath.Join(root, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeJSONL(t, filepath.Join(root, "sub", "more.JSON"), realisticEpisodes(1, 3))
	if err := os.WriteFile(filepath.Join(root, "notes.txt"), []byte("hi"), 0o644); err != nil {
		t.Fatal(err)
	}
	files, skipped, err := ExpandRunsSkipped([]string{root})
	if err != nil || len(files) != 1 || filepath.Base(files[0]) != "runs.jsonl" {
		t.Fatalf("files %v, err %v", files, err)
	}
	if len(skipped) != 1 || !strings.Contains(skipped[0].Msg, "2 .json file(s), the first "+filepath.Join(root, "extra.json")) {
		t.Errorf("skipped %v: want one note of the 2 .json files", skipped)
	}
}
