package main

import (
	"fmt"
	"io"

	"github.com/sabench/sabench-stats/cmd/internal/cli"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/source"
	"github.com/sabench/sabench-stats/results/job"
)

// load opens the bench and its episodes (job.Options.Load) and notes on stderr what a
// --runs directory search passed over.
func (c *common) load() (*source.Input, error) {
	in, err := c.Load()
	if err != nil {
		return nil, err
	}
	noteSkipped(c.stderr, in.Skipped)
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

// release scores the release (job.Options.Release) with a progress display, and keeps it
// for the provenance of the outputs.
func (c *common) release(s job.Scoring) (*job.Release, error) {
	bar := cli.NewProgress(c.stderr, "scoring")
	defer bar.Finish()
	c.Progress = bar.Set
	r, err := c.Release(s)
	if err != nil {
		return nil, err
	}
	if r.Input != nil {
		noteSkipped(c.stderr, r.Input.Skipped)
	}
	c.rel = r
	return r, nil
}
