package tau

import (
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// FailedChecks names which of τ-bench's checks failed an episode, from the reward info its
// reader keeps (extra.tau_info.reward_info: reward, and info.r_actions or info.r_outputs
// with info.outputs), or "" when the episode records none. τ-bench compares the end state
// (the database) with the task's and, for a task that asks for an answer, looks for each
// expected output in the agent's messages; for such a task it records only the answer
// check, so the end state's result is known only when the answer passed and the reward is
// still 0.
func FailedChecks(extra *jsonv.Object) string {
	info, _ := extra.Obj("tau_info")
	ri, _ := info.Obj("reward_info")
	in, _ := ri.Obj("info")
	if in == nil {
		return ""
	}
	endFailed, endKnown := checkFailed(in, "r_actions")
	ansFailed, ansKnown := checkFailed(in, "r_outputs")
	const endState, database = "its end-state check", "the database differs from the task's"
	switch {
	case endFailed && ansFailed:
		return endState + " and its answer check: " + database + ", and " + missingOutputs(in)
	case endFailed:
		return endState + ": " + database
	case ansFailed && !endKnown:
		return "its answer check: " + missingOutputs(in) + "; the end-state check is not recorded for a task that asks for an answer"
	case ansFailed:
		return "its answer check: " + missingOutputs(in)
	case ansKnown && !endKnown:
		if failed, known := checkFailed(ri, "reward"); known && failed {
			return endState + ": " + database + "; its answer check passed"
		}
	}
	return ""
}

// checkFailed reads a check's result: a boolean or a number (1 passes).
func checkFailed(o *jsonv.Object, key string) (failed, known bool) {
	x, _ := o.Get(key)
	if b, ok := x.(bool); ok {
		return !b, true
	}
	if f, ok := number(x); ok {
		return f < 1-SuccessTolerance, true
	}
	return false, false
}

// missingOutputs says which expected outputs no agent message held.
func missingOutputs(in *jsonv.Object) string {
	var missing []string
	if outs, ok := in.Obj("outputs"); ok {
		for i, k := range outs.Keys {
			if found, _ := outs.Values[i].(bool); !found {
				missing = append(missing, k)
			}
		}
	}
	switch len(missing) {
	case 0:
		return "an expected output is missing from the agent's messages"
	case 1:
		return "no agent message holds the expected output " + ingest.QuotedList(missing)
	}
	return "no agent message holds the expected outputs " + ingest.QuotedList(missing)
}
