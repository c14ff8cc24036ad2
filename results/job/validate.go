package job

import (
	"errors"
	"slices"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/source"
	"github.com/sabench/sabench-stats/oracle"
)

// Validation is what Validate found.
type Validation struct {
	Bench   *casespec.Bench          // nil for the bench "none"
	Report  *ingest.ValidationReport // nil when there is no episode file to check
	Skipped []ingest.Problem         // what a directory search passed over
}

// BenchError is a bench that did not load; ingest.AsProblems(Err) lists its problems.
type BenchError struct {
	Bench string
	Err   error
}

func (e *BenchError) Error() string { return e.Err.Error() }
func (e *BenchError) Unwrap() error { return e.Err }

// Validate loads the bench (Source.Bench "none": no case checks) and checks the episode
// files that patterns and Source.Runs name, else the runs file beside a bench directory
// (source.ValidateFiles), reading lines of up to maxLine bytes and listing the first
// maxProblems problems (0: ingest.DefaultMaxProblems; the rest are counted). The
// Validation comes back with any error but the bench's.
func (o *Options) Validate(patterns []string, maxLine, maxProblems int) (*Validation, error) {
	if err := source.CheckDedupe(o.Source.Dedupe); err != nil {
		return nil, optionError(err)
	}
	if len(o.Source.Inspect) > 0 || o.Source.RecordFrom != "" {
		return nil, optionError(errors.New("validate checks episode files: turn Inspect logs into episodes with ingest --inspect first (it lists every problem of the logs)"))
	}
	if len(patterns) > 0 && o.Source.Bench == "" {
		_, err := source.ResolveBench("", "validating episode files")
		return nil, optionError(err)
	}
	so, err := o.SourceOptions()
	if err != nil {
		return nil, err
	}
	v := &Validation{}
	if so.Bench != "none" {
		if v.Bench, _, _, err = source.LoadBench(so.Bench, so.BenchOptions); err != nil {
			return nil, &BenchError{Bench: so.Bench, Err: err}
		}
		v.Bench.Warnings = append(v.Bench.Warnings, oracle.IDRuleWarnings(v.Bench)...)
	}
	v.Report, v.Skipped, err = source.ValidateFiles(so.Bench, v.Bench, append(slices.Clone(patterns), so.Runs...),
		ingest.ReadOptions{Dedupe: source.DedupePolicy(so.Dedupe), MaxLineBytes: maxLine, MaxProblems: maxProblems})
	return v, err
}
