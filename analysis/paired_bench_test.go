package analysis

import (
	"sync"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/synth"
	"github.com/sabench/sabench-stats/oracle"
)

var builtinOnce struct {
	sync.Once
	r   *Release
	err error
}

// builtinRelease scores the built-in release (every condition) under safeact, once.
func builtinRelease(tb testing.TB) *Release {
	builtinOnce.Do(func() {
		rel, err := synth.Default()
		if err != nil {
			builtinOnce.err = err
			return
		}
		b, err := casespec.NewBench("builtin", rel.Cases, rel.Sets, casespec.BenchOptions{})
		if err != nil {
			builtinOnce.err = err
			return
		}
		s, err := Score(&ingest.SliceSource{Episodes: rel.Episodes}, b.Case, ScoreOptions{Policies: []oracle.Policy{oracle.Presets[0]}, Workers: 2})
		if err != nil {
			builtinOnce.err = err
			return
		}
		builtinOnce.r = NewRelease(b.Cases, b.Sets, s.Verdicts[0], oracle.Presets[0])
	})
	if builtinOnce.err != nil {
		tb.Fatal(builtinOnce.err)
	}
	return builtinOnce.r
}

// BenchmarkHarnessComparison is T4 on the built-in release: five case-paired Δs over the
// 570 V0–V3 cases, 5000 percentile resamples each, on one core.
func BenchmarkHarnessComparison(b *testing.B) {
	r := builtinRelease(b)
	o := DefaultStatOptions()
	o.Workers = 1
	c0 := processCPU()
	for b.Loop() {
		if _, err := r.HarnessComparison(PaperChoices(), o); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(processCPU()-c0)/float64(b.N), "cpu-ns/op")
}
