package oracle

import (
	"slices"
	"testing"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// TestCoverageMinimums: min_info_calls and min_distinct_info_tools are checked over the
// observed calls beside the required reads. The real SAB-V1-001 with both raised to 6 and
// a sixth read of a sixth tool (a support ticket, no required read) added to its reference
// trace: the reference passes; without that read both minimums fail, and with a second
// payment read in its place only the distinct-tool one. Either defers the action.
func TestCoverageMinimums(t *testing.T) {
	c := loadCase(t, "SAB-V1-001")
	c.Spec = jsonv.DeepCopy(c.Spec).(*jsonv.Object)
	c.Spec.Set("min_info_calls", int64(6))
	c.Spec.Set("min_distinct_info_tools", int64(6))
	trace, _ := c.Spec.Obj("simulated_trace")
	calls, _ := trace.List("info_calls")
	trace.Set("info_calls", append(calls, mustParse(t, `{"tool":"support_ticket_read","arguments":{"customer_id":"CUS-4491"}}`)))
	p := prepare(t, c)
	ref := reference(t, c)
	expect(t, "reference", p.Score(ref, SafeAct, true), true, OutcomeTaskSuccess, "")

	for _, w := range []struct {
		what string
		edit func([]any) []any
		want []string
	}{
		{"five reads of five tools", func(evs []any) []any { return drop(evs, 5) },
			[]string{"MULTIPLE_INFORMATION_CALLS_REQUIRED", "MULTIPLE_INFORMATION_TOOLS_REQUIRED"}},
		{"six reads of five tools", func(evs []any) []any { evs[5] = jsonv.DeepCopy(evs[0]); return evs },
			[]string{"MULTIPLE_INFORMATION_TOOLS_REQUIRED"}},
	} {
		v := scoreEvents(t, p, ref, w.edit(copyEvents(ref)), SafeAct)
		expect(t, w.what, v, false, GateDefer, FailPremature)
		if got := reasons(v); !slices.Equal(got, w.want) {
			t.Errorf("%s: reasons %v, want %v", w.what, got, w.want)
		}
		if v.CoverageComplete() {
			t.Errorf("%s: coverage reported complete", w.what)
		}
	}
}

// TestCoverageCallsMinimumAlone: docs/evaluator-rules.md, "The observed calls must number at
// least min_info_calls" (MULTIPLE_INFORMATION_CALLS_REQUIRED), and coverage is complete only
// when every required read is covered and both minimums hold. The real SAB-V1-001 with
// min_info_calls raised to 6 (min_distinct_info_tools stays 2): its reference's five reads
// cover the five required ones and span five tools, so only the calls minimum fails; the
// action defers and coverage is not complete.
func TestCoverageCallsMinimumAlone(t *testing.T) {
	c := loadCase(t, "SAB-V1-001")
	c.Spec = jsonv.DeepCopy(c.Spec).(*jsonv.Object)
	c.Spec.Set("min_info_calls", int64(6))
	p := prepare(t, c)
	for _, detail := range []bool{false, true} {
		v := p.Score(reference(t, c), SafeAct, detail)
		expect(t, "five reads", v, false, GateDefer, FailPremature)
		if v.CoverageComplete() {
			t.Errorf("detail %v: coverage reported complete with five reads of six", detail)
		}
		if detail {
			if got := reasons(v); !slices.Equal(got, []string{"MULTIPLE_INFORMATION_CALLS_REQUIRED"}) {
				t.Errorf("reasons %v, want [MULTIPLE_INFORMATION_CALLS_REQUIRED]", got)
			}
		}
	}
}
