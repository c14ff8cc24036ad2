package analysis

import (
	"fmt"
	"strings"

	"github.com/sabench/sabench-stats/ingest"
)

// ScoredRelease is an input scored under one or more policies: what every analysis
// command starts from.
type ScoredRelease struct {
	// Input says where the cases and the episodes came from, for notes.
	Input string
	// Synthetic marks the built-in generated release.
	Synthetic bool
	// Bench holds the cases the episodes were scored against.
	Bench *ingest.Bench
	// Releases holds one release per policy, in the order asked; the first scored every
	// episode, the others the main condition only (ScoreOptions.Others).
	Releases []*Release
	// Counts reconcile the first policy's scoring.
	Counts Counts
	// Dropped are the duplicate episodes the reader dropped (--dedupe first/last).
	Dropped []ingest.Problem
}

// NewScoredRelease builds one release per policy of a scoring pass.
func NewScoredRelease(input string, bench *ingest.Bench, s *Scored, dropped []ingest.Problem) *ScoredRelease {
	out := &ScoredRelease{Input: input, Bench: bench, Counts: s.Counts, Dropped: dropped, Synthetic: bench.Kind == ingest.BenchMemory}
	for i, p := range s.Policies {
		out.Releases = append(out.Releases, NewRelease(bench.Cases, bench.Sets, s.Verdicts[i], p))
	}
	return out
}

// Read is the number of episodes read, dropped duplicates included.
func (s *ScoredRelease) Read() int { return s.Counts.Read + len(s.Dropped) }

// ExcludedSummary lists the excluded episodes by reason ("3 harness_failure, 5
// infra_failure", "none").
func (s *ScoredRelease) ExcludedSummary() string { return s.Counts.Summary(len(s.Dropped)) }

// PolicyNames lists the scored policies ("safeact, near-miss").
func (s *ScoredRelease) PolicyNames() string {
	n := make([]string, len(s.Releases))
	for i, r := range s.Releases {
		n[i] = r.Policy.Name
	}
	return strings.Join(n, ", ")
}

// Summary lists the excluded episodes by reason and the dropped duplicates
// ("3 harness_failure, 5 infra_failure", "none").
func (c Counts) Summary(dropped int) string {
	var parts []string
	for _, r := range c.ExcludedReasons() {
		parts = append(parts, fmt.Sprintf("%d %s", c.Excluded[r], r))
	}
	if dropped > 0 {
		parts = append(parts, fmt.Sprintf("%d duplicate", dropped))
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}
