package oracle

import (
	"testing"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// TestV2FrozenReads: the V2 frozen-evidence read rules, each a one-read variant of the
// real SAB-V2-016's reference (frozen deltas, not shared-world, max_info_calls 8, six
// reads, four steps; coverage is checked at the last step). A claim or a resolution the
// evaluator accepts selects the facts and covers the required read; one it refuses (a
// resolution must extend the request: one equal to it is refused too), a read
// without a delta, or a ninth call ends the episode. A call that reports an error status
// is not checked further (neither its scope nor its shape) and adds nothing, but it uses
// the budget.
func TestV2FrozenReads(t *testing.T) {
	c := loadCase(t, "SAB-V2-016")
	p := prepare(t, c)
	ref := reference(t, c)
	const patient = `patient_summary_read:{"record_id":"HC-PAT-018"}`
	read := func(s string) any { return mustParse(t, s) }
	// at replaces event i of the reference; ins inserts before it.
	at := func(i int, e any) func([]any) []any {
		return func(evs []any) []any { evs[i] = e; return evs }
	}
	ins := func(i int, es ...any) func([]any) []any {
		return func(evs []any) []any { return append(append(append([]any(nil), evs[:i]...), es...), evs[i:]...) }
	}
	for _, w := range []struct {
		what             string
		edit             func([]any) []any
		ecs              bool
		outcome, failure string
		invalid          string // the invalid read's reason, "" none
	}{
		{"claim on a broader request", at(0, read(`{"type":"INFO_CALL","call_id":"info_01","tool":"patient_summary_read","arguments":{},"evidence_delta_key":`+jsonQuote(patient)+`}`)),
			true, OutcomeWorkflowSuccess, "", ""},
		{"resolution", at(0, read(`{"type":"INFO_CALL","call_id":"info_01","tool":"patient_summary_read","arguments":{},"resolved_arguments":{"record_id":"HC-PAT-018"}}`)),
			true, OutcomeWorkflowSuccess, "", ""},
		{"claim on a broader request that two deltas contain", at(2, read(`{"type":"INFO_CALL","call_id":"info_03","tool":"treatment_dependency_query","arguments":{},"evidence_delta_key":"treatment_dependency_query:{\"record_id\":\"HC-V3-007-RULE-ROOT\"}"}`)),
			false, OutcomeInvalidInfo, FailContract, "INVALID_EVIDENCE_DELTA_KEY"},
		{"two different claims", at(0, read(`{"type":"INFO_CALL","call_id":"info_01","tool":"patient_summary_read","arguments":{"record_id":"HC-PAT-018"},"evidence_delta_key":`+jsonQuote(patient)+`,"tool_result":{"evidence_delta_key":"patient_summary_read:{\"record_id\":\"HC-PAT-019\"}"}}`)),
			false, OutcomeInvalidInfo, FailContract, "INVALID_EVIDENCE_DELTA_KEY"},
		{"resolution to no candidate", at(0, read(`{"type":"INFO_CALL","call_id":"info_01","tool":"patient_summary_read","arguments":{},"resolved_arguments":{"record_id":"HC-PAT-019"}}`)),
			false, OutcomeInvalidInfo, FailContract, "INVALID_RESOLVED_ARGUMENTS"},
		{"resolution equal to the request", at(0, read(`{"type":"INFO_CALL","call_id":"info_01","tool":"patient_summary_read","arguments":{"record_id":"HC-PAT-018"},"resolved_arguments":{"record_id":"HC-PAT-018"}}`)),
			false, OutcomeInvalidInfo, FailContract, "INVALID_RESOLVED_ARGUMENTS"},
		{"no delta", at(0, read(`{"type":"INFO_CALL","call_id":"info_01","tool":"patient_summary_read","arguments":{"record_id":"HC-PAT-019"}}`)),
			false, OutcomeMissingDelta, FailContract, ""},
		{"error status skips the scope and shape checks", ins(6,
			read(`{"type":"INFO_CALL","call_id":"x1","tool":"wire_transfer_read","arguments":{},"tool_status":"error"}`),
			read(`{"type":"INFO_CALL","call_id":"x2","tool":"patient_summary_read","arguments":"HC-PAT-018","tool_status":"no_matching_record"}`)),
			true, OutcomeWorkflowSuccess, "", ""},
		{"out of scope", ins(6, read(`{"type":"INFO_CALL","call_id":"x1","tool":"wire_transfer_read","arguments":{}}`)),
			false, OutcomeInvalidInfo, FailContract, "TOOL_NOT_IN_INFO_SCOPE"},
		{"arguments not an object", ins(6, read(`{"type":"INFO_CALL","call_id":"x1","tool":"patient_summary_read","arguments":"HC-PAT-018"}`)),
			false, OutcomeInvalidInfo, FailContract, "MALFORMED_INFO_CALL"},
		{"error-status calls use the budget", ins(6,
			read(`{"type":"INFO_CALL","call_id":"x1","tool":"patient_summary_read","arguments":{"record_id":"HC-PAT-018"},"tool_status":"error"}`),
			read(`{"type":"INFO_CALL","call_id":"x2","tool":"patient_summary_read","arguments":{"record_id":"HC-PAT-018"},"tool_status":"error"}`),
			read(`{"type":"INFO_CALL","call_id":"x3","tool":"patient_summary_read","arguments":{"record_id":"HC-PAT-018"}}`)),
			false, OutcomeInvalidInfo, FailContract, "MAX_INFO_CALLS_EXCEEDED"},
	} {
		v := scoreEvents(t, p, ref, w.edit(copyEvents(ref)), SafeAct)
		expect(t, w.what, v, w.ecs, w.outcome, w.failure)
		got := ""
		if len(v.Detail.InvalidInfoCalls) > 0 {
			got = v.Detail.InvalidInfoCalls[0].Reason
		}
		if got != w.invalid {
			t.Errorf("%s: invalid read %q, want %q", w.what, got, w.invalid)
		}
	}
}

func jsonQuote(s string) string { return string(jsonv.Canonical(s, true)) }
