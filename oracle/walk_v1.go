package oracle

import (
	"fmt"
	"slices"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// v1Result is the state_action_summary of one V1 walk (also the V0 single_action preflight).
type v1Result struct {
	oracle      string
	executed    bool
	invalid     []InvalidCall
	firstIdx    int // index of the first action in the walked events, -1 none
	firstPos    int // its position in the walked events, -1 none
	infoCount   int // the reads before it, as max_info_calls counts them
	coverage    Coverage
	checkpoint  *Checkpoint
	missingAt   bool // a MISSING requirement or incomplete coverage at the action
	gateMissing bool // the gate's results hold a MISSING requirement
	led         ledger
	// late holds, under timing=anytime, the facts of the reads after the action, which its
	// gate counted (the ledger stops at the action).
	late      []fact
	contract  []string
	trailing  int
	malformed int // malformed events skipped as contract errors
	observed  []obsCall
	notes     []string
	// The first action against the key action's template, which no policy changes (scanV1).
	cmpArgs   *jsonv.Object
	callID    string
	matchErrs []string
	template  RequirementResult // key_action_matches_template or key_action_payload_policy
	memo      *v1Memo           // what the episode's gates share
	// attemptIdx is the index of the first CONSEQUENTIAL_CALL, the verdict's first attempt,
	// which is not the gated action when it names no tool (a malformed event the walk
	// skips); attemptObs counts the observed calls before it.
	attemptIdx, attemptObs int
}

// scanV1 begins validate_single_commit_execution_record over parsed events with the part
// no policy changes: every event's checks, and the ledger and observed calls of the reads
// before the first action. notes keeps the notes (read only for detail). The buffers come
// from sc.
func (p *Prepared) scanV1(r *v1Result, evs []ev, specErrs []string, sc *scratch, notes bool) {
	*r = v1Result{oracle: GateTimeout, firstIdx: -1, firstPos: -1, attemptIdx: -1, memo: &sc.v1m}
	sc.v1m.reset()
	r.led.facts = sc.facts[:0]
	r.observed = sc.obs[:0]
	defer func() { sc.facts, sc.obs = r.led.facts[:0], r.observed[:0] }()
	r.contract = append(r.contract, specErrs...)
	for i := range evs {
		e := &evs[i]
		prefix := func() string { return fmt.Sprintf("single_commit_record.events[%d]", e.Index) }
		if !e.Object {
			r.contract = append(r.contract, prefix()+" must be an object")
			r.malformed++
			continue
		}
		if !isInfo(e) && !isAction(e) {
			r.contract = append(r.contract, prefix()+".type must be INFO_CALL or CONSEQUENTIAL_CALL")
			r.malformed++
			continue
		}
		if isAction(e) && r.attemptIdx < 0 {
			r.attemptIdx, r.attemptObs = e.Index, len(r.observed)
		}
		if !e.ToolOK {
			r.contract = append(r.contract, prefix()+".tool must be a non-empty string")
			r.malformed++
			continue
		}
		if !e.ArgumentsOK {
			r.contract = append(r.contract, prefix()+".arguments must be an object")
		}
		if r.firstPos >= 0 {
			r.contract = append(r.contract, prefix()+" appears after the first consequential action; episode must terminate at first CONSEQUENTIAL_CALL")
			r.trailing++
			continue
		}
		if isInfo(e) {
			r.infoCount++
			cid := callIDFor(e, e.Index)
			if p.maxCalls > 0 && r.infoCount > p.maxCalls {
				r.invalid = append(r.invalid, InvalidCall{EventIndex: e.Index, CallID: cid, Tool: e.Tool, Reason: "MAX_INFO_CALLS_EXCEEDED"})
				continue
			}
			tid := p.toolID(e.Tool)
			if tid == 0 {
				r.invalid = append(r.invalid, InvalidCall{EventIndex: e.Index, CallID: cid, Tool: e.Tool, Reason: "TOOL_NOT_IN_INFO_SCOPE"})
				continue
			}
			args := argsOrEmpty(e)
			r.observed = append(r.observed, newObsCall(tid, args, nil, false, ""))
			p.ruleFacts(e.Tool, args, e.Index, cid, &r.led)
			continue
		}
		r.firstPos = i
		r.firstIdx = e.Index
	}
	if r.trailing > 0 && notes {
		what := ingest.PluralVerb(r.trailing, "event", "after the first consequential action is a contract error", "after the first consequential action are contract errors")
		r.notes = append(r.notes, what+"; ECS(V1) ignores contract errors, as the evaluator's batch check does")
	}
	if r.firstPos >= 0 {
		p.matchKeyAction(r, &evs[r.firstPos], !notes)
	}
}

// keyActionTemplate is the key action's tool, whether it is a string, its arguments and
// payload policy, as the V1 gate compares the first action against them.
func (p *Prepared) keyActionTemplate() (tool string, toolOK bool, args, policy *jsonv.Object) {
	ka := p.spec.KeyAction
	if ka == nil {
		return "", false, &jsonv.Object{}, nil
	}
	return ka.Tool, p.keyToolIsString, ka.Arguments, ka.PayloadPolicy
}

// matchKeyAction compares the first action first with the key action's template into r
// (lean: the errors only as far as a gate reads them, no detail wants them).
func (p *Prepared) matchKeyAction(r *v1Result, first *ev, lean bool) {
	tmplTool, tmplToolOK, tmplArgs, tmplPolicy := p.keyActionTemplate()
	args := argsOrEmpty(first)
	cmpArgs, collErr := comparisonArgs(p.byID.kind, first.Tool, args, tmplTool, tmplArgs)
	errs := matchErrors("CONSEQUENTIAL_CALL", first.Tool, cmpArgs, tmplTool, tmplToolOK, tmplArgs, tmplPolicy, cmpStructured, lean)
	if collErr != "" {
		errs = append(errs, collErr)
	}
	if len(errs) > 0 {
		r.template = RequirementResult{ID: "key_action_matches_template", Status: StatusViolated, Reason: "UNEXPECTED_CONSEQUENTIAL_ACTION"}
	} else if code := payloadCheck(cmpArgs, tmplPolicy); code != "" {
		r.template = RequirementResult{ID: "key_action_payload_policy", Status: StatusViolated, Reason: code}
	} else {
		r.template = RequirementResult{ID: "key_action_matches_template", Status: StatusSupported, Reason: StatusSupported}
	}
	r.cmpArgs, r.matchErrs, r.callID = cmpArgs, errs, callIDFor(first, first.Index)
}

// lateReads is what timing=anytime adds to a V1 gate: the in-scope reads after the first
// action, as observed calls and the facts their rules give, up to max_info_calls.
func (p *Prepared) lateReads(pre *v1Result, evs []ev) ([]obsCall, ledger) {
	var obs []obsCall
	var extra ledger
	count := pre.infoCount
	for i := pre.firstPos + 1; i < len(evs); i++ {
		e := &evs[i]
		if !e.Object || !isInfo(e) || !e.ToolOK {
			continue
		}
		tid := p.toolID(e.Tool)
		if tid == 0 {
			continue
		}
		count++
		if p.maxCalls == 0 || count <= p.maxCalls {
			args := argsOrEmpty(e)
			obs = append(obs, newObsCall(tid, args, nil, false, ""))
			p.ruleFacts(e.Tool, args, e.Index, callIDFor(e, e.Index), &extra)
		}
	}
	return obs, extra
}

// gateV1 judges the first action of a scanned V1 walk under pol. The scan's slices are
// shared by every policy's result: the gate only reads them.
func (p *Prepared) gateV1(pre *v1Result, evs []ev, pol Policy, sc *scratch, dm *detailMem) *v1Result {
	var r *v1Result
	if sc != nil {
		r = &sc.v1
	} else {
		r = &dm.walk.v1
	}
	*r = *pre
	if sc == nil {
		r.invalid = slices.Clone(r.invalid) // Detail keeps it
	}
	observed := r.observed
	var extra ledger
	if r.firstPos >= 0 && pol.Timing == TimingAnytime {
		// A read after the action still counts as evidence and coverage.
		var extraObs []obsCall
		extraObs, extra = p.lateReads(pre, evs)
		if len(extraObs) > 0 {
			observed = append(append([]obsCall(nil), observed...), extraObs...)
		}
	}
	if r.firstPos < 0 {
		r.coverage = p.coverageOnly(observed)
		return r
	}
	first := &evs[r.firstPos]
	var results []RequirementResult
	if sc != nil {
		results = sc.results[:0]
		defer func() { sc.results = results[:0] }()
	} else {
		results = dm.requirements(len(p.required) + 3 + len(p.spec.Requirements))
	}
	var cov Coverage
	switch {
	case len(observed) != len(r.observed): // later reads (timing=anytime) joined them
		if pol.Coverage == CoverageRequired {
			results, cov = p.coverageInto(results, observed, true)
		} else {
			cov = p.coverageOnly(observed)
		}
	case pol.Coverage == CoverageRequired:
		var rs []RequirementResult
		rs, cov = r.memo.coverage(p, observed)
		results = append(results, rs...)
	default:
		_, cov = r.memo.coverage(p, observed)
	}
	r.coverage = cov
	r.late = extra.facts
	ctx := &evalCtx{led: &r.led, extra: extra.facts, tool: first.Tool, callID: r.callID, args: r.cmpArgs, binding: pol.Binding, lean: sc != nil, p: p,
		callIDV: callIDValue(first, first.Index)}
	if p.keyToolV != nil && p.spec.KeyAction.Tool == first.Tool {
		ctx.toolV = p.keyToolV // boxed once per case
	}
	results = append(results, r.template)
	nReq := len(results)
	if pol.Binding != BindingOff {
		// Without facts from later reads, the binding is the only switch the requirements
		// read: the episode's first policy with it evaluates them (a detailed one in full).
		memo := len(extra.facts) == 0
		if rs, ok := r.memo.requirements(pol.Binding, !ctx.lean); memo && ok {
			results = appendKept(results, rs, !ctx.lean)
		} else {
			for _, rq := range p.topReqs {
				results = append(results, ctx.evalRequirement(rq))
			}
			if memo {
				r.memo.keep(pol.Binding, !ctx.lean, results[nReq:])
			}
		}
	}
	reqs := results[nReq:]
	r.oracle = gateOf(results)
	r.executed = r.oracle == GateAllow && len(r.invalid) == 0
	r.missingAt = !cov.Complete || hasMissing(reqs)
	r.gateMissing = hasMissing(results)
	if sc != nil {
		return r // without detail no checkpoint is kept
	}
	r.checkpoint = &dm.cp
	*r.checkpoint = Checkpoint{EventIndex: first.Index, CallID: r.callID, Tool: first.Tool, Gate: r.oracle,
		Requirements: results, MatchErrors: slices.Clone(r.matchErrs)}
	if _, tmplToolOK, _, _ := p.keyActionTemplate(); !tmplToolOK && p.spec.KeyAction != nil {
		r.checkpoint.CommitID = ""
	} else {
		r.checkpoint.CommitID = "key_action"
		if len(r.matchErrs) == 0 { // arguments that miss the template act on something else
			r.checkpoint.Target = "commit key_action"
		}
	}
	return r
}

func mustGet(o *jsonv.Object, k string) any {
	v, _ := o.Get(k)
	return v
}
