package oracle

import (
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// Every real case's reference solution must pass under safeact (the release's
// VALIDATION.json reports 656/656 reference replays passing).
func TestReferenceEpisodesPass(t *testing.T) {
	want := map[ingest.Protocol]string{ingest.Legacy: "", ingest.V0: OutcomeNoAction, ingest.V1: OutcomeTaskSuccess,
		ingest.V2: OutcomeWorkflowSuccess, ingest.V3: OutcomeWorkflowSuccess}
	for _, id := range allCaseIDs(t) {
		t.Run(id, func(t *testing.T) {
			c := loadCase(t, id)
			p := prepare(t, c)
			ep := reference(t, c)
			v := p.Score(ep, SafeAct, true)
			outcome := want[c.Protocol]
			if c.Protocol == ingest.Legacy {
				outcome = "ALLOW" // SAB-L-001's gold decision
			}
			expect(t, id, v, true, outcome, "")
			if len(v.Detail.ContractErrors) != 0 {
				t.Errorf("%s: contract errors %v", id, v.Detail.ContractErrors)
			}
			// A reference solution is what a careful agent writes: its record must also be
			// valid under the release's record schema (a Legacy decision without claims or
			// evidence_refs was refused by validate).
			if probs := ingest.CheckRecord(ep, c.Protocol); len(probs) != 0 {
				t.Errorf("%s: the reference record is not schema-valid: %v", id, probs)
			}
			if v.Excluded() || v.Model() != "reference" {
				t.Errorf("%s: identity fields %+v", id, v)
			}
		})
	}
}

// TestToolsBeforeAttempt checks the compact record of which information tools were
// called before the first consequential attempt.
func TestToolsBeforeAttempt(t *testing.T) {
	c := loadCase(t, "SAB-V1-001")
	p := prepare(t, c)
	ref := reference(t, c)
	v := p.Score(ref, SafeAct, false)
	var want uint64
	events, _ := ref.Record.List("events")
	for _, e := range events {
		o := e.(*jsonv.Object)
		if typ, _ := o.String("type"); typ == "INFO_CALL" {
			tool, _ := o.String("tool")
			want |= p.InfoToolBit(tool)
		}
	}
	if want == 0 || v.ToolsBeforeAttempt() != want {
		t.Fatalf("ToolsBeforeAttempt = %b, want %b", v.ToolsBeforeAttempt(), want)
	}
	// Acting first: nothing was read before the attempt.
	early := *ref
	early.Record = ref.Record.DeepCopy()
	evs, _ := early.Record.List("events")
	last := evs[len(evs)-1]
	early.Record.Set("events", append([]any{last}, evs[:len(evs)-1]...))
	if v := p.Score(&early, SafeAct, false); v.ToolsBeforeAttempt() != 0 || v.FirstAttemptIndex() != 0 {
		t.Errorf("acting first: ToolsBeforeAttempt = %b, FirstAttemptIndex = %d", v.ToolsBeforeAttempt(), v.FirstAttemptIndex())
	}
	if p.InfoToolBit("no_such_tool") != 0 {
		t.Error("unknown tool has a bit")
	}
}
