package analysis

import (
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/synth"
	"github.com/sabench/sabench-stats/oracle"
)

// BenchmarkScoreRelease is Score of the built-in release (34,147 episodes, in the order
// the release lists them: every case before one repeats) under safeact, on one worker,
// with no Each or detail (as the score command). Each iteration compiles the cases afresh
// (a new Score call), as a command does once.
func BenchmarkScoreRelease(b *testing.B) {
	rel, err := synth.Default()
	if err != nil {
		b.Fatal(err)
	}
	bench, err := casespec.NewBench("builtin", rel.Cases, rel.Sets, casespec.BenchOptions{})
	if err != nil {
		b.Fatal(err)
	}
	opt := ScoreOptions{Policies: []oracle.Policy{oracle.SafeAct}, Workers: 1}
	c0 := processCPU()
	for b.Loop() {
		if _, err := Score(&ingest.SliceSource{Episodes: rel.Episodes}, bench.Case, opt); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(processCPU()-c0)/float64(b.N*len(rel.Episodes)), "cpu-ns/episode")
}
