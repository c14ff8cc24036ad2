package main

import (
	"io"
	"path/filepath"

	"github.com/sabench/sabench-stats/cmd/internal/cli"
	"github.com/sabench/sabench-stats/results/job"
)

func init() {
	register(cli.Command{Name: "score", Summary: "per-episode verdicts as JSONL, CSV or Parquet, with a reconciliation and agreement summary on stderr", Run: runScore, GCPercent: 100})
}

func runScore(e *cli.Env, args []string) error {
	fs := e.FlagSet("score", "[flags]")
	c := addCommon(fs, groupInput|groupJobs|groupOut, "")
	c.addFormat(fs, job.VerdictOutput)
	fs.Lookup("out").Usage = "output file (default stdout; its extension .jsonl, .csv or .parquet sets the format when --format is not given); written atomically; with --format parquet, a directory (an existing one, a path ending in /, or one without an extension) receives a Hive-partitioned dataset config=…/part-NNNN.parquet"
	shard := fs.String("shard", "", "score only shard I/N (1 ≤ I ≤ N) of the input, so that N processes or machines split a release: the JSONL lines and Parquet row groups that start in the I-th of N equal byte ranges of the episode files (a compressed JSONL file is one unit; the built-in release is cut into N runs of episodes); messages keep the true line numbers; duplicates are checked within the shard, and across shards by report --verdicts; with a dataset --out, the shard writes part I-1")
	audit := fs.String("audit", "", "CSV case_id,run_id,label of audited verdicts (label pass/fail, true/false or 1/0): report the oracle's agreement with them")
	detail := fs.Bool("detail", false, "add each verdict's detail (checkpoints with requirement results, coverage, completed commits, invalid reads, ledger facts with provenance) as a \"detail\" object; jsonl only, memory-hungry")
	fs.BoolVar(&c.Source.Lenient, "lenient", false, "score episodes validate rejects for a missing schema or record or an unknown top-level field: they are excluded by that reason (default: refused)")
	disagreements := fs.Bool("disagreements", false, "write, instead of the verdicts, every episode whose harness verdict differs from the oracle's: one tab-separated line each (run_id, config, case_id, policy, official, oracle, outcome, failure_type) under a header")
	if err := e.Parse(fs, args, inputs("audit")); err != nil {
		return err
	}
	if *disagreements {
		if cli.Given(fs, "format") != "" || *detail {
			return usagef("--disagreements writes tab-separated lines: --format and --detail do not apply")
		}
		if ext := filepath.Ext(c.out); c.out != "-" && ext != "" && ext != ".tsv" && ext != ".txt" {
			return usagef("--disagreements writes tab-separated lines: name --out .tsv or .txt, not %s", c.out)
		}
		c.output = nil // no verdict format to resolve from --out
	}
	if err := c.checkFlags(fs); err != nil {
		return err
	}
	if *detail && c.format != "jsonl" {
		return usagef("--detail needs --format jsonl (the detail is nested)")
	}
	if fs.NArg() > 0 {
		return usagef("score takes no arguments (got %q)%s", fs.Args(), leftoverHint(fs))
	}
	defer c.showProgress(e)()
	summary, skipped, err := c.ScoreVerdicts(e.Stdout, job.VerdictRequest{Format: c.format, Out: c.out, Detail: *detail,
		Disagreements: *disagreements, Audit: *audit, Shard: *shard})
	printLines(e, "", job.SkippedNotes(skipped)...)
	if err != nil {
		return err
	}
	io.WriteString(e.Stderr, summary)
	return nil
}
