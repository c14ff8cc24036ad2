package oracle

import (
	"testing"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// TestChainBrokeNamesFailedCheck checks that the chain-broke line of a τ-bench episode that
// failed on the benchmark's own verdict names the check that failed, from the episode's
// reward info: task 44 asked for an answer (its answer check failed, and τ-bench records no
// end-state result for it), tasks 30 and 25 for an end state.
func TestChainBrokeNamesFailedCheck(t *testing.T) {
	prep, eps, cases := tauAirlineCases(t)
	pol := tauPolicy(t, "tau-strict")
	broke := func(task, trial int, edit func(info *jsonv.Object)) string {
		ep := *eps[[2]int{task, trial}]
		if edit != nil {
			ep.Extra = jsonv.DeepCopy(ep.Extra).(*jsonv.Object)
			ti, _ := ep.Extra.Obj("tau_info")
			ri, _ := ti.Obj("reward_info")
			edit(ri)
		}
		v := prep[ep.CaseID].Score(&ep, pol, true)
		return Explain(cases[ep.CaseID], &ep, pol, v).Broke
	}
	const (
		answer   = `its answer check: no agent message holds the expected output "4"; the end-state check is not recorded for a task that asks for an answer`
		endState = "its end-state check: the database differs from the task's"
	)
	for _, tc := range []struct {
		name        string
		task, trial int
		edit        func(*jsonv.Object)
		want        string
	}{
		{"44: the answer", 44, 1, nil, "no write was made, and the benchmark's own verdict is a failure (" + answer + ")"},
		{"44 trial 3: the answer", 44, 3, nil, "no write was made, and the benchmark's own verdict is a failure (" + answer + ")"},
		{"30: the end state", 30, 0, nil, "no write was made, and the benchmark's own verdict is a failure (" + endState + ")"},
		{"25: the end state", 25, 0, nil, "every write was authorized, but the benchmark's own verdict is a failure (" + endState + ")"},
		{"both recorded, both failed", 44, 1, func(ri *jsonv.Object) {
			in, _ := ri.Obj("info")
			in.Set("r_actions", false)
		}, "no write was made, and the benchmark's own verdict is a failure (its end-state check and its answer check: " +
			`the database differs from the task's, and no agent message holds the expected output "4")`},
		{"answer passed, reward 0", 44, 1, func(ri *jsonv.Object) {
			ri.Set("info", jsonv.NewObject("r_outputs", 1.0, "outputs", jsonv.NewObject("4", true)))
		}, "no write was made, and the benchmark's own verdict is a failure (" + endState + "; its answer check passed)"},
		{"two outputs missing", 44, 1, func(ri *jsonv.Object) {
			ri.Set("info", jsonv.NewObject("r_outputs", 0.0, "outputs", jsonv.NewObject("4", false, "1, 2", false)))
		}, `no write was made, and the benchmark's own verdict is a failure (its answer check: no agent message holds the expected outputs "4", "1, 2"; ` +
			"the end-state check is not recorded for a task that asks for an answer)"},
		{"not recorded", 44, 1, func(ri *jsonv.Object) { ri.Set("info", jsonv.NewObject()) },
			"no write was made, and the benchmark's own verdict is a failure (the episode does not record which of its checks failed)"},
	} {
		if got := broke(tc.task, tc.trial, tc.edit); got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.name, got, tc.want)
		}
	}
}
