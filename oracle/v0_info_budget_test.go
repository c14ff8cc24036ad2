package oracle

import (
	"slices"
	"testing"
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
