package source

import (
	"fmt"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
)

// ValidateRuns returns the episode files a validation checks: patterns when given, else
// the runs file beside a bench directory (none beside the built-in bench, a generated
// bench, a JSONL of cases, or no bench).
func ValidateRuns(bench string, b *casespec.Bench, patterns []string) []string {
	if len(patterns) > 0 || b == nil || b.Kind == casespec.BenchMemory || b.Kind == casespec.BenchGenerated || b.Kind == casespec.BenchJSONL {
		return patterns
	}
	if p := ingest.RunsBeside(bench); p != "" {
		return []string{p}
	}
	return nil
}

// ValidateFiles checks the episode files a validation names (ValidateRuns: patterns, else
// the runs file beside the bench directory) against b (nil: no case checks). It returns
// the report (nil when there is no file to check) and the entries a directory search
// passed over, which are returned with an error from ingest.Validate too.
func ValidateFiles(bench string, b *casespec.Bench, patterns []string, opt ingest.ReadOptions) (*ingest.ValidationReport, []ingest.Problem, error) {
	flagged := len(patterns) > 0 // else the runs file beside the bench, which no flag named
	patterns = ValidateRuns(bench, b, patterns)
	if len(patterns) == 0 {
		return nil, nil, nil
	}
	files, skipped, err := ingest.ExpandRunsSkipped(patterns)
	if err != nil {
		if flagged {
			err = fmt.Errorf("--runs: %w", err)
		}
		return nil, nil, err
	}
	opt.Bench = nil
	if b != nil { // a nil *casespec.Bench held by the interface would make every case unknown
		opt.Bench = b
	}
	rep, err := ingest.Validate(files, opt)
	return rep, skipped, err
}
