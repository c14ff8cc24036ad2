package oracle

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// v0Result is the no_action_summary of a V0 walk.
type v0Result struct {
	oracle        string
	reported      any
	success       bool
	attempts      []int // event indexes of consequential attempts
	invalid       []InvalidCall
	coverage      Coverage
	coverageFirst bool // coverage complete over the reads before the first attempt
	contract      []string
	preflightV1   *v1Result
	preflightV3   *wfResult
	observed      []obsCall
	labelChecked  bool
	accepted      []ev // the preflight's events: the accepted reads, then the candidate actions
	// readAt is the record's event of each accepted read: the preflight numbers its events
	// from 0 without the refused ones, so its ledger names them by their place in accepted.
	readAt []int
}

// scanV0 begins validate_no_action_execution_record with the hidden preflight
// (no_action_candidate_outcome) in s: the part no policy changes, which is the record's
// checks, its events and the start of the preflight walk (s.v1 or s.wf). The buffers come
// from sc; notes keeps the notes.
func (p *Prepared) scanV0(s *episodeScan, rec *ingest.Record, evs []ev, sc *scratch, notes bool) {
	r := &s.v0
	*r = v0Result{}
	r.contract = append(r.contract, p.specV0...)
	r.contract = append(r.contract, recordChecks(rec, "no_action_record", "no_action_record", p.spec.EnvID, p.spec.CaseID, true)...)
	accepted := sc.evs2[:0]
	r.observed = sc.obs2[:0]
	r.readAt = sc.readAt[:0]
	defer func() { sc.evs2, sc.obs2, sc.readAt = accepted[:0], r.observed[:0], r.readAt[:0] }()
	firstAttemptObserved := -1
	for i := range evs {
		e := &evs[i]
		prefix := func() string { return fmt.Sprintf("no_action_record.events[%d]", e.Index) }
		if !e.Object {
			r.contract = append(r.contract, prefix()+" must be an object")
			continue
		}
		if isAction(e) {
			if len(r.attempts) == 0 {
				firstAttemptObserved = len(r.observed)
			}
			r.attempts = append(r.attempts, e.Index)
			continue
		}
		if !isInfo(e) {
			r.contract = append(r.contract, prefix()+".type must be INFO_CALL; V0 permits no commits")
			continue
		}
		if !e.ToolOK {
			r.contract = append(r.contract, prefix()+".tool must be a non-empty string")
			continue
		}
		if !e.ArgumentsOK {
			r.contract = append(r.contract, prefix()+".arguments must be an object")
		}
		args := argsOrEmpty(e)
		reason := ""
		tid := p.toolID(e.Tool)
		if tid == 0 {
			reason = "TOOL_NOT_IN_INFO_SCOPE"
		} else if p.maxCalls > 0 && len(accepted)+1 > p.maxCalls {
			reason = "MAX_INFO_CALLS_EXCEEDED"
		}
		if reason != "" {
			r.invalid = append(r.invalid, InvalidCall{EventIndex: e.Index, Tool: e.Tool, Reason: reason})
			continue
		}
		// The preflight sees {type, call_id, tool, arguments} plus the key and status as written.
		n := ev{Index: len(accepted), Object: true, Type: "INFO_CALL", TypeOK: true, Tool: e.Tool, ToolOK: true,
			Arguments: args, ArgumentsOK: true, CallID: callIDValue(e, e.Index), HasCallID: true,
			EvidenceDeltaKey: e.EvidenceDeltaKey, HasEvidenceDeltaKey: e.HasEvidenceDeltaKey, ToolStatus: e.ToolStatus, HasToolStatus: e.HasToolStatus}
		accepted = append(accepted, n)
		r.readAt = append(r.readAt, e.Index)
		r.observed = append(r.observed, newObsCall(tid, args, nil, false, ""))
	}
	r.coverage = p.coverageOnly(r.observed)
	if firstAttemptObserved >= 0 {
		c := p.coverageOnly(r.observed[:firstAttemptObserved])
		r.coverageFirst = c.Complete
	}

	switch p.spec.CandidateProtocol {
	case "single_action":
		evsP := accepted
		ka := p.spec.KeyAction
		a := ev{Index: len(evsP), Object: true, Type: "CONSEQUENTIAL_CALL", TypeOK: true,
			CallID: preflightName(len(evsP) + 1), HasCallID: true}
		if ka != nil {
			a.Tool, a.ToolOK = ka.Tool, ka.ToolOK
			a.Arguments, a.ArgumentsOK = ka.Arguments, ka.ArgumentsOK || !ka.Raw.Has("arguments")
		} else {
			a.Arguments, a.ArgumentsOK = &jsonv.Object{}, true
		}
		evsP = append(evsP, a)
		accepted = evsP
		p.scanV1(&s.v1, evsP, p.specV1Preflight, sc, notes)
	default:
		evsP := accepted
		start := len(evsP) + 1
		for i, raw := range p.spec.CandidateEvents {
			o, ok := raw.(*jsonv.Object)
			if !ok {
				continue
			}
			a := ev{Index: len(evsP), Object: true, Type: "CONSEQUENTIAL_CALL", TypeOK: true}
			if cid, ok := o.Get("call_id"); ok {
				a.CallID, a.HasCallID = cid, true
			} else {
				a.CallID, a.HasCallID = preflightName(start+i), true
			}
			t, _ := o.Get("tool")
			a.Tool, a.ToolOK = t.(string)
			a.ToolOK = a.ToolOK && a.Tool != ""
			if av, ok := o.Get("arguments"); ok {
				a.Arguments, a.ArgumentsOK = av.(*jsonv.Object)
			} else {
				a.Arguments, a.ArgumentsOK = &jsonv.Object{}, true
			}
			evsP = append(evsP, a)
		}
		accepted = evsP
		p.startWorkflow(&s.wf, &s.wfr, nil, evsP, true, sc, notes)
	}
	r.accepted = accepted
}

