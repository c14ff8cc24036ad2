package oracle

import (
	"testing"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// TestV2SchemaInvalidDelta: V2 checks a delta's facts against evidence_schema when a read
// selects it, and a failure ends the walk with SPEC_INVALID_EVIDENCE_SCHEMA. The real
// SAB-V2-016 with one delta added, a second patient's record whose materialization_source
// is outside the schema's enum: the reference, which never reads it, still passes; a read
// of that patient ends the episode there.
func TestV2SchemaInvalidDelta(t *testing.T) {
	c := loadCase(t, "SAB-V2-016")
	c.Spec = jsonv.DeepCopy(c.Spec).(*jsonv.Object)
	deltas, _ := c.Spec.Obj("frozen_evidence_deltas")
	facts, _ := deltas.List(`patient_summary_read:{"record_id":"HC-PAT-018"}`)
	bad := jsonv.DeepCopy(facts).([]any)
	obj(bad[0]).Set("record_id", "HC-PAT-019")
	obj(bad[0]).Set("materialization_source", "agent_guess")
	deltas.Set(`patient_summary_read:{"record_id":"HC-PAT-019"}`, bad)
	p := prepare(t, c)
	ref := reference(t, c)
	expect(t, "reference", p.Score(ref, SafeAct, true), true, OutcomeWorkflowSuccess, "")

	evs := copyEvents(ref)
	evs[0] = mustParse(t, `{"type":"INFO_CALL","call_id":"info_01","tool":"patient_summary_read","arguments":{"record_id":"HC-PAT-019"}}`)
	v := scoreEvents(t, p, ref, evs, SafeAct)
	expect(t, "invalid delta read", v, false, OutcomeSchema, FailContract)
	if v.Detail.EndEvent != 0 || v.ExecutedCommits() != 0 {
		t.Errorf("invalid delta read: the walk ended at %d with %d steps executed; want 0, 0", v.Detail.EndEvent, v.ExecutedCommits())
	}
}
