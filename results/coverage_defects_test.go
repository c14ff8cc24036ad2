package results_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/oracle"
)

// TestCoverageSaysWhatLenientReasonsAre: a verdict dataset score --lenient wrote counts
// episodes excluded as no_record, no_schema or unknown_field, and its coverage table had a
// column for each under the one note "Excluded episodes (not completed) …", which they are
// not: they are episodes validate rejects. The table now says what each is.
func TestCoverageSaysWhatLenientReasonsAre(t *testing.T) {
	cases, sets, vs := fixtureVerdicts(t)
	for i, reason := range []string{"no_record", "unknown_field"} {
		v := vs[i]
		vs[i] = oracle.Fields{RunID: v.RunID(), Config: v.Config(), Model: v.Model(), Harness: v.Harness(), CaseID: v.CaseID(), BaseCaseID: v.CaseID(),
			Protocol: v.Protocol(), Domain: v.Domain(), Repeat: v.Repeat(), Condition: v.Condition(), Status: "completed", Excluded: true,
			ExclusionReason: reason, FirstAttemptIndex: -1, Official: -1}.Verdict()
	}
	tb := buildOne(t, analysis.NewRelease(cases, sets, vs, oracle.SafeAct), "coverage", goldenStats())
	const want = "Excluded: no_record (a completed episode without a record), unknown_field (a top-level field the format does not define): episodes that validate rejects, read by score --lenient and excluded by that defect, never scored."
	if !slices.Contains(tb.Notes, want) {
		t.Errorf("coverage notes lack %q:\n%s", want, strings.Join(tb.Notes, "\n"))
	}
}
