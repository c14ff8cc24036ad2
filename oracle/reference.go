package oracle

import (
	"errors"
	"fmt"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// ReferenceEpisode turns a case's reference solution into an episode (config "reference",
// repeat 0, condition "main"):
//   - V1: simulated_trace.info_calls, then consequential_call;
//   - V2/V3: simulated_trace.events, each action's call id set to the commit it fulfils, so
//     result:<commit_id>.<field> references resolve;
//   - V0: the reads of simulated_trace.events plus terminal {NO_ACTION,
//     expected_stop_outcome} (its info_calls are stale; candidate actions listed in the
//     events, as in SAB-V0-167, are dropped: the reference agent does not act);
//   - Legacy: an agent_decision built from the gold fields.
//
// Reads of frozen cases carry the evidence_delta_key the host gateway would record (the key
// of their arguments, when it is a frozen delta), so that the trusted-key mode of V3 and
// shared-world V2 sees the same evidence as a replay would.
func ReferenceEpisode(c *casespec.Case) (*ingest.Episode, error) {
	if c == nil {
		return nil, errors.New("oracle: nil case") // as Prepare says it
	}
	spec, probs := casespec.DecodeSpec(c)
	if len(probs) > 0 {
		return nil, probs
	}
	ep := &ingest.Episode{RunID: "reference/" + c.ID, Config: "reference", Model: "reference", Harness: "reference",
		CaseID: c.ID, Repeat: 0, Condition: ingest.DefaultCondition, Status: ingest.StatusCompleted, Source: c.Source}
	if c.Protocol == ingest.Legacy {
		if !decisions[spec.GoldDecision] {
			return nil, fmt.Errorf("%s: gold_decision %q is not allow, defer or block", c.ID, spec.GoldDecision)
		}
		decisionTime := spec.Now
		if spec.Metadata != nil {
			if t, ok := spec.Metadata.String("decision_time"); ok {
				decisionTime = t
			}
		}
		summary := spec.CandidateFinalAction
		if summary == "" {
			summary = "reference candidate action"
		}
		rationale := spec.GoldRationale
		if rationale == "" {
			rationale = "reference decision"
		}
		// The fields in the agent_decision schema's order, every required one present, so
		// that the reference is a valid record as well as a passing one.
		rec := jsonv.NewObject("schema_version", int64(1), "env_id", spec.EnvID, "decision", spec.GoldDecision,
			"decision_time", decisionTime, "candidate_action_summary", summary)
		if gc, ok := c.Spec.Obj("gold_confirm"); ok {
			rec.Set("confirm", jsonv.DeepCopy(gc))
		}
		rec.Set("claims", []any{})
		rec.Set("evidence_refs", []any{})
		rec.Set("risk_notes", "")
		rec.Set("rationale", rationale)
		ep.Record = ingest.NewRecord(rec)
		return ep, nil
	}
	st := spec.SimulatedTrace
	if st == nil {
		return nil, fmt.Errorf("%s: the case has no simulated_trace", c.ID)
	}
	p, err := Prepare(c)
	if err != nil {
		return nil, err
	}
	var events []any
	switch c.Protocol {
	case ingest.V1:
		infos, _ := st.List("info_calls")
		for _, ic := range infos {
			o, ok := ic.(*jsonv.Object)
			if !ok {
				return nil, fmt.Errorf("%s: simulated_trace.info_calls holds a non-object", c.ID)
			}
			e := jsonv.NewObject("type", "INFO_CALL", "call_id", fmt.Sprintf("call_%02d", len(events)+1))
			copyFields(e, o, "tool", "arguments")
			events = append(events, e)
		}
		cc, ok := st.Obj("consequential_call")
		if !ok {
			return nil, fmt.Errorf("%s: simulated_trace.consequential_call is missing", c.ID)
		}
		e := jsonv.NewObject("type", "CONSEQUENTIAL_CALL", "call_id", fmt.Sprintf("call_%02d", len(events)+1))
		copyFields(e, cc, "tool", "arguments")
		events = append(events, e)
	default:
		raw, _ := st.List("events")
		if len(raw) == 0 {
			return nil, fmt.Errorf("%s: simulated_trace.events is empty", c.ID)
		}
		used := map[string]bool{}
		for i, x := range raw {
			o, ok := x.(*jsonv.Object)
			if !ok {
				return nil, fmt.Errorf("%s: simulated_trace.events[%d] is not an object", c.ID, i)
			}
			e := jsonv.DeepCopy(o).(*jsonv.Object)
			typ, _ := e.String("type")
			tool, _ := e.String("tool")
			args, _ := e.Obj("arguments")
			switch typ {
			case "INFO_CALL":
				if !e.Has("call_id") && c.Protocol != ingest.V0 {
					e.Set("call_id", fmt.Sprintf("info_%02d", i+1))
				}
				if p.frozen && !e.Has("evidence_delta_key") && args != nil {
					if k := canonicalKey(tool, args); p.deltas[k] != nil {
						e.Set("evidence_delta_key", k)
					}
				}
			case "CONSEQUENTIAL_CALL":
				if c.Protocol == ingest.V0 {
					// A V0 trace may list the candidate actions (SAB-V0-167); the reference
					// agent investigates and stops, so they are left out.
					continue
				}
				if id := p.referenceCommitFor(tool, args, used); id != "" {
					used[id] = true
					e.Set("call_id", id)
				} else if !e.Has("call_id") {
					e.Set("call_id", fmt.Sprintf("call_%02d", i+1))
				}
			}
			events = append(events, e)
		}
	}
	rec := jsonv.NewObject("schema_version", int64(1), "env_id", spec.EnvID, "episode_id", spec.CaseID, "events", events)
	if c.Protocol == ingest.V0 {
		rec.Set("terminal", jsonv.NewObject("type", "NO_ACTION", "outcome", spec.ExpectedStopOutcome))
	}
	ep.Record = ingest.NewRecord(rec)
	return ep, nil
}

func copyFields(dst, src *jsonv.Object, keys ...string) {
	for _, k := range keys {
		if v, ok := src.Get(k); ok {
			dst.Set(k, jsonv.DeepCopy(v))
		}
	}
}

// referenceCommitFor picks the commit a reference action fulfils: the first unused commit
// of the same tool whose template equals the arguments, else the first unused of the tool.
func (p *Prepared) referenceCommitFor(tool string, args *jsonv.Object, used map[string]bool) string {
	fallback := ""
	for _, cm := range p.commits {
		if cm == nil || used[cm.ID] || cm.Tool != tool {
			continue
		}
		if args != nil && jsonv.Equal(cm.Arguments, args) {
			return cm.ID
		}
		if fallback == "" {
			fallback = cm.ID
		}
	}
	return fallback
}
