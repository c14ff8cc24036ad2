package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// failWriter fails every write, as stdout redirected to /dev/full does.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestReliability_CLI: exit codes and refusals at the command line.
func TestReliability_CLI(t *testing.T) {
	dir := t.TempDir()
	bench := filepath.Join(ingestTestdata, "safeactbench")
	good := `{"schema":"sabench.episode/v1","config":"m/h","case_id":"SAB-V3-001","repeat":0,"status":"harness_failure"}`
	clean := filepath.Join(dir, "clean.jsonl")
	os.WriteFile(clean, []byte(good+"\n"), 0o644)

	// validate > /dev/full: the problem list (stdout) never arrived, so not exit 0.
	broken := filepath.Join(dir, "broken.jsonl")
	os.WriteFile(broken, []byte(`{"schema":"sabench.episode/v1","config":"m/h","case_id":"SAB-V3-001","repeat":0}`+"\n"), 0o644)
	var errb strings.Builder
	if code := exitCode(&errb, run(failWriter{}, &errb, []string{"validate", "--bench", bench, broken})); code != 1 {
		t.Errorf("validate to a full disk: exit %d, want 1 (%s)", code, errb.String())
	}
	// ... and says so: exit 1 alone is what the problems found give.
	if !strings.Contains(errb.String(), " found; writing the results: no space left on device") {
		t.Errorf("validate to a full disk does not name the failed write:\n%s", errb.String())
	}
	// tables > /dev/full: exit 1, the write named.
	errb.Reset()
	if code := exitCode(&errb, run(failWriter{}, &errb, []string{"tables", "T1"})); code != 1 || !strings.Contains(errb.String(), "no space left on device") {
		t.Errorf("tables to a full disk: exit %d, want 1 naming the write (%s)", code, errb.String())
	}
	// --max-line-bytes 0 or -1 is a usage error, not the default.
	for _, n := range []string{"0", "-1"} {
		if _, _, code := runCLI(t, "validate", "--bench", bench, "--max-line-bytes", n, clean); code != 2 {
			t.Errorf("--max-line-bytes %s: exit %d, want 2", n, code)
		}
	}
	// score refuses an episode validate rejects; --lenient excludes it by reason.
	norec := filepath.Join(dir, "norec.jsonl")
	os.WriteFile(norec, []byte(good+"\n"+`{"schema":"sabench.episode/v1","config":"m/h","case_id":"SAB-V1-001","repeat":0,"record":null}`+"\n"), 0o644)
	if _, stderr, code := runCLI(t, "score", "--bench", bench, "--runs", norec); code != 1 || !strings.Contains(stderr, "needs a record") {
		t.Errorf("score without --lenient: exit %d, stderr %s", code, stderr)
	}
	stdout, stderr, code := runCLI(t, "score", "--bench", bench, "--runs", norec, "--lenient")
	if code != 0 || !strings.Contains(stdout, `"exclusion_reason":"no_record"`) {
		t.Errorf("score --lenient: exit %d\n%s\n%s", code, stdout, stderr)
	}
	// report --out over a directory with a user's file: refused, the file named and kept.
	// (TestReportViewOutBeforeReading holds that the refusal comes before reading.)
	out := filepath.Join(dir, "rep")
	os.MkdirAll(out, 0o755)
	os.WriteFile(filepath.Join(out, "notes.txt"), []byte("mine"), 0o644)
	if _, stderr, code := runCLI(t, "report", "--bench", bench, "--runs", filepath.Join(harnessTestdata, "batch.golden.jsonl"), "--out", out, "--resamples", "20", "--force"); code == 0 || !strings.Contains(stderr, out) {
		t.Errorf("report over a foreign directory: exit %d, %s", code, stderr)
	}
	if b, _ := os.ReadFile(filepath.Join(out, "notes.txt")); string(b) != "mine" {
		t.Error("the user's file was touched")
	}
}
