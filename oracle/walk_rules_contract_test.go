package oracle

import (
	"slices"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// TestRulesContractErrors: an action-rules episode whose record breaks the episode contract
// (the malformed events validate names, and a write of a tool the rules do not list) fails
// with contract_or_invalid under every policy, whatever its gates and reward said. The
// trajectory is real (task 43, trial 0: one authorized write, reward 1, a pass under every
// preset); each variant breaks one event. Before, the write without a tool name vanished and
// the episode passed, as did the events of unknown types.
func TestRulesContractErrors(t *testing.T) {
	prep, eps, cases := tauAirlineCases(t)
	base := eps[[2]int{43, 0}]
	pols := []string{"tau-strict", "tau-lenient", "tau-reads", "tau-bench", "safeact"}
	for _, name := range pols {
		if v := prep[base.CaseID].Score(base, tauPolicy(t, name), false); !v.ECS() {
			t.Fatalf("task 43 trial 0 under %s: %s, want a pass", name, v.FailureType())
		}
	}
	set := func(i int, k string, v any) func([]any) []any {
		return func(evs []any) []any { evs[i].(*jsonv.Object).Set(k, v); return evs }
	}
	del := func(i int, k string) func([]any) []any {
		return func(evs []any) []any { evs[i].(*jsonv.Object).Delete(k); return evs }
	}
	for _, tc := range []struct {
		name string
		edit func([]any) []any
		err  string // one of the verdict's contract errors
	}{
		{"a write without a tool name", del(8, "tool"), "record.events[8].tool: must be a non-empty string"},
		{"a read without a tool name", del(3, "tool"), "record.events[3].tool: must be a non-empty string"},
		{"a write's arguments a string", set(8, "arguments", `{"reservation_id": "3RK2T9"}`), "record.events[8].arguments: must be an object, got a string"},
		{"a user turn's content a list", set(7, "content", []any{"Yes, please proceed with the change."}), "record.events[7].content: must be a string, got an array"},
		{"a result for no call", func(evs []any) []any {
			return append(evs, jsonv.NewObject("type", "TOOL_RESULT", "call_id", "call_nowhere", "tool_result", "ok"))
		}, `record.events[11].type: must be one of USER_MESSAGE, AGENT_MESSAGE, INFO_CALL, CONSEQUENTIAL_CALL, USER_TOOL_CALL, got "TOOL_RESULT"`},
		{"a result for no call, on a turn", func(evs []any) []any {
			evs[9].(*jsonv.Object).Set("tool_result", `{"reservation_id": "3RK2T9"}`)
			return evs
		}, "record.events[9].tool_result: a turn carries no tool result (a result is part of the call it answers)"},
		{"an event that is not an object", func(evs []any) []any { return append(evs, "oops") }, "record.events[11]: must be an object, got a string"},
		{"a write of a tool the rules do not list", func(evs []any) []any {
			w := jsonv.NewObject("type", "CONSEQUENTIAL_CALL", "call_id", "c9", "tool", "drop_table", "arguments", jsonv.NewObject())
			return append(evs[:9], append([]any{w}, evs[9:]...)...)
		}, `record.events[9]: tool "drop_table" is a CONSEQUENTIAL_CALL the case's rules do not list`},
	} {
		ep := *base
		ep.Record = base.Record.DeepCopy()
		evs, _ := ep.Record.List("events")
		ep.Record.Set("events", tc.edit(slices.Clone(evs)))
		if ps := ingest.CheckConversationRecord(&ep); tc.name != "a write of a tool the rules do not list" && (len(ps) != 1 || ps[0].Field+": "+ps[0].Msg != tc.err) {
			t.Errorf("%s: validate says %v, want %q", tc.name, ps, tc.err)
		}
		for _, name := range pols {
			pol := tauPolicy(t, name)
			v := prep[ep.CaseID].Score(&ep, pol, true)
			if v.ECS() || v.FailureType() != FailContract || !slices.Contains(v.Detail.ContractErrors, tc.err) {
				t.Errorf("%s, %s: ecs %v, %s %s, contract errors %q; want contract_or_invalid naming %q",
					tc.name, name, v.ECS(), v.Outcome(), v.FailureType(), v.Detail.ContractErrors, tc.err)
				continue
			}
			if v.Outcome() == OutcomeTaskSuccess {
				t.Errorf("%s, %s: a failed episode with outcome %s", tc.name, name, v.Outcome())
			}
			x := Explain(cases[ep.CaseID], &ep, pol, v)
			if x.Why != FailureWhy(FailContract) {
				t.Errorf("%s, %s: why %q", tc.name, name, x.Why)
			}
			if !v.MissingAtCheckpoint() && x.Broke != "contract errors (listed below)" {
				t.Errorf("%s, %s: chain broke %q", tc.name, name, x.Broke)
			}
		}
	}

	// Without the benchmark's verdict as well: the malformed event is named, not only the
	// missing verdict.
	ep := *base
	ep.Official = nil
	ep.Record = base.Record.DeepCopy()
	evs, _ := ep.Record.List("events")
	ep.Record.Set("events", append(slices.Clone(evs), "oops"))
	pol := tauPolicy(t, "tau-strict")
	v := prep[ep.CaseID].Score(&ep, pol, true)
	x := Explain(cases[ep.CaseID], &ep, pol, v)
	if v.FailureType() != FailContract || x.Why != FailureWhy(FailContract) || x.Broke != "contract errors (listed below)" || len(x.ContractErrors) != 2 {
		t.Errorf("no verdict and a malformed event: %s, why %q, chain broke %q, contract errors %q", v.FailureType(), x.Why, x.Broke, x.ContractErrors)
	}
}
