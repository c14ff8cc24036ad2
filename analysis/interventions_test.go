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
	acted, looked, ok, unaffected := r.lookedBeforeActing(recordsOf(vs), nil)
	if !ok || acted != 2 || looked != 1 || len(unaffected) != 0 {
		t.Errorf("lookedBeforeActing = %d acted, %d looked, %v, unaffected %q; want 2, 1, true, none", acted, looked, ok, unaffected)
	}
}

// Every evidence rule that matches a call adds its facts (the evaluator's rules mode), so a
// tool's evidence is all its rules together: a variant that drops one of two payment_read
// rules with the same args_match changes payment_read's evidence. affectedTools keyed the
// rules by tool and args_match, so the remaining rule stood for both and the variant had no
// affected tool, and the interventions column left its episodes out (the real SAB-V1-001 with
// its payment_read rule split in two and a variant without the first half: 2/4 where the
// Python recomputation of docs/command-checks.md gives 3/6).
func TestAffectedToolOfOneOfTwoRulesWithTheSameArgs(t *testing.T) {
	real := realCase(t, "SAB-V1-001")
	spec := jsonv.DeepCopy(real.Spec).(*jsonv.Object)
	rules, _ := spec.List("evidence_rules")
	var split []any
	for _, r := range rules {
		rule := r.(*jsonv.Object)
		if tool, _ := rule.String("tool"); tool != "payment_read" {
			split = append(split, r)
			continue
		}
		facts, _ := rule.List("facts")
		if len(facts) < 2 {
			t.Fatalf("SAB-V1-001's payment_read rule has %d facts, want 2 or more", len(facts))
		}
		for _, part := range [][]any{facts[:1], facts[1:]} {
			half := jsonv.DeepCopy(rule).(*jsonv.Object)
			half.Set("facts", part)
			split = append(split, half)
		}
	}
	spec.Set("evidence_rules", split)
	base := &casespec.Case{ID: "SAB-V1-901", BaseID: "SAB-V1-901", Protocol: ingest.V1, Domain: real.Domain, Spec: spec}
	vspec := jsonv.DeepCopy(spec).(*jsonv.Object)
	vrules, _ := vspec.List("evidence_rules")
	for i, r := range vrules {
		if tool, _ := r.(*jsonv.Object).String("tool"); tool == "payment_read" {
			vspec.Set("evidence_rules", append(append([]any{}, vrules[:i]...), vrules[i+1:]...))
			break
		}
	}
	variant := &casespec.Case{ID: "SAB-V1-901@withheld", BaseID: "SAB-V1-901", Variant: "withheld", Protocol: ingest.V1, Domain: real.Domain, Spec: vspec}
	if got := affectedTools(base, variant); !reflect.DeepEqual(got, []string{"payment_read"}) {
		t.Errorf("affected tools %q, want [payment_read]", got)
	}
	// The same rules in another order are the same evidence.
	rspec := jsonv.DeepCopy(spec).(*jsonv.Object)
	rrules, _ := rspec.List("evidence_rules")
	reversed := make([]any, len(rrules))
	for i, r := range rrules {
		reversed[len(rrules)-1-i] = r
	}
	rspec.Set("evidence_rules", reversed)
	reordered := &casespec.Case{ID: "SAB-V1-901@reordered", BaseID: "SAB-V1-901", Variant: "reordered", Protocol: ingest.V1, Domain: real.Domain, Spec: rspec}
	if got := affectedTools(base, reordered); len(got) != 0 {
		t.Errorf("the same rules reordered have affected tools %q", got)
	}
}

// A variant whose spec changes no evidence (here only its title) has no affected tool: its
// acted episodes are in neither count of the looked column, and lookedBeforeActing names the
// case so that the table says why the column's denominator falls short of Acted (it said
// nothing: 2/4 beside Acted 6/9 in the recomputation of docs/command-checks.md, whose
// SAB-V1-011@withheld had its base's evidence).
func TestLookedNamesVariantWithoutAffectedTool(t *testing.T) {
	base, variant, bit := withheldVariant(t)
	other := realCase(t, "SAB-V1-011")
	spec := jsonv.DeepCopy(other.Spec).(*jsonv.Object)
	spec.Set("title", "the same evidence")
	same := &casespec.Case{ID: "SAB-V1-011@withheld", BaseID: "SAB-V1-011", Variant: "withheld", Protocol: ingest.V1, Domain: other.Domain, Spec: spec}
	vs := []oracle.Verdict{
		oracle.Fields{CaseID: variant.ID, Attempted: true, ToolsBeforeAttempt: bit}.Verdict(),
		oracle.Fields{CaseID: variant.ID, Attempted: true}.Verdict(),
		oracle.Fields{CaseID: same.ID, Attempted: true, ToolsBeforeAttempt: ^uint64(0)}.Verdict(),
		oracle.Fields{CaseID: same.ID, Attempted: false}.Verdict(),
	}
	r := NewRelease([]*casespec.Case{base, variant, other, same}, nil, nil, oracle.SafeAct)
	acted, looked, ok, unaffected := r.lookedBeforeActing(recordsOf(vs), nil)
	if !ok || acted != 2 || looked != 1 || !reflect.DeepEqual(unaffected, []string{"SAB-V1-011@withheld"}) {
		t.Errorf("lookedBeforeActing = %d acted, %d looked, %v, unaffected %q; want 2, 1, true, [SAB-V1-011@withheld]", acted, looked, ok, unaffected)
	}
}

// A variant that withholds payment_read and adds evidence for a tool not among the case's
// info_tools has two affected tools, one the verdicts cannot track. The mask held
// payment_read's bit alone, so an acted episode that had called only the other tool counted
// as not having looked (1 looked of 2 acted, silently); the case is now left out of both
// counts and named, as a variant without a tracked affected tool is.
func TestLookedLeavesOutVariantWithUntrackedAffectedTool(t *testing.T) {
	base, withheld, bit := withheldVariant(t)
	spec := jsonv.DeepCopy(withheld.Spec).(*jsonv.Object)
	rules, _ := spec.List("evidence_rules")
	extra := jsonv.NewObject()
	extra.Set("tool", "ledger_read")
	extra.Set("args_match", jsonv.NewObject())
	extra.Set("facts", []any{"an extra fact"})
	spec.Set("evidence_rules", append(append([]any{}, rules...), extra))
	variant := &casespec.Case{ID: withheld.ID, BaseID: base.ID, Variant: withheld.Variant, Protocol: ingest.V1, Domain: base.Domain, Spec: spec}
	if got := affectedTools(base, variant); !reflect.DeepEqual(got, []string{"payment_read", "ledger_read"}) {
		t.Fatalf("affected tools %q, want [payment_read ledger_read]", got)
	}
	vs := []oracle.Verdict{
		oracle.Fields{CaseID: variant.ID, Attempted: true, ToolsBeforeAttempt: bit}.Verdict(),
		oracle.Fields{CaseID: variant.ID, Attempted: true}.Verdict(),
	}
	r := NewRelease([]*casespec.Case{base, variant}, nil, nil, oracle.SafeAct)
	acted, looked, ok, unaffected := r.lookedBeforeActing(recordsOf(vs), nil)
	if ok || acted != 0 || looked != 0 || !reflect.DeepEqual(unaffected, []string{variant.ID}) {
		t.Errorf("lookedBeforeActing = %d acted, %d looked, %v, unaffected %q; want 0, 0, false, [%s]", acted, looked, ok, unaffected, variant.ID)
	}
}
