package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInteractiveRunIDsAcrossFolders: two runs of one case in two output folders, each
// run directory named alike (SAB-V3-001.run1) but started at different times, ingested as
// two repeats or two conditions, get distinct run ids and score together without
// --dedupe; a byte-identical copy of one run keeps its run id, so scoring it beside the
// original is refused as a duplicate. A run with events but no case_metadata.json is a
// problem, not an episode with an empty env_id.
func TestInteractiveRunIDsAcrossFolders(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	src := filepath.Join(harnessTestdata, "interactive", "SAB-V3-001.run1")
	a, b, c := filepath.Join(dir, "a", "SAB-V3-001.run1"), filepath.Join(dir, "b", "SAB-V3-001.run1"), filepath.Join(dir, "c", "SAB-V3-001.run1")
	for _, d := range []string{a, b, c} {
		copyTree(t, src, d)
	}
	res, err := os.ReadFile(filepath.Join(b, "result.json"))
	if err != nil {
		t.Fatal(err)
	}
	res = bytes.Replace(res, []byte(`"started_at_unix": 1788260800.0`), []byte(`"started_at_unix": 1788347200.0`), 1)
	if !bytes.Contains(res, []byte("1788347200.0")) {
		t.Fatal("the fixture's start time moved")
	}
	os.WriteFile(filepath.Join(b, "result.json"), res, 0o644)

	bench := filepath.Join(ingestTestdata, "safeactbench")
	ingest := func(folder, out string, extra ...string) string {
		p := filepath.Join(dir, out)
		mustRun(t, append([]string{"ingest", "--interactive", filepath.Join(dir, folder), "--config", "GLM-5.2/Inspect", "--out", p}, extra...)...)
		return p
	}
	repeat0, repeat1 := ingest("a", "a.jsonl"), ingest("b", "b.jsonl", "--repeat", "1")
	cond := ingest("b", "b-cond.jsonl", "--condition", "scgr_eg")
	for _, pair := range [][2]string{{repeat0, repeat1}, {repeat0, cond}} {
		out, stderr := mustRun(t, "score", "--bench", bench, "--runs", pair[0], "--runs", pair[1])
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if len(lines) != 2 || !strings.Contains(stderr, "read 2 episodes") {
			t.Errorf("%v: %d verdicts, %s", pair, len(lines), stderr)
		}
		if !strings.Contains(lines[0], `"run_id":"GLM-5.2/Inspect|SAB-V3-001|2026-09-01T11:06:40.000Z|`) || !strings.Contains(lines[1], `"run_id":"GLM-5.2/Inspect|SAB-V3-001|2026-09-02T11:06:40.000Z|`) {
			t.Errorf("run ids:\n%s", out)
		}
	}
	// The same bytes again (c is a copy of a), as another repeat: the same run.
	copy2 := ingest("c", "c.jsonl", "--repeat", "2")
	if _, stderr, code := runCLI(t, "score", "--bench", bench, "--runs", repeat0, "--runs", copy2); code != 1 || !strings.Contains(stderr, "duplicate run_id") {
		t.Errorf("a byte-identical copy: exit %d, %s", code, stderr)
	}

	// No case_metadata.json beside a run with events.
	os.Remove(filepath.Join(a, "case_metadata.json"))
	_, stderr, code := runCLI(t, "ingest", "--interactive", filepath.Join(dir, "a"), "--config", "GLM-5.2/Inspect", "--out", filepath.Join(dir, "x.jsonl"))
	if code != 1 || !strings.Contains(stderr, filepath.Join(a, "case_metadata.json")+": missing, yet the run has events") {
		t.Errorf("no case_metadata.json: exit %d, %s", code, stderr)
	}
}
