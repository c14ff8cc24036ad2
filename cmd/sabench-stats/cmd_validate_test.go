package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const (
	ingestTestdata  = "../../ingest/testdata"
	harnessTestdata = "../../ingest/harness/testdata"
)

func TestValidateListsEveryProblem(t *testing.T) {
	bad := filepath.Join(ingestTestdata, "validate", "bad.jsonl")
	stdout, stderr, code := runCLI(t, "validate", "--bench", filepath.Join(ingestTestdata, "safeactbench"), "--max-line-bytes", "2048", bad)
	if code != 1 {
		t.Fatalf("exit %d, want 1; stderr %s", code, stderr)
	}
	want, err := os.ReadFile(filepath.Join(ingestTestdata, "validate", "bad.problems"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(want)), "\n") {
		if strings.Contains(line, "missing.jsonl") {
			continue // the library test also reads a missing file; here only bad.jsonl is given
		}
		line = strings.ReplaceAll(line, "testdata/", ingestTestdata+"/")
		if !strings.Contains(stdout, line+"\n") {
			t.Errorf("missing problem line %q in:\n%s", line, stdout)
		}
	}
	// The summaries go to stderr; stdout holds the problems only.
	if !strings.Contains(stderr, "bench ../../ingest/testdata/safeactbench (case-dir): 10 cases, 0 case sets; clusters: 1 from contrast_pair_id (1 case), 1 from derived (2 cases), 7 from case (7 cases)\n") || strings.Contains(stdout, "(case-dir)") {
		t.Errorf("bench summary not on stderr:\n%s", stderr)
	}
	if !strings.Contains(stderr, "1 file, 9 episodes read, 2 without problems, 15 problems\n") || !strings.Contains(stderr, "15 problems found") {
		t.Errorf("summary wrong:\n%s\n%s", stdout, stderr)
	}
}

func TestValidateCleanFile(t *testing.T) {
	p := filepath.Join(t.TempDir(), "ok.jsonl")
	os.WriteFile(p, []byte(`{"schema":"sabench.episode/v1","config":"a/b","case_id":"SAB-V3-001","repeat":0,"status":"harness_failure"}`+"\n"), 0o644)
	stdout, stderr, code := runCLI(t, "validate", "--bench", filepath.Join(ingestTestdata, "safeactbench", "cases"), "--runs", p)
	if code != 0 || stdout != "" || !strings.Contains(stderr, "1 file, 1 episode read, 1 without problems, 0 problems") {
		t.Errorf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	_, _, code = runCLI(t, "validate", "--bench", "none", "--dedupe", "sometimes", p)
	if code != 2 {
		t.Errorf("bad --dedupe: exit %d, want 2", code)
	}
}

func TestValidateBadBench(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.json"), []byte(`{"episode_id":"SAB-V1-001"}`), 0o644)
	os.WriteFile(filepath.Join(dir, "b.json"), []byte(`{"episode_id":`), 0o644)
	stdout, _, code := runCLI(t, "validate", "--bench", dir)
	if code != 1 || !strings.Contains(stdout, `a.json: env_id: case "SAB-V1-001" has no env_id (domain)`) ||
		!strings.Contains(stdout, "b.json:1: invalid JSON") {
		t.Errorf("exit %d, stdout:\n%s", code, stdout)
	}
}

// TestValidateBenchNoneRefusesCaseFlags: --bench none skips the case checks, so a case set
// or a clusters file would not be read (validate said nothing of them, exit 0); they are
// refused.
func TestValidateBenchNoneRefusesCaseFlags(t *testing.T) {
	runs := filepath.Join(harnessTestdata, "batch.golden.jsonl")
	wantUsage(t, "--set applies to a bench's cases", "validate", "--bench", "none", "--set", "x=nofile.txt", runs)
	wantUsage(t, "--clusters applies to a bench's cases", "validate", "--bench", "none", "--clusters", "nofile.csv", runs)
}
