package results

import (
	"fmt"
	"strings"

	"github.com/sabench/sabench-stats/analysis"
)

// AgreementSummary is the indented summary of the oracle's agreement with one source of
// labels (source names it in full, short in the counts), listing every disagreement. A
// disagreement's label is the opposite of the oracle's verdict.
func AgreementSummary(source, short string, a analysis.Agreement) string {
	if a.N == 0 {
		return fmt.Sprintf("  agreement with %s: none of the scored episodes carries one\n", source)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "  agreement with %s (oracle as reference): %d episodes, raw agreement %.4f, Cohen's κ %s, false accepts %d (%s pass, oracle fail), false rejects %d (%s fail, oracle pass)\n",
		source, a.N, a.Observed, kappaText(a.Kappa), a.FalseAccepts, short, a.FalseRejects, short)
	for _, v := range a.Disagreements {
		fmt.Fprintf(&b, "  disagreement: run %s, case %s, %s %s, oracle %s (%s)\n", v.RunID(), v.CaseID(), short, passFail(!v.ECS()), passFail(v.ECS()), v.Outcome())
	}
	return b.String()
}

func passFail(ok bool) string {
	if ok {
		return "pass"
	}
	return "fail"
}

// kappaText is κ with four decimals; NaN (chance agreement is perfect) says so.
func kappaText(k float64) string {
	if k != k {
		return "undefined (chance agreement is perfect)"
	}
	return fmt.Sprintf("%.4f", k)
}