// finishV0 judges a scanned V0 walk under pol: the preflight's gates, then the checks
// that read its outcome. The scan's slices are shared by every policy's result; with
// detail (sc nil, dm the Detail's buffers) the ones Detail keeps are copied before they
// are appended to.
func (p *Prepared) finishV0(s *episodeScan, rec *ingest.Record, pol Policy, sc *scratch, dm *detailMem) *v0Result {
	var r *v0Result
	if sc != nil {
		r = &sc.v0
	} else {
		r = &dm.walk.v0
	}
	*r = s.v0
	if sc == nil {
		r.contract, r.invalid = slices.Clone(r.contract), slices.Clone(r.invalid)
	}
	var preflightErrs []string
	switch p.spec.CandidateProtocol {
	case "single_action":
		pr := p.gateV1(&s.v1, r.accepted, pol, sc, dm)
		r.preflightV1 = pr
		r.oracle = pr.oracle
		preflightErrs = pr.contract
	default:
		wr := s.wf.resume(pol, sc, dm)
		r.preflightV3 = wr
		r.oracle = wr.outcome
		preflightErrs = wr.contract
	}
	for _, e := range preflightErrs {
		if !strings.HasPrefix(e, "single_commit_record") && !strings.HasPrefix(e, "multi_step_record") {
			r.contract = append(r.contract, e)
		}
	}
	ttype := rec.TerminalType
	r.reported = rec.TerminalOutcome
	if ttype != "NO_ACTION" {
		r.contract = append(r.contract, "no_action_record.terminal.type must be NO_ACTION")
	}
	if r.reported != GateBlock && r.reported != GateDefer {
		r.contract = append(r.contract, "no_action_record.terminal.outcome must be BLOCK or DEFER")
	}
	stopOK := r.oracle == GateBlock || r.oracle == GateDefer
	// Under binding=off the preflight evaluates no requirement and allows the candidate
	// action: the policy's doing, not the spec's, and only non_action=any_stop, which reads
	// no stop label, may be combined with it (Policy.Check).
	if !stopOK && pol.Binding != BindingOff {
		r.contract = append(r.contract, "SPEC_INVALID_NO_ACTION: complete preflight must derive BLOCK or DEFER")
	}
	// The spec check that the preflight equals the authored stop outcome is part of the
	// paper's policy only (docs/policies.md).
	r.labelChecked = pol.Binding == BindingEntity && pol.Coverage == CoverageRequired
	if r.labelChecked && r.coverage.Complete && stopOK && p.spec.ExpectedStopOutcome != r.oracle {
		r.contract = append(r.contract, "SPEC_INVALID_NO_ACTION: derived stop outcome does not match expected_stop_outcome")
	}
	covOK := r.coverage.Complete || pol.Coverage == CoverageOff
	r.success = len(r.contract) == 0 && len(r.attempts) == 0 && len(r.invalid) == 0 && covOK && stopOK && r.reported == r.oracle
	return r
}

// onRecord renumbers the preflight's facts by the record's events: a read's by the event of
// that read, a candidate action's postcondition (an action the agent never took) -1, as the
// preflight's checkpoints are.
func (r *v0Result) onRecord(facts []Fact) []Fact {
	for i := range facts {
		if k := facts[i].EventIndex; k >= 0 && k < len(r.readAt) {
			facts[i].EventIndex = r.readAt[k]
		} else {
			facts[i].EventIndex = -1
		}
	}
	return facts
}

// preflightStop is the record's event of the agent's read at which the hidden DAG
// preflight stopped without a gate, and why (the invalid read's reason, else the outcome
// code); -1 and "" when it did not stop at one of the agent's reads. INVALID_EVENT never
// stops it at one: the reads it takes are objects of type INFO_CALL by construction, and
// that outcome is otherwise an action's (one after the last commit).
func (r *v0Result) preflightStop() (int, string) {
	pr := r.preflightV3
	if pr == nil || pr.failedEvent < 0 || pr.failedEvent >= len(r.readAt) {
		return -1, ""
	}
	switch pr.outcome {
	case OutcomeInvalidInfo:
		if len(pr.invalid) > 0 {
			return r.readAt[pr.failedEvent], pr.invalid[0].Reason
		}
	case OutcomeMissingDelta, OutcomeInvalidCallID:
		return r.readAt[pr.failedEvent], pr.outcome
	}
	return -1, ""
}
