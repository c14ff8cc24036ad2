package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// One run id on two episodes that fall in different shards: one process refuses the
// input, and so did every command reading the shards' dataset but those whose tables
// read no run id (tables T2, any named tables but official_unauthorized), which printed
// the table. They refuse it too, naming the two rows; from one process's dataset, which
// cannot hold it, they still leave the run ids unread.
func TestShardedDatasetRefusesARunIDTwice(t *testing.T) {
	runs := writeRepeats(t, realCases, []string{"m/h"}, 1, nil)
	data, err := os.ReadFile(runs)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	// The last episode takes the first one's run id; its key stays its own.
	lines[len(lines)-1] = strings.Replace(lines[len(lines)-1], `"run_id":"m/h|SAB-V3-001|0"`, `"run_id":"m/h|SAB-L-001|0"`, 1)
	if !strings.Contains(lines[0], `"run_id":"m/h|SAB-L-001|0"`) || !strings.Contains(lines[len(lines)-1], `"run_id":"m/h|SAB-L-001|0"`) {
		t.Fatalf("run ids not as expected:\n%s\n%s", lines[0][:120], lines[len(lines)-1][:120])
	}
	os.WriteFile(runs, []byte(strings.Join(lines, "\n")+"\n"), 0o644)
	if _, stderr, code := runCLI(t, "score", "--bench", realCases, "--runs", runs); code != 1 || !strings.Contains(stderr, `duplicate run_id "m/h|SAB-L-001|0"`) {
		t.Fatalf("one process: exit %d, stderr:\n%s", code, stderr)
	}
	ds := filepath.Join(t.TempDir(), "ds") + "/"
	for _, s := range []string{"1/2", "2/2"} {
		mustRun(t, "score", "--bench", realCases, "--runs", runs, "--shard", s, "--format", "parquet", "--out", ds)
	}
	for _, args := range [][]string{{"tables", "T2"}, {"tables", "T1", "T7"}, {"tables"}} {
		_, stderr, code := runCLI(t, append(args, "--bench", realCases, "--verdicts", ds)...)
		if code != 1 || !strings.Contains(stderr, `duplicate run_id "m/h|SAB-L-001|0" (run ids are unique within a release); first seen at `) {
			t.Errorf("%s from the shards' dataset: exit %d, stderr:\n%s", strings.Join(args, " "), code, stderr)
		}
	}
}
