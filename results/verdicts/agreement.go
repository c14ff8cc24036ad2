package verdicts

import (
	"fmt"
	"io"
	"strings"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/oracle"
)

// AgreementSummary is the indented summary of the oracle's agreement with one source of
// labels (source names it in full, short in the counts), listing every disagreement. A
// disagreement's label is the opposite of the oracle's verdict.
func AgreementSummary(source, short string, a analysis.Agreement) string {
	if a.N == 0 {
		return fmt.Sprintf("  agreement with %s: none of the scored episodes carries one\n", source)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "  agreement with %s (oracle as reference): %s, raw agreement %.4f, Cohen's κ %s, false accepts %d (%s pass, oracle fail), false rejects %d (%s fail, oracle pass)\n",
		source, ingest.Plural(a.N, "episode"), a.Observed, kappaText(a.Kappa), a.FalseAccepts, short, a.FalseRejects, short)
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

// DisagreementsHeader is the first line WriteDisagreements writes.
const DisagreementsHeader = "run_id\tconfig\tcase_id\tpolicy\tofficial\toracle\toutcome\tfailure_type"

// WriteDisagreements writes every episode whose harness verdict differs from the oracle's,
// one tab-separated line each under DisagreementsHeader: policy by policy, episodes in input
// order; vs[i] was scored under pols[i]. An excluded episode or one without a harness
// verdict is never a disagreement.
func WriteDisagreements(w io.Writer, pols []oracle.Policy, vs [][]oracle.Verdict) error {
	var b strings.Builder
	b.WriteString(DisagreementsHeader + "\n")
	for pi, pv := range vs {
		// An error concerns κ only; the disagreements are listed before it is computed.
		a, _ := analysis.AgreeWithOfficial(pv)
		for _, v := range a.Disagreements {
			fmt.Fprintf(&b, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", tsvField(v.RunID()), tsvField(v.Config()), tsvField(v.CaseID()), tsvField(pols[pi].Name),
				passFail(!v.ECS()), passFail(v.ECS()), tsvField(v.Outcome()), tsvField(v.FailureType()))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// tsvField keeps a value on its line and in its column: a tab, line break or other
// control character shown as Go quotes it, as the tables show it ("a\tb", not "a b",
// which may be another configuration's name).
func tsvField(s string) string { return ingest.OneLine(s) }
