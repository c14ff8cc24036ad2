package analysis

import (
	"fmt"
	"math"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/oracle"
)

// TestPairedDiffDegenerateHasNoP: when every shared case has the same difference (the
// real-case fixture's V1 column of the strategy table: both V1 cases +66.7 points), every
// resample gives that Δ and the interval is shown empty, but the bootstrap p printed was
// 2/(B+1), 0.0004 at 5000 resamples and 0.095 at 20: a number set by --resamples alone,
// which then entered the Holm family as the smallest p. An interval that does not exist
// has no p inverting it, as with one unit: p is NaN now. Replicates all 0 keep p = 1
// (no difference found, whatever the number of resamples).
func TestPairedDiffDegenerateHasNoP(t *testing.T) {
	for _, bWins := range []bool{false, true} {
		var cases []*casespec.Case
		var vs []oracle.Verdict
		for i := range 3 {
			id := fmt.Sprintf("SAB-V1-%03d", i+1)
			cases = append(cases, &casespec.Case{ID: id, BaseID: id, Protocol: ingest.V1, Domain: "ops_code_agent"})
			vs = append(vs, v("A/h", id, ingest.V1, "ops_code_agent", 0, true), v("B/h", id, ingest.V1, "ops_code_agent", 0, bWins))
		}
		r := NewRelease(cases, nil, vs, oracle.SafeAct)
		of := func(config string) Arm {
			return Arm{Verdicts: r.Main(), Indicator: ECSOf, Keep: func(x *Record) bool { return x.Config() == config }}
		}
		for _, resamples := range []int{20, 5000} {
			o := DefaultStatOptions()
			o.Resamples = resamples
			d, err := r.PairedDiff(of("A/h"), of("B/h"), "degenerate", o)
			if err != nil {
				t.Fatal(err)
			}
			wantP := math.IsNaN(d.P) // Δ = +1 on every case
			if bWins {
				wantP = d.P == 1 // Δ = 0 on every case
			}
			if !math.IsNaN(d.Lo) || !wantP {
				t.Errorf("B wins %v, %d resamples: Δ %v [%v, %v], p %v; want no interval, p NaN for Δ ≠ 0 and 1 for Δ = 0", bWins, resamples, d.X, d.Lo, d.Hi, d.P)
			}
		}
	}
}
