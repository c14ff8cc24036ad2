package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestVerdictDatasetManifest: shards of one scoring read together (and the provenance of
// report --verdicts lists the dataset's files and the bench's); shards scored from an
// edited input, with another --infra-failures or another shard count are refused when
// read together, the field named.
func TestVerdictDatasetManifest(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	bench := filepath.Join(ingestTestdata, "safeactbench", "cases")
	runs := filepath.Join(harnessTestdata, "batch.golden.jsonl")
	data, err := os.ReadFile(runs)
	if err != nil {
		t.Fatal(err)
	}
	edited := filepath.Join(dir, "edited.jsonl")
	os.WriteFile(edited, []byte(strings.Replace(string(data), `"repeat":2`, `"repeat":3`, 1)), 0o644)

	shard := func(out, runs, shard string, extra ...string) {
		mustRun(t, append([]string{"score", "--bench", bench, "--runs", runs, "--format", "parquet", "--shard", shard, "--out", out}, extra...)...)
	}
	good := filepath.Join(dir, "good")
	shard(good, runs, "1/2")
	shard(good, runs, "2/2")
	rep := filepath.Join(dir, "rep")
	_, stderr, code := runCLI(t, "report", "--bench", bench, "--verdicts", good, "--out", rep, "--resamples", "0")
	if code != 0 {
		t.Fatalf("report --verdicts: exit %d: %s", code, stderr)
	}
	index, _ := os.ReadFile(filepath.Join(rep, "index.md"))
	parts, _ := filepath.Glob(filepath.Join(good, "config=*", "part-*.parquet"))
	if len(parts) != 2 || strings.Contains(string(index), "Input files: none") {
		t.Fatalf("%d parts; index:\n%s", len(parts), index)
	}
	for _, p := range append(parts, filepath.Join(bench, "SAB-V1-001.json")) {
		if !strings.Contains(string(index), p) {
			t.Errorf("the provenance does not list %s:\n%s", p, index)
		}
	}
	t2, _ := os.ReadFile(filepath.Join(rep, "tables", "T2.json"))
	if !strings.Contains(string(t2), parts[0]) {
		t.Errorf("T2's meta does not list the dataset's files")
	}

	for _, tc := range []struct {
		name   string
		second func(out string)
		want   string
	}{
		{"edited input", func(out string) { shard(out, edited, "2/2") }, "inputs (the episode files' sizes and SHA-256"},
		{"infra failures", func(out string) { shard(out, runs, "2/2", "--infra-failures", "fail") }, "infra_failures (--infra-failures exclude vs fail)"},
		{"shard count", func(out string) { shard(out, runs, "2/3") }, "shards (--shard I/2 vs I/3)"},
	} {
		out := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-"))
		shard(out, runs, "1/2")
		tc.second(out)
		_, stderr, code := runCLI(t, "tables", "T2", "--bench", bench, "--verdicts", out)
		if code != 1 || !strings.Contains(stderr, "were scored differently: "+tc.want) {
			t.Errorf("%s: exit %d, %s", tc.name, code, stderr)
		}
	}
}
