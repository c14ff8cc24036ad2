package verdicts

import (
	"math"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/oracle"
)

func TestAgreementSummary(t *testing.T) {
	if got := AgreementSummary("official verdicts", "official", analysis.Agreement{}); got != "  agreement with official verdicts: none of the scored episodes carries one\n" {
		t.Errorf("no labels: %q", got)
	}
	vv := oracle.Fields{RunID: "r1", CaseID: "SAB-V1-001", Outcome: "DEFER"}.Verdict()
	v := &vv
	got := AgreementSummary("the audit a.csv", "audit", analysis.Agreement{N: 2, Observed: 0.5, Kappa: math.NaN(), FalseAccepts: 1, Disagreements: []*oracle.Verdict{v}})
	want := "  agreement with the audit a.csv (oracle as reference): 2 episodes, raw agreement 0.5000, Cohen's κ undefined (chance agreement is perfect), false accepts 1 (audit pass, oracle fail), false rejects 0 (audit fail, oracle pass)\n" +
		"  disagreement: run r1, case SAB-V1-001, audit pass, oracle fail (DEFER)\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
