package main

import (
	"fmt"
	"strings"

	"github.com/sabench/sabench-stats/cmd/internal/cli"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/harness"
)

// runIngestTau reads τ-bench / τ²-bench result files (harness.ReadTauFiles) into one
// episode file.
func runIngestTau(e *cli.Env, files []string, opt harness.Options, domain, out, layout string) error {
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
	if err := opt.Check(); err != nil {
		return usagef("%v", err)
	}
	res, err := harness.ReadTauFiles(files, domain, opt)
	if err != nil {
		return err
	}
	n, err := writeIngested(e, res, "", "the τ-bench results", out, layout)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.Stderr, "ingest: %d episodes written from %s\n", n, strings.Join(files, ", "))
	return nil
}

// writeIngested lists what an adapter said, its warnings (each after warnPrefix) and then
// every problem, and writes its episodes to out (a Parquet file in the given layout) unless
// there is a problem (then nothing is written and the error counts them, naming what was
// read). It returns the episodes written.
func writeIngested(e *cli.Env, res *harness.Result, warnPrefix, what, out, layout string) (int, error) {
	for _, w := range res.Warnings {
		fmt.Fprintln(e.Stderr, warnPrefix+w)
	}
	for _, p := range res.Problems {
		fmt.Fprintln(e.Stderr, p)
	}
	if len(res.Problems) > 0 {
		return 0, fmt.Errorf("%d problems in %s; nothing written", len(res.Problems), what)
	}
	return writeEpisodeFile(e, out, layout, (&ingest.SliceSource{Episodes: res.Episodes}).Next)
}
