package harness

import "github.com/sabench/sabench-stats/ingest/jsonv"

// NonLiveAdapterNote explains an episode whose events were written by the batch coding-CLI
// adapter (record.runner "coding_cli_safeact_agent"): outside its live-refresh mode it
// records every information call the agent made, then appends the actions from the final
// answer, so the events do not show reads made after an action. A case whose evidence
// changes after an action (SAB-V2-018's sauna refresh) is then scored on the pre-action
// evidence, and the oracle correctly scores DEFER. It returns "" for any other record,
// and for one whose events interleave reads and actions (a live adapter).
func NonLiveAdapterNote(rec *jsonv.Object) string {
	if rec == nil {
		return ""
	}
	if r, _ := rec.String("runner"); r != "coding_cli_safeact_agent" {
		return ""
	}
	events, _ := rec.List("events")
	acted := false
	for _, x := range events {
		ev, ok := x.(*jsonv.Object)
		if !ok {
			continue
		}
		switch t, _ := ev.String("type"); t {
		case "CONSEQUENTIAL_CALL":
			acted = true
		case "INFO_CALL":
			if acted {
				return "" // a read after an action: the events are in live order
			}
		}
	}
	if !acted {
		return ""
	}
	return "events from the non-live coding-CLI adapter (coding_cli_safeact_agent): every information call is listed before the actions, " +
		"so reads the agent made after an action are not in their place; a case whose evidence changes after an action is scored on the pre-action evidence"
}
