package analysis

import (
	"testing"

	"github.com/sabench/sabench-stats/ingest"
)

// The reconciliation line counts what was read: episodes read by the scorer plus the
// duplicates the reader dropped, with the excluded ones by reason in sorted order and the
// duplicates last, one of them included. Read 6 + 1 dropped = 7 = 3 scored + 1 + 2 excluded
// + 1 duplicate.
func TestReconciliationCounts(t *testing.T) {
	s := &ScoredRelease{Counts: Counts{Read: 6, Scored: 3, Excluded: map[string]int{"infra_failure": 2, "harness_failure": 1}},
		Dropped: make([]ingest.Problem, 1)}
	if s.Read() != 7 {
		t.Errorf("Read() = %d, want 7 (6 read by the scorer and 1 duplicate dropped)", s.Read())
	}
	if got, want := s.ExcludedSummary(), "1 harness_failure, 2 infra_failure, 1 duplicate"; got != want {
		t.Errorf("ExcludedSummary() = %q, want %q", got, want)
	}
	if got := (Counts{Excluded: map[string]int{}}).Summary(0); got != "none" {
		t.Errorf("nothing excluded: %q, want none", got)
	}
}
