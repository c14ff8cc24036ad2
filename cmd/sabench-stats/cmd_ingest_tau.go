package main

import (
	"github.com/sabench/sabench-stats/cmd/internal/cli"
	"github.com/sabench/sabench-stats/ingest/harness"
	"github.com/sabench/sabench-stats/results/job"
)

// runIngestTau refuses the flags that do not apply to τ-bench / τ²-bench result files
// and writes them as one episode file (job.IngestTau).
func runIngestTau(e *cli.Env, files []string, opt harness.Options, domain string, out job.EpisodeOutput) error {
	switch {
	case opt.Condition == "":
		return usagef("--condition must not be empty")
	case opt.RepeatFrom != "":
		return usagef("--repeat-from applies to --interactive only (a τ-bench trajectory's repeat is its trial)")
	case opt.Repeat != 0:
		return usagef("--repeat does not apply to --tau (a τ-bench trajectory's repeat is its trial)")
	case opt.Mode != harness.ModeAnalyst:
		return usagef("--status-mode does not apply to --tau (a τ-bench result has no runner failure labels)")
	}
	summary, err := job.IngestTau(files, domain, opt, out)
	return printSummary(e, summary, err)
}
