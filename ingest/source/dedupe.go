package source

import (
	"fmt"

	"github.com/sabench/sabench-stats/ingest"
)

// DedupePolicy is a --dedupe value as ingest.ReadOptions.Dedupe: "error", the default
// spelled out, is ingest.DedupeNone; other values pass through for CheckDedupe or the
// reader to judge.
func DedupePolicy(s string) string {
	if s == "error" {
		return ingest.DedupeNone
	}
	return s
}

// CheckDedupe refuses a --dedupe other than error (or empty), first or last.
func CheckDedupe(s string) error {
	switch DedupePolicy(s) {
	case ingest.DedupeNone, ingest.DedupeFirst, ingest.DedupeLast:
		return nil
	}
	return fmt.Errorf("--dedupe must be first or last, not %q", s)
}

// ValidateRuns returns the episode files a validation checks: patterns when given, else
// the runs file beside a bench directory (none beside the built-in bench, a JSONL of
// cases, or no bench).
func ValidateRuns(bench string, b *ingest.Bench, patterns []string) []string {
	if len(patterns) > 0 || b == nil || b.Kind == ingest.BenchMemory || b.Kind == ingest.BenchJSONL {
		return patterns
	}
	if p := ingest.RunsBeside(bench); p != "" {
		return []string{p}
	}
	return nil
}
