package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/cmd/internal/cli"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/source"
	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results"
	"github.com/sabench/sabench-stats/results/view"
)

// benchOptions adds --set to the input options.
func (c *common) benchOptions() (source.Options, error) {
	o := c.src
	o.Workers = c.jobs
	var err error
	if o.Sets, err = source.ParseSets(c.sets); err != nil {
		return o, usagef("%v", err)
	}
	return o, nil
}

// load opens the bench and its episodes (source.Open) and notes on stderr what a --runs
// directory search passed over.
func (c *common) load() (*source.Input, error) {
	opt, err := c.benchOptions()
	if err != nil {
		return nil, err
	}
	in, err := source.Open(opt)
	var noEpisodes *source.NoEpisodesError
	if errors.As(err, &noEpisodes) {
		return nil, usagef("%v", err)
	}
	if err != nil {
		return nil, err
	}
	noteSkipped(c.stderr, in.Skipped)
	c.loaded = in
	return in, nil
}

// noteSkipped says, one line each and then a count, what a --runs directory search passed
// over (links to directories, entries that are not regular files).
func noteSkipped(w io.Writer, skipped []ingest.Problem) {
	if w == nil || len(skipped) == 0 {
		return
	}
	for _, p := range skipped {
		fmt.Fprintln(w, "note:", p)
	}
	fmt.Fprintf(w, "note: %d entries of the --runs directories skipped\n", len(skipped))
}

// policyList resolves --policy (oracle.LookupPoliciesOr).
func (c *common) policyList(all bool) ([]oracle.Policy, error) {
	pols, err := oracle.LookupPoliciesOr(c.policies, all)
	var unknown *oracle.UnknownPolicyError
	if errors.As(err, &unknown) {
		return nil, usagef("%v", err)
	}
	return pols, err // a policy file with bad contents is an input error
}

// score streams the episodes once and scores them under opt.Policies with the input
// flags and a progress display: all at once (analysis.Score), or with chunk > 0 chunk
// episodes at a time, each chunk's verdicts handed to emit (analysis.ScoreChunked).
func (c *common) score(in *source.Input, opt analysis.ScoreOptions, chunk int, emit func([][]oracle.Verdict) error) (*analysis.Scored, []ingest.Problem, error) {
	src, err := in.Open()
	if err != nil {
		return nil, nil, err
	}
	defer src.Close()
	bar := cli.NewProgress(c.stderr, "scoring")
	defer bar.Finish()
	opt.Workers, opt.InfraFailuresFail, opt.Progress = c.jobs, c.infraFailures == "fail", bar.Set
	var s *analysis.Scored
	if chunk > 0 {
		s, err = analysis.ScoreChunked(src, in.Bench.Case, opt, chunk, emit)
	} else {
		s, err = analysis.Score(src, in.Bench.Case, opt)
	}
	if err != nil {
		return nil, nil, err
	}
	return s, src.Reported(), nil
}

// scoreRelease resolves the policies (every preset by default when all is true), loads
// the input and scores it in one pass: every episode under the first policy, and under the
// others those others admits (all when nil). With collect the viewer's episodes are
// encoded while they are scored (view.Collector), so that the input is read once; with
// --verdicts there are no episodes and the collector is nil. A choice flag that names
// nothing in the release is refused.
func (c *common) scoreRelease(all bool, others func(*ingest.Episode) bool, collect bool) (*analysis.ScoredRelease, *view.Collector, error) {
	if c.verdicts != "" {
		sr, err := c.readVerdicts()
		c.scored = sr // the provenance stamp and the SYNTHETIC mark read it
		if err != nil {
			return nil, nil, err
		}
		return sr, nil, c.checkChoices(sr)
	}
	pols, err := c.policyList(all)
	if err != nil {
		return nil, nil, err
	}
	c.src.Hash = true // the outputs carry provenance: hash the episodes as they are read
	in, err := c.load()
	if err != nil {
		return nil, nil, err
	}
	opt := analysis.ScoreOptions{Policies: pols, Others: others}
	var col *view.Collector
	if collect {
		if col, err = view.NewCollector(in.Bench.Cases, pols); err != nil {
			return nil, nil, err
		}
		opt.Each, opt.DetailFirst = col.Add, true
	}
	s, dropped, err := c.score(in, opt, 0, nil)
	if err != nil {
		return nil, nil, err
	}
	c.scored = analysis.NewScoredRelease(in.Describe, in.Bench, s, dropped)
	return c.scored, col, c.checkChoices(c.scored)
}

// readVerdicts builds the scored release from --verdicts (results.ScoredFromVerdicts),
// refusing the flags that would change choices made when the dataset was written.
func (c *common) readVerdicts() (*analysis.ScoredRelease, error) {
	if err := results.RefuseRescoring(c.src.Runs, c.policies, c.infraFailures, c.src.Dedupe); err != nil {
		return nil, usagef("%v", err)
	}
	opt, err := c.benchOptions()
	if err != nil {
		return nil, err
	}
	bench, describe, _, err := source.LoadBench(opt.Bench, opt.BenchOptions)
	if err != nil {
		return nil, err
	}
	return results.ScoredFromVerdicts(c.verdicts, bench, describe)
}
