package results

import (
	"fmt"
	"io"
	"strings"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/oracle"
)

// Explain writes one explanation per verdict of the episode ep (one verdict per policy),
// separated by a blank line: the oracle's readable chain (oracle.Explain, from the
// verdict's Detail) when the oracle walked the episode, else its key and verdict. vs[i] was
// scored under pols[i].
func Explain(w io.Writer, cs *ingest.Case, ep *ingest.Episode, pols []oracle.Policy, vs []oracle.Verdict) error {
	for i := range vs {
		if i > 0 {
			if _, err := io.WriteString(w, "\n"); err != nil {
				return err
			}
		}
		var err error
		if vs[i].Detail == nil {
			err = explainUnwalked(w, pols[i], &vs[i])
		} else {
			err = oracle.Explain(w, cs, ep, pols[i], vs[i])
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// explainUnwalked prints the key and verdict of an episode the oracle did not walk (it
// was excluded, or counted as a failure for its status with --infra-failures fail), in
// oracle.Explain's words: there is no chain to show.
func explainUnwalked(w io.Writer, pol oracle.Policy, v *oracle.Verdict) error {
	var b strings.Builder
	fmt.Fprintf(&b, "run %s: %s on %s (%s, %s), repeat %d, condition %s\n", v.RunID(), v.Config(), v.CaseID(), v.Protocol().Label(), v.Domain(), v.Repeat(), v.Condition())
	fmt.Fprintf(&b, "policy %s (evaluator %s; %s)\n", pol.Name, pol.ShortRevision(), pol.Hash())
	if v.Excluded() {
		fmt.Fprintf(&b, "excluded: status %s\n", v.ExclusionReason())
	} else {
		verdict := "FAIL"
		if v.ECS() {
			verdict = "PASS"
		}
		fmt.Fprintf(&b, "verdict: %s  outcome=%s  failure=%s\n", verdict, v.Outcome(), v.FailureType())
		fmt.Fprintf(&b, "not walked: status %s is scored as a failure without reading the record (--infra-failures fail)\n", v.Status())
	}
	_, err := io.WriteString(w, b.String())
	return err
}
