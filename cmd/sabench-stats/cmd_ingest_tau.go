package main

import (
	"fmt"
	"strings"

	"github.com/sabench/sabench-stats/cmd/internal/cli"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/harness"
)

// runIngestTau reads τ-bench / τ²-bench result files through the τ-bench adapter into one
// episode file; a trajectory key (configuration, case, trial) seen twice is a problem.
func runIngestTau(e *cli.Env, files []string, opt harness.Options, domain, out string) error {
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
	adapter := harness.TauIn(domain)
	var eps []*ingest.Episode
	var probs []ingest.Problem
	seen := map[ingest.Key]*ingest.Episode{}
	for _, f := range files {
		res, err := adapter.Read(f, opt)
		if err != nil {
			return err
		}
		for _, w := range res.Warnings {
			fmt.Fprintln(e.Stderr, w)
		}
		probs = append(probs, res.Problems...)
		for _, ep := range res.Episodes {
			if first, dup := seen[ep.Key()]; dup {
				probs = append(probs, ingest.Problem{File: ep.Source, Line: ep.Line, Field: "task_id/trial",
					Msg: fmt.Sprintf("case %s trial %d again (first at %s member %d)", ep.CaseID, ep.Repeat, first.Source, first.Line)})
				continue
			}
			seen[ep.Key()] = ep
			eps = append(eps, ep)
		}
	}
	for _, p := range probs {
		fmt.Fprintln(e.Stderr, p)
	}
	if len(probs) > 0 {
		return fmt.Errorf("%d problems in the τ-bench results; nothing written", len(probs))
	}
	n, err := writeEpisodeFile(e, out, (&ingest.SliceSource{Episodes: eps}).Next)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.Stderr, "ingest: %d episodes written from %s\n", n, strings.Join(files, ", "))
	return nil
}
