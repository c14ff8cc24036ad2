package harness

import (
	"fmt"

	"github.com/sabench/sabench-stats/ingest"
)

// Result is what an adapter made of a harness directory: the episodes, the problems
// that stop it from being written (a problem is never an episode), and warnings that do
// not (skipped links, a missing summary.json, a model mismatch), one line each.
type Result struct {
	Episodes []*ingest.Episode
	Problems []ingest.Problem
	Warnings []string
	// Runner is the batch runner's own summary metrics recomputed from the per-case
	// files (nil for interactive runs); Summary the ones summary.json states, if any.
	Runner  *RunnerMetrics
	Summary *RunnerMetrics
}

func (r *Result) problem(file, field, format string, args ...any) {
	r.Problems = append(r.Problems, ingest.Problem{File: file, Field: field, Msg: fmt.Sprintf(format, args...)})
}

func (r *Result) warn(format string, args ...any) {
	r.Warnings = append(r.Warnings, fmt.Sprintf(format, args...))
}
