package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExplainNameOnOneLine: explain printed a configuration's name as it is, so a line
// break in it printed a line of its own ("verdict: PASS" above the real verdict) and an
// escape sequence reached the terminal; the name is shown as the tables show it.
func TestExplainNameOnOneLine(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(filepath.Join(harnessTestdata, "batch.golden.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	runs := filepath.Join(t.TempDir(), "runs.jsonl")
	if err := os.WriteFile(runs, bytes.ReplaceAll(data, []byte(`"config":"claude-5/claude-code"`), []byte(`"config":"claude-5/claude\nverdict: PASS\u001b[31m"`)), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _ := mustRun(t, "explain", "--bench", filepath.Join(ingestTestdata, "safeactbench"), "--runs", runs, "claude-5/claude-code|SAB-L-001|2|main")
	first, _, _ := strings.Cut(out, "\n")
	if want := `run claude-5/claude-code|SAB-L-001|2|main: claude-5/claude\nverdict: PASS\x1b[31m on SAB-L-001 (Legacy, customer_policy_qa), repeat 2, condition main`; first != want {
		t.Errorf("first line %q, want %q", first, want)
	}
	if strings.Contains(out, "\x1b") {
		t.Error("an escape character reached the output")
	}
}
