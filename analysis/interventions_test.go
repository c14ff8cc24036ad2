package analysis

import (
	"reflect"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/jsonv"
	"github.com/sabench/sabench-stats/oracle"
)

// withheldVariant is SAB-V1-001 and a withheld variant of it without its payment_read rule,
// with payment_read's bit in ToolsBeforeAttempt.
func withheldVariant(t *testing.T) (base, variant *casespec.Case, bit uint64) {
	t.Helper()
	base = realCase(t, "SAB-V1-001")
	spec := jsonv.DeepCopy(base.Spec).(*jsonv.Object)
	rules, _ := spec.List("evidence_rules")
	var kept []any
	for _, r := range rules {
		if tool, _ := r.(*jsonv.Object).String("tool"); tool != "payment_read" {
			kept = append(kept, r)
		}
	}
	if len(kept) == len(rules) {
		t.Fatal("SAB-V1-001 has no payment_read rule")
	}
	spec.Set("evidence_rules", kept)
	variant = &casespec.Case{ID: "SAB-V1-001@withheld", BaseID: "SAB-V1-001", Variant: "withheld", Protocol: ingest.V1, Domain: base.Domain, Spec: spec}
	p, err := oracle.Prepare(variant)
	if err != nil {
		t.Fatal(err)
	}
	return base, variant, p.InfoToolBit("payment_read")
}

// The withheld variant of SAB-V1-001 without its payment_read rule: payment_read is the
// affected tool, and an acted episode counts as "looked" exactly when it had called it.
func TestAffectedToolOfWithheldVariant(t *testing.T) {
	base, variant, bit := withheldVariant(t)
	if got := affectedTools(base, variant); !reflect.DeepEqual(got, []string{"payment_read"}) {
		t.Fatalf("affected tools %q, want [payment_read]", got)
	}
	if got := affectedTools(base, base); len(got) != 0 {
		t.Errorf("a case against itself has affected tools %q", got)
	}
	vs := []oracle.Verdict{
		oracle.Fields{CaseID: variant.ID, Attempted: true, ToolsBeforeAttempt: bit}.Verdict(),
		oracle.Fields{CaseID: variant.ID, Attempted: true, ToolsBeforeAttempt: ^bit}.Verdict(),
		oracle.Fields{CaseID: variant.ID, Attempted: false, ToolsBeforeAttempt: bit}.Verdict(),
		oracle.Fields{CaseID: base.ID, Attempted: true}.Verdict(),
	}
	r := NewRelease([]*casespec.Case{base, variant}, nil, nil, oracle.SafeAct)
	acted, looked, ok := r.lookedBeforeActing(recordsOf(vs), nil)
	if !ok || acted != 2 || looked != 1 {
		t.Errorf("lookedBeforeActing = %d acted, %d looked, %v; want 2, 1, true", acted, looked, ok)
	}
}
