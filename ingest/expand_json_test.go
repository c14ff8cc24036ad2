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
	if len(skipped) != 1 || !strings.Contains(skipped[0].Msg, "skipped: 2 .json files, the first "+filepath.Join(root, "extra.json")+": ") {
		t.Errorf("skipped %v: want one note of the 2 .json files", skipped)
	}
	// One such file is counted in the singular and named alone (it read "1 .json
	// file(s), the first …").
	if err := os.RemoveAll(filepath.Join(root, "sub")); err != nil {
		t.Fatal(err)
	}
	_, skipped, err = ExpandRunsSkipped([]string{root})
	if err != nil || len(skipped) != 1 || !strings.HasPrefix(skipped[0].Msg, "skipped: 1 .json file, "+filepath.Join(root, "extra.json")+": ") {
		t.Errorf("skipped %v, err %v: want one note of the one .json file", skipped, err)
	}
}
