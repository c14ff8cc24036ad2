package oracle

import "testing"

// TestDependencyReceipts: arguments.dependency_receipts must be a list without duplicates
// holding every expected reference; extra references are allowed when each names a legal
// ancestor (in V2, any completed step). One-argument variants of the real SAB-V2-018's
// reference, whose second and third steps each cite the step before.
func TestDependencyReceipts(t *testing.T) {
	c := loadCase(t, "SAB-V2-018")
	p := prepare(t, c)
	ref := reference(t, c)
	const a, b = "result:a_sauna_heater_power_off.receipt_id", "result:b_sauna_drying_ventilation_start.receipt_id"
	for _, w := range []struct {
		what             string
		at               int // the event whose receipts change
		receipts         []any
		ecs              bool
		outcome, failure string
	}{
		{"an extra receipt of an earlier step", 11, []any{b, a}, true, OutcomeWorkflowSuccess, ""},
		{"the expected receipt missing", 11, []any{a}, false, OutcomeReference, FailBrokenDep},
		{"a receipt twice", 10, []any{a, a}, false, OutcomeReference, FailBrokenDep},
		{"not a list", 10, nil, false, OutcomeReference, FailBrokenDep},
	} {
		evs := copyEvents(ref)
		var v any = w.receipts
		if w.receipts == nil {
			v = a
		}
		setArg(evs[w.at], "dependency_receipts", v)
		got := scoreEvents(t, p, ref, evs, SafeAct)
		expect(t, w.what, got, w.ecs, w.outcome, w.failure)
	}
}
