package oracle

import (
	"slices"
	"testing"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// TestV0InfoBudget: V0 checks a read's scope before the budget, and only accepted reads
// use the budget (the other order from V1's), on the real SAB-V0-001 (max_info_calls 10,
// a reference of five reads). Either invalid read fails the episode as a contract break.
func TestV0InfoBudget(t *testing.T) {
	c := loadCase(t, "SAB-V0-001")
	p := prepare(t, c)
	ref := reference(t, c)
	stray := func() any { return mustParse(t, `{"type":"INFO_CALL","tool":"payment_read","arguments":{}}`) }
	again := func() []any { return copyEvents(ref) } // the five reads once more: ten accepted
	for _, w := range []struct {
		what string
		evs  []any
		want []string
	}{
		{"out-of-scope reads use no budget", append(append([]any{stray(), stray()}, copyEvents(ref)...), again()...),
			[]string{"TOOL_NOT_IN_INFO_SCOPE", "TOOL_NOT_IN_INFO_SCOPE"}},
		{"scope before budget", append(append(copyEvents(ref), again()...), stray()),
			[]string{"TOOL_NOT_IN_INFO_SCOPE"}},
	} {
		v := scoreEvents(t, p, ref, w.evs, SafeAct)
		expect(t, w.what, v, false, GateDefer, FailContract)
		var got []string
		for _, ic := range v.Detail.InvalidInfoCalls {
			got = append(got, ic.Reason)
		}
		if !slices.Equal(got, w.want) {
			t.Errorf("%s: invalid reads %v, want %v", w.what, got, w.want)
		}
	}
}

// TestV0InfoBudgetOfOne: "V0: scope is checked before the budget, and only accepted reads
// use it" (docs/evaluator-rules.md) holds for the smallest budget too: SAB-V0-001 with
// max_info_calls 1 accepts the reference's first read and refuses each later one as
// MAX_INFO_CALLS_EXCEEDED, a contract break (0, or no max_info_calls, sets no budget).
func TestV0InfoBudgetOfOne(t *testing.T) {
	c := withSpec(t, "SAB-V0-001", func(spec *jsonv.Object) { spec.Set("max_info_calls", int64(1)) })
	p := prepare(t, c)
	ref := reference(t, loadCase(t, "SAB-V0-001"))
	v := scoreEvents(t, p, ref, copyEvents(ref), SafeAct)
	expect(t, "budget of one", v, false, GateDefer, FailContract)
	var got []int
	for _, ic := range v.Detail.InvalidInfoCalls {
		if ic.Reason == "MAX_INFO_CALLS_EXCEEDED" {
			got = append(got, ic.EventIndex)
		}
	}
	if !slices.Equal(got, []int{1, 2, 3, 4}) {
		t.Errorf("reads over the budget at %v, want [1 2 3 4]", got)
	}
}
