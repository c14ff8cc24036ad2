package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInputErrorsNameTheFlag: a missing path names the flag that gave it, an empty episode
// file is an error (exit 1) rather than a report of nothing, and a verdict file passed as
// episodes says so in every format score writes.
func TestInputErrorsNameTheFlag(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	bench := filepath.Join(ingestTestdata, "safeactbench")
	runs := filepath.Join(harnessTestdata, "batch.golden.jsonl")
	empty := filepath.Join(dir, "empty.jsonl")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"v.jsonl", "v.csv", "v.parquet"} {
		mustRun(t, "score", "--bench", bench, "--runs", runs, "--out", filepath.Join(dir, f))
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"score", "--bench", bench, "--runs", filepath.Join(dir, "nope.jsonl")}, "--runs: " + filepath.Join(dir, "nope.jsonl") + ": no such file"},
		{[]string{"score", "--bench", filepath.Join(dir, "nope"), "--runs", runs}, "--bench " + filepath.Join(dir, "nope") + ": no such file"},
		// --bench - said "--bench -: no such file or directory" (validate: "stat -: …").
		{[]string{"score", "--bench", "-", "--runs", runs}, "--bench takes a folder or a file of case specifications"},
		{[]string{"validate", "--bench", "-", runs}, "not standard input (-): save the cases to a file"},
		// A missing Inspect log said "stat nope.eval: no such file or directory", naming no flag.
		{[]string{"tables", "T2", "--bench", bench, "--inspect", filepath.Join(dir, "nope.eval")}, "--inspect: " + filepath.Join(dir, "nope.eval") + ": no such file or directory"},
		{[]string{"ingest", "--inspect", filepath.Join(dir, "nope.eval"), "--bench", bench}, "--inspect: " + filepath.Join(dir, "nope.eval") + ": no such file or directory"},
		{[]string{"samples", "--inspect", filepath.Join(dir, "nope.eval")}, "--inspect: " + filepath.Join(dir, "nope.eval") + ": no such file or directory"},
		{[]string{"leaderboard", "--inspect", filepath.Join(dir, "nope.eval")}, "--inspect: " + filepath.Join(dir, "nope.eval") + ": no such file or directory"},
		{[]string{"compare", "--inspect", filepath.Join(dir, "nope.eval"), filepath.Join(dir, "b.eval")}, "--inspect: " + filepath.Join(dir, "nope.eval") + ": no such file or directory"},
		{[]string{"compare", "a", "b", "--inspect", "--logs", filepath.Join(dir, "nope.eval")}, "--logs: " + filepath.Join(dir, "nope.eval") + ": no such file or directory"},
		{[]string{"ingest", "--batch", filepath.Join(dir, "nope"), "--config", "m/h"}, "--batch " + filepath.Join(dir, "nope") + ": no such file"},
		{[]string{"score", "--bench", bench, "--runs", runs, "--audit", filepath.Join(dir, "a.csv")}, "--audit " + filepath.Join(dir, "a.csv") + ": no such file"},
		{[]string{"tables", "variance", "--bench", bench, "--runs", runs, "--clusters", filepath.Join(dir, "c.csv")}, "--clusters " + filepath.Join(dir, "c.csv") + ": no such file"},
		{[]string{"tables", "T9", "--bench", bench, "--runs", runs, "--set", "t9_matched_v1=" + filepath.Join(dir, "s.txt")}, "--set t9_matched_v1=" + filepath.Join(dir, "s.txt") + ": no such file"},
		{[]string{"tables", "T2", "--bench", bench, "--verdicts", dir}, "--verdicts: " + dir + ": no config=*/part-*.parquet files"},
		{[]string{"tables", "T2", "--bench", bench, "--verdicts", filepath.Join(dir, "v.parquet")}, "--verdicts: " + filepath.Join(dir, "v.parquet") + ": a file, not a verdict dataset directory (write one with score --format parquet --out DIR"},
		{[]string{"power", "a", "b", "--bench", bench, "--verdicts", filepath.Join(dir, "v.jsonl")}, "--verdicts: " + filepath.Join(dir, "v.jsonl") + ": a file, not a verdict dataset directory"},
		{[]string{"score", "--bench", bench, "--runs", empty}, "no episodes: the --runs files (" + empty + ") hold none"},
		{[]string{"report", "--bench", bench, "--runs", empty, "--out", filepath.Join(dir, "rep")}, "no episodes"},
		{[]string{"validate", "--bench", bench, empty}, "no episodes"},
		{[]string{"score", "--bench", bench, "--runs", filepath.Join(dir, "v.jsonl")}, "v.jsonl:1: looks like verdicts (written by score), not episodes"},
		{[]string{"score", "--bench", bench, "--runs", filepath.Join(dir, "v.csv")}, "v.csv:1: looks like a CSV of verdicts (written by score)"},
		{[]string{"validate", "--bench", bench, filepath.Join(dir, "v.parquet")}, "v.parquet: a Parquet verdict file (written by score)"},
	} {
		stdout, stderr, code := runCLI(t, tc.args...)
		if code != 1 || !strings.Contains(stdout+stderr, tc.want) { // validate lists problems on stdout
			t.Errorf("%v: exit %d, stderr %q; want exit 1 and %q", tc.args, code, stderr, tc.want)
		}
	}
}

// TestValidateMaxProblems: validate lists the first --max-problems problems, says how many
// more there are, and counts them all in the summary and the exit status.
func TestValidateMaxProblems(t *testing.T) {
	t.Parallel()
	p := filepath.Join(t.TempDir(), "bad.jsonl")
	if err := os.WriteFile(p, []byte(strings.Repeat("{}\n", 10)), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, code := runCLI(t, "validate", "--bench", "none", "--max-problems", "3", p)
	if code != 1 || strings.Count(stdout, "bad.jsonl:1: ") != 3 || !strings.Contains(stdout, "… and 47 more problems, not listed (the first 3 are; --max-problems)") ||
		!strings.Contains(stderr, "10 episodes read, 0 without problems, 50 problems") {
		t.Errorf("exit %d\nstdout %s\nstderr %s", code, stdout, stderr)
	}
	wantUsage(t, "--max-problems must be a positive number", "validate", "--max-problems", "0", p)
}
