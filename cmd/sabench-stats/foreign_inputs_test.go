package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestOwnOutputsToTheWrongFlag: what the toolkit writes (score's verdicts, samples' rows,
// a table's CSV and sidecar, a report folder, a verdict dataset, convert's Parquet) given
// to a flag that takes something else is refused by what it is. Before, the same inputs
// gave "invalid JSON at byte 1" (a CSV or Parquet to --inspect), "error: json: cannot
// unmarshal string into Go value of type inspect.SampleError" (samples' JSONL to
// --inspect), "schema: required field is missing … (and 24 more problems)" (samples'
// JSONL to --runs), "invalid JSON: column 1: unexpected 'l'" (samples' CSV to --runs),
// "no case specifications found" (a report folder to --bench) and "invalid JSON: offset
// 0: unexpected 'P' (and 80 more problems)" (convert's Parquet to --bench).
func TestOwnOutputsToTheWrongFlag(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	bench := filepath.Join(ingestTestdata, "safeactbench")
	runs := filepath.Join(harnessTestdata, "batch.golden.jsonl")
	logs := filepath.Join(ingestTestdata, "..", "inspect", "testdata", "logs")
	in := func(name string) string { return filepath.Join(dir, name) }
	for _, f := range []string{"v.jsonl", "v.csv"} {
		mustRun(t, "score", "--bench", bench, "--runs", runs, "--out", in(f))
	}
	mustRun(t, "score", "--bench", bench, "--runs", runs, "--format", "parquet", "--out", in("vds"))
	for _, f := range []string{"s.csv", "s.jsonl", "s.parquet"} {
		mustRun(t, "samples", "--inspect", logs, "--out", in(f))
	}
	mustRun(t, "tables", "T2", "--bench", bench, "--runs", runs, "--format", "csv", "--out", in("t.csv"))
	mustRun(t, "convert", runs, in("e.parquet"))
	mustRun(t, "report", "--bench", bench, "--runs", runs, "--resamples", "0", "--out", in("rep"))

	const notRuns = "not episodes (sabench.episode/v1 JSONL, one a line, or Parquet)"
	const notLog = "not an Inspect log (.eval or .json)"
	const notBench = "not SafeActBench cases"
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"score", "--bench", bench, "--inspect", in("v.jsonl")}, in("v.jsonl") + ": looks like verdicts (written by score), " + notLog},
		{[]string{"score", "--bench", bench, "--inspect", in("v.csv")}, in("v.csv") + ": looks like a CSV of verdicts (written by score), " + notLog},
		{[]string{"score", "--bench", bench, "--runs", in("s.csv")}, in("s.csv") + ":1: looks like a CSV of Inspect sample rows (written by samples), " + notRuns},
		{[]string{"score", "--bench", bench, "--runs", in("s.jsonl")}, in("s.jsonl") + ":1: looks like Inspect sample rows (written by samples), " + notRuns},
		{[]string{"score", "--bench", bench, "--runs", in("s.parquet")}, in("s.parquet") + ": looks like a Parquet of Inspect sample rows (written by samples), not episodes"},
		{[]string{"ingest", "--bench", bench, "--inspect", in("s.jsonl"), "--out", in("o.jsonl")}, in("s.jsonl") + ": looks like Inspect sample rows (written by samples), " + notLog},
		{[]string{"samples", "--inspect", in("s.csv")}, in("s.csv") + ": looks like a CSV of Inspect sample rows (written by samples), " + notLog},
		{[]string{"explain", "x", "--bench", bench, "--inspect", in("s.parquet")}, in("s.parquet") + ": looks like a Parquet file"},
		{[]string{"score", "--bench", bench, "--runs", in("t.csv")}, in("t.csv") + ":1: looks like a table as CSV (written by tables or report), " + notRuns},
		{[]string{"score", "--bench", bench, "--runs", in("t.csv.meta.json")}, in("t.csv.meta.json") + ":1: looks like a CSV table's sidecar (.csv.meta.json, written by tables or report), " + notRuns},
		{[]string{"score", "--bench", bench, "--inspect", in("t.csv.meta.json")}, in("t.csv.meta.json") + ": looks like a CSV table's sidecar"},
		{[]string{"score", "--bench", bench, "--runs", in("rep")}, in("rep") + ": no episode files (.jsonl, .jsonl.gz, .jsonl.zst, .jsonl.zstd, .ndjson, .ndjson.gz, .ndjson.zst, .parquet) in the directory; it looks like a report folder (written by report: index.md, tables/, figures/)"},
		{[]string{"score", "--bench", in("rep"), "--runs", runs}, in("rep") + ": looks like a report folder (written by report: index.md, tables/, figures/), " + notBench},
		{[]string{"view", "--bench", in("vds"), "--runs", runs, "--out", in("view.html")}, in("vds") + ": looks like a verdict dataset (written by score --format parquet: config=*/part-*.parquet), " + notBench},
		{[]string{"tables", "T2", "--bench", in("e.parquet"), "--runs", runs}, in("e.parquet") + ": looks like a Parquet file"},
		{[]string{"tables", "T2", "--bench", runs, "--runs", runs}, runs + ": looks like sabench.episode/v1 episodes (JSONL), " + notBench},
		{[]string{"tables", "T2", "--bench", bench, "--verdicts", in("rep")}, in("rep") + ": no config=*/part-*.parquet files (write them with score --format parquet --out DIR); it looks like a report folder"},
		{[]string{"report", "--bench", bench, "--verdicts", in("s.parquet"), "--out", in("r2")}, in("s.parquet") + ": a file, not a verdict dataset directory"},
		{[]string{"convert", in("s.jsonl"), in("o.parquet")}, in("s.jsonl") + ":1: looks like Inspect sample rows (written by samples), " + notRuns},
		{[]string{"ingest", "--tau", in("e.parquet"), "--config", "m/h", "--out", in("o.jsonl")}, in("e.parquet") + ": looks like a Parquet file"},
	} {
		stdout, stderr, code := runCLI(t, tc.args...)
		if code != 1 || !strings.Contains(stdout+stderr, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 1 and %q", tc.args, code, stderr, tc.want)
		}
	}
}
