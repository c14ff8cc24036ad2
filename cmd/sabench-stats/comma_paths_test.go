package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// --runs: a folder whose name holds a comma is read whole; a comma list of existing files
// still works; a value neither reading can use is refused naming both.
func TestRunsNameWithComma(t *testing.T) {
	dir := t.TempDir()
	ep := `{"schema":"sabench.episode/v1","config":"a/b","case_id":"SAB-V3-001","repeat":%d,"status":"harness_failure"}` + "\n"
	sub := filepath.Join(dir, "run 1,2")
	os.Mkdir(sub, 0o755)
	for i, p := range []string{filepath.Join(sub, "x.jsonl"), filepath.Join(dir, "y.jsonl"), filepath.Join(dir, "z.jsonl")} {
		os.WriteFile(p, []byte(strings.Replace(ep, "%d", string(rune('0'+i)), 1)), 0o644)
	}
	_, stderr, code := runCLI(t, "validate", "--bench", "none", "--runs", sub)
	if code != 0 || !strings.Contains(stderr, "1 file, 1 episode read") {
		t.Errorf("folder with a comma: exit %d\n%s", code, stderr)
	}
	_, stderr, code = runCLI(t, "validate", "--bench", "none", "--runs", filepath.Join(dir, "y.jsonl")+","+filepath.Join(dir, "z.jsonl"))
	if code != 0 || !strings.Contains(stderr, "2 files, 2 episodes read") {
		t.Errorf("comma list: exit %d\n%s", code, stderr)
	}
	_, stderr, code = runCLI(t, "validate", "--bench", "none", "--runs", filepath.Join(dir, "run 1,3"))
	if code != 2 || !strings.Contains(stderr, `its part "`+filepath.Join(dir, "run 1")+`" is none either`) || !strings.Contains(stderr, "taken whole when it exists") {
		t.Errorf("neither reading: exit %d\n%s", code, stderr)
	}
}
