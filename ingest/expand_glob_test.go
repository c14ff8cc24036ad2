package ingest

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// A --runs glob matched hidden files ('d/*' read d/._runs.jsonl, macOS's AppleDouble
// copy), where a shell's expansion and the folder search leave them out: it leaves them out
// too now, saying so, unless the pattern's segment begins with '.'.
func TestExpandGlobSkipsHidden(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"runs.jsonl", "._runs.jsonl"} {
		if err := os.WriteFile(filepath.Join(dir, f), []byte("{}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	files, skipped, err := ExpandRunsSkipped([]string{filepath.Join(dir, "*")})
	if want := []string{filepath.Join(dir, "runs.jsonl")}; err != nil || !slices.Equal(files, want) {
		t.Fatalf("'*': %q, %v; want %q", files, err, want)
	}
	if len(skipped) != 1 || !strings.Contains(skipped[0].String(), "skipped: 1 entry hidden (names beginning with '.'), "+filepath.Join(dir, "._runs.jsonl")) {
		t.Errorf("'*': notes %v", skipped)
	}
	files, skipped, err = ExpandRunsSkipped([]string{filepath.Join(dir, ".*")})
	if want := []string{filepath.Join(dir, "._runs.jsonl")}; err != nil || !slices.Equal(files, want) || len(skipped) != 0 {
		t.Errorf("'.*': %q, %v, %v; want %q", files, skipped, err, want)
	}
	if _, _, err := ExpandRunsSkipped([]string{filepath.Join(dir, "._*")}); err != nil {
		t.Errorf("'._*': %v", err)
	}
	if _, _, err := ExpandRunsSkipped([]string{filepath.Join(dir, "*_runs*")}); err == nil || !strings.Contains(err.Error(), "the pattern matches no file; skipped: 1 entry hidden") {
		t.Errorf("'*_runs*': %v, want the hidden match named", err)
	}
}
