package main

import (
	"fmt"

	"github.com/sabench/sabench-stats/cmd/internal/cli"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/tau"
)

// runIngestTau reads τ-bench / τ²-bench result files into one episode file.
func runIngestTau(e *cli.Env, files []string, hopt ingest.HarnessOptions, domain, out string) error {
	switch {
	case hopt.Condition == "":
		return usagef("--condition must not be empty")
	case hopt.RepeatFrom != "":
		return usagef("--repeat-from applies to --interactive only (a τ-bench trajectory's repeat is its trial)")
	case hopt.Repeat != 0:
		return usagef("--repeat does not apply to --tau (a τ-bench trajectory's repeat is its trial)")
	case hopt.Mode != ingest.ModeAnalyst:
		return usagef("--status-mode does not apply to --tau (a τ-bench result has no runner failure labels)")
	}
	opt := tau.Options{Config: hopt.Config, Model: hopt.Model, Harness: hopt.Harness, Condition: hopt.Condition, Domain: domain}
	if opt.Config == "" {
		return usagef("a configuration name is required (--config)")
	}
	var eps []*ingest.Episode
	var probs []ingest.Problem
	seen := map[ingest.Key]*ingest.Episode{}
	for _, f := range files {
		r, err := tau.ReadFile(f, opt)
		if err != nil {
			return err
		}
		probs = append(probs, r.Problems...)
		for _, ep := range r.Episodes {
			if first, dup := seen[ep.Key()]; dup {
				probs = append(probs, ingest.Problem{File: ep.Source, Line: ep.Line, Field: "task_id/trial",
					Msg: fmt.Sprintf("case %s trial %d again (first at %s member %d)", ep.CaseID, ep.Repeat, first.Source, first.Line)})
				continue
			}
			seen[ep.Key()] = ep
			eps = append(eps, ep)
		}
		fmt.Fprintf(e.Stderr, "%s: %s, domain %s, %d trajectories\n", f, r.Format, r.Domain, len(r.Episodes))
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
	fmt.Fprintf(e.Stderr, "ingest: %d episodes written\n", n)
	return nil
}
