package oracle

import "testing"

// TestExplainV0ContractBreakIsNotThePreflight: in V0 the hidden preflight's BLOCK or DEFER
// is the stop the agent should report, never where its chain broke. The real SAB-V0-166's
// reference without its terminal (a record the evaluator rejects: terminal is missing)
// read everything and the preflight derives the expected BLOCK; the chain broke at the
// contract errors, as it does for an empty record (the agent was killed), whose preflight
// derives DEFER.
func TestExplainV0ContractBreakIsNotThePreflight(t *testing.T) {
	c := loadCase(t, "SAB-V0-166")
	noTerminal := reference(t, c)
	noTerminal.Record.Delete("terminal")
	empty := reference(t, c)
	for _, k := range append([]string(nil), empty.Record.Object().Keys...) {
		empty.Record.Delete(k)
	}
	check := func(name, outcome string, v Verdict, x *Explanation) {
		t.Helper()
		if v.FailureType() != FailContract || v.Outcome() != outcome {
			t.Fatalf("%s: failure %q outcome %q, want contract_or_invalid and %s", name, v.FailureType(), v.Outcome(), outcome)
		}
		if x.Broke != "contract errors (listed below)" || x.BrokeAt != -1 {
			t.Errorf("%s: chain broke %q at %d, want the contract errors", name, x.Broke, x.BrokeAt)
		}
	}
	p := prepare(t, c)
	v := p.Score(noTerminal, SafeAct, true)
	check("no terminal", "BLOCK", v, Explain(c, noTerminal, SafeAct, v))
	v = p.Score(empty, SafeAct, true)
	check("empty record", "DEFER", v, Explain(c, empty, SafeAct, v))
}
