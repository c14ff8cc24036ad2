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
