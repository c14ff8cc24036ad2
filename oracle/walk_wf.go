package oracle

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// wfResult is the linear_workflow_summary / multi_step_summary of a V2 or V3 walk (also the
// V0 dag_workflow preflight).
type wfResult struct {
	outcome         string
	success         bool
	completed       []string
	failedCommit    string
	failedEvent     int
	invalid         []InvalidCall
	contract        []string
	coverage        Coverage
	checkpoints     []Checkpoint
	led             ledger
	firstIdx        int
	completeAtFirst bool
	missingAt       bool
	trustedKeys     bool // the recorded evidence_delta_key stood in for a shard replay
	notes           []string
}

// Workflow outcome codes used by the walks.
const (
	OutcomeCaseSuccess     = "CASE_SUCCESS"
	OutcomeWorkflowSuccess = "WORKFLOW_SUCCESS"
	OutcomeExtraEvent      = "EXTRA_POST_SUCCESS_EVENT"
	OutcomeInvalidEvent    = "INVALID_EVENT"
	OutcomeInvalidCallID   = "INVALID_CALL_ID"
	OutcomeInvalidInfo     = "INVALID_INFO_CALL"
	OutcomeMissingDelta    = "MISSING_FROZEN_EVIDENCE_DELTA"
	OutcomeSchema          = "SPEC_INVALID_EVIDENCE_SCHEMA"
	OutcomeIdempotency     = "IDEMPOTENCY_KEY_REUSED"
	OutcomeDependency      = "DEPENDENCY_VIOLATION"
	OutcomeReference       = "INVALID_PRIOR_RESULT_REFERENCE"
	OutcomeUnexpected      = "UNEXPECTED_CONSEQUENTIAL_ACTION"
	OutcomeWrongArgument   = "WRONG_ACTION_ARGUMENT"
	OutcomeAmbiguous       = "AMBIGUOUS_ENABLED_COMMIT_MATCH"
	OutcomeDuplicate       = "DUPLICATE_COMPLETED_COMMIT_ATTEMPT"
	OutcomePublicSchema    = "PUBLIC_ACTION_SCHEMA_VIOLATION"
	OutcomeTimeout         = "TIMEOUT"
)

func publicCallID(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !refChar(s[i]) {
			return false
		}
	}
	return true
}

// wfState is the running state of one workflow walk. A walk is started once per episode
// (startWorkflow: no policy changes the checks and reads before the first action) and
// resumed from a copy of that state under each policy (resume).
type wfState struct {
	p         *Prepared
	pol       Policy
	dag       bool // V3 semantics (enabled sets); false: V2 linear
	anyOrder  bool // order=any: every not-completed commit is enabled
	preflight bool
	notes     bool // keep notes (read only for detail)

	evs          []ev
	pos          int  // the next event to walk
	ended        bool // the start ended the walk (the spec is invalid)
	r            *wfResult
	observed     []obsCall
	completedSet strSet
	callToCommit strPairs
	results      resultPairs
	usedKeys     strSet
	seenCallIDs  strSet
	buf          []byte // scratch for computed delta keys
	sc           *scratch
	dm           *detailMem // with detail (sc nil): the Detail's buffers
	memo         *matchMemo // the episode's matches, shared by its policies' walks
	gates        *gateMemo  // and its gates' coverage and requirement results
	current      int        // V2 linear index
	infoCount    int
	// startObs is how many calls were observed when the walk was started: their coverage
	// (gateMemo.startCov) serves every policy's walk that reads no more before it needs it.
	startObs int
	// lastCov is the coverage a checked gate of this walk computed over its first lastObs
	// observed calls (haveLast), for the end of a walk that read nothing since.
	lastCov    Coverage
	lastObs    int
	haveLast   bool
	terminated bool
	firstSeen  bool
}

// startWorkflow begins validate_linear_workflow_execution_record (V2) or
// validate_dag_multi_step_execution_record (V3, and the V0 DAG preflight when preflight)
// in st and r: the record and spec checks, and the events before the first action. The
// buffers come from sc; notes keeps the notes.
func (p *Prepared) startWorkflow(st *wfState, r *wfResult, rec *ingest.Record, evs []ev, preflight bool, sc *scratch, notes bool) {
	dag := preflight || p.c.Protocol == ingest.V3
	*st = wfState{p: p, dag: dag, preflight: preflight, notes: notes, evs: evs, r: r, memo: &sc.matches, gates: &sc.gates}
	sc.matches.reset()
	sc.gates.reset()
	sc.slab.reset()
	*r = wfResult{outcome: OutcomeTimeout, failedEvent: -1, firstIdx: -1}
	st.buf = sc.buf
	r.led.facts = sc.facts[:0]
	st.observed = sc.obs[:0]
	st.seenCallIDs = sc.ids[:0]
	defer func() {
		sc.facts, sc.obs, sc.ids, sc.buf = r.led.facts[:0], st.observed[:0], st.seenCallIDs[:0], st.buf[:0]
	}()
	if rec != nil {
		if dag {
			r.contract = append(r.contract, recordChecks(rec, "multi_step_record", "multi_step_record", p.spec.EnvID, p.spec.CaseID, false)...)
		} else {
			r.contract = append(r.contract, p.specV2...)
			r.contract = append(r.contract, recordChecks(rec, "multi_step_record", "linear_workflow_record", p.spec.EnvID, p.spec.CaseID, false)...)
		}
	}
	if dag {
		specErrs := p.specV3
		if preflight {
			specErrs = p.specDAGPreflight
		}
		if !p.spec.WorkflowIsDAG && !preflight {
			r.outcome = "SPEC_INVALID_WORKFLOW"
			r.contract = append(r.contract, "SPEC_INVALID_WORKFLOW: V3 requires workflow.type='dag'")
			st.ended = true
			return
		}
		if len(specErrs) > 0 {
			code, _, _ := strings.Cut(specErrs[0], ":")
			r.outcome = code
			r.contract = append(r.contract, specErrs...)
			r.coverage = p.coverageOnly(nil)
			st.ended = true
			return
		}
		if p.hasShard && !preflight {
			if p.shard == nil {
				r.trustedKeys = true
			}
			// The notes are built only for detail: a concatenation per episode otherwise.
			if st.notes && p.shard != nil {
				st.note("information calls replayed against the query shard " + p.shard.Source)
			} else if st.notes {
				why := "the bench has no env/v3_episode_query_shards/"
				if p.unread != "" {
					why = p.unread
				}
				st.note("query-shard replay not performed (" + why + "): the host-recorded evidence_delta_key is trusted and checked against frozen_evidence_deltas")
			}
		}
		if p.enforcePublic && !preflight {
			if p.publicSpecs == nil {
				st.note("public action contract: the case carries no argument schemas; only membership in public_action_tools is checked")
			}
		}
	} else if p.shared && p.frozen {
		r.trustedKeys = true
		st.note("shared-world shard replay not performed: the host-recorded evidence_delta_key is trusted and checked against frozen_evidence_deltas")
	}
	st.walk(true)
	if !preflight { // a V0 preflight reports no coverage
		st.startObs = len(st.observed)
	}
}

// coverage is coverageOnly of observed, the walk's observed calls or those and later
// reads: the walk's start, or its last gate that checked coverage, already has it when no
// read came since.
func (st *wfState) coverage(observed []obsCall) Coverage {
	if !st.preflight && len(observed) == st.startObs {
		// Computed when first needed: a walk whose first gate checks coverage with its
		// results, and that reads again before its end, never needs it.
		gm := st.gates
		if !gm.haveStart {
			gm.startCov, gm.haveStart = st.p.coverageOnly(observed), true
		}
		return gm.startCov
	}
	if st.haveLast && len(observed) == st.lastObs {
		return st.lastCov
	}
	return st.p.coverageOnly(observed)
}

// walk steps through the events from st.pos, up to the first action when untilAction.
func (st *wfState) walk(untilAction bool) {
	r := st.r
	for ; st.pos < len(st.evs); st.pos++ {
		e := &st.evs[st.pos]
		if st.terminated {
			if r.outcome == OutcomeCaseSuccess && st.pol.Timing == TimingAnytime && !st.preflight {
				// timing=anytime counts the reads after an action as its evidence, so a read
				// after the last step is one the policy counts, not an extra event: it joins
				// the coverage and the ledger (docs/policies.md).
				var facts []fact
				var ok bool
				if st.observed, facts, ok = st.lateRead(e, st.observed, nil); ok {
					for _, f := range facts {
						r.led.add(f)
					}
					continue
				}
			}
			if r.outcome == OutcomeCaseSuccess || r.outcome == OutcomeExtraEvent {
				r.outcome = OutcomeExtraEvent
				r.success = false
				if r.failedEvent < 0 {
					r.failedEvent = e.Index
				}
			}
			continue
		}
		if untilAction && e.Object && isAction(e) {
			return
		}
		st.step(e, st.pos)
	}
}

// resume finishes a copy of the started walk pre under pol. The copy shares pre's slices
// and only appends to them, so that pre stays valid for the next policy; with detail
// (sc nil, dm the Detail's buffers) the slices Detail keeps are copied or dm's.
func (pre *wfState) resume(pol Policy, sc *scratch, dm *detailMem) *wfResult {
	st := *pre
	st.pol, st.anyOrder, st.sc, st.dm, st.notes = pol, pol.Order == OrderAny, sc, dm, sc == nil
	// The walk's own state is in the scratch's buffers, with detail too: the Detail keeps
	// none of it, only what the walk renders into dm (checkpoints) or copies.
	ws := st.buffers()
	if sc == nil {
		r := &ws.wf
		*r = *pre.r
		r.contract, r.invalid = slices.Clone(r.contract), slices.Clone(r.invalid)
		r.checkpoints = append(dm.takeCheckpoints(), r.checkpoints...)
		st.r = r // its completed commits grow on their own: Detail keeps them
	} else {
		sc.wf = *pre.r
		st.r = &sc.wf
		st.r.completed = sc.commits[:0]
	}
	st.completedSet = ws.done[:0]
	st.buf = ws.buf
	st.callToCommit, st.usedKeys, st.results = ws.calls[:0], ws.used[:0], ws.recs[:0]
	defer func() {
		// The start's buffers, when this walk outgrew them, for the next episode.
		if cap(st.r.led.facts) > cap(ws.facts) {
			ws.facts = st.r.led.facts[:0]
		}
		if cap(st.observed) > cap(ws.obs) {
			ws.obs = st.observed[:0]
		}
		if cap(st.seenCallIDs) > cap(ws.ids) {
			ws.ids = st.seenCallIDs[:0]
		}
		ws.done, ws.buf = st.completedSet[:0], st.buf[:0]
		if sc != nil {
			ws.commits = st.r.completed[:0]
		}
		clear(st.results) // drop the references to the record's results
		ws.calls, ws.used, ws.recs = st.callToCommit[:0], st.usedKeys[:0], st.results[:0]
	}()
	r := st.r
	if st.ended {
		return r
	}
	st.walk(false)
	if st.preflight {
		// finishV0 reads the preflight's outcome, contract errors and, for detail, its
		// checkpoints, ledger and notes; its coverage is the V0 walk's own.
		return r
	}
	r.coverage = st.coverage(st.observed)
	if !st.firstSeen {
		// The walk ended before any action: the reads it accepted are all there was.
		r.completeAtFirst = r.coverage.Complete
	}
	return r
}

// buffers is the scratch whose buffers the walk's state uses: the scoring call's, with
// detail too (dm.walk).
func (st *wfState) buffers() *scratch {
	if st.sc == nil && st.dm != nil {
		return st.dm.walk
	}
	return st.sc
}

// note records a note for Detail; without detail nothing reads notes.
func (st *wfState) note(s string) {
	if st.notes {
		st.r.notes = append(st.r.notes, s)
	}
}

func (st *wfState) terminate(outcome string, idx int) {
	st.r.outcome = outcome
	st.r.failedEvent = idx
	st.terminated = true
}

func (st *wfState) step(e *ev, pos int) {
	r := st.r
	// The message prefix is built only when an error needs it.
	prefix := func() string { return fmt.Sprintf("multi_step_record.events[%d]", e.Index) }
	if !e.Object {
		r.contract = append(r.contract, prefix()+" must be an object")
		st.terminate(OutcomeInvalidEvent, e.Index)
		return
	}
	if !isInfo(e) && !isAction(e) {
		r.contract = append(r.contract, prefix()+".type must be INFO_CALL or CONSEQUENTIAL_CALL")
		st.terminate(OutcomeInvalidEvent, e.Index)
		return
	}
	info := isInfo(e)
	tool := e.Tool
	var malformed []string
	if !e.ToolOK {
		msg := prefix() + ".tool must be a non-empty string"
		if info {
			malformed = append(malformed, msg)
		} else {
			r.contract = append(r.contract, msg)
		}
		tool = ""
	}
	args := e.Arguments
	if !e.ArgumentsOK {
		msg := prefix() + ".arguments must be an object"
		if info {
			malformed = append(malformed, msg)
		} else {
			r.contract = append(r.contract, msg)
		}
		args = &jsonv.Object{}
	}
	status := any("ok")
	if e.HasToolStatus {
		status = e.ToolStatus
	}
	statusStr, statusOK := status.(string)
	if info {
		if !statusOK {
			malformed = append(malformed, prefix()+".tool_status must be a string")
		}
		if st.dag && e.HasAttemptedArgumentsValid {
			if b, ok := e.AttemptedArgumentsValid.(bool); !ok {
				malformed = append(malformed, prefix()+".attempted_arguments_valid must be a boolean")
			} else if !b {
				malformed = append(malformed, prefix()+".arguments was not a JSON object at execution time")
			}
		}
		if e.HasResolvedArguments {
			if _, ok := e.ResolvedArguments.(*jsonv.Object); !ok {
				malformed = append(malformed, prefix()+".resolved_arguments must be an object")
			}
		}
		for _, nr := range []struct {
			name string
			v    any
			has  bool
		}{{"tool_result", e.ToolResult, e.HasToolResult}, {"result", e.Result, e.HasResult}} {
			o, ok := nr.v.(*jsonv.Object)
			if !nr.has || !ok || !o.Has("status") {
				continue
			}
			ns, _ := o.Get("status")
			nss, isStr := ns.(string)
			if !isStr {
				malformed = append(malformed, prefix()+"."+nr.name+".status must be a string")
			} else if statusOK && nss != statusStr {
				malformed = append(malformed, prefix()+"."+nr.name+".status must match tool_status")
			}
		}
	}
	// Call ids: an action's must be a string; a read's that is not one is auto_info_N, and
	// an empty one is call_NN; the id must be of [A-Za-z0-9_-] and unused by an earlier event.
	var callID string
	cidStr, cidIsStr := e.CallID.(string)
	switch {
	case cidIsStr:
		callID = callIDFor(e, e.Index)
	case info:
		callID = fmt.Sprintf("auto_info_%d", e.Index+1)
	default:
		callID = callIDFor(e, e.Index)
	}
	_ = cidStr
	if !publicCallID(callID) || st.seenCallIDs.has(callID) || (!info && !cidIsStr) {
		r.contract = append(r.contract, prefix()+".call_id must be an explicit unique value matching ^[A-Za-z0-9_-]+$")
		st.terminate(OutcomeInvalidCallID, e.Index)
		return
	}
	st.seenCallIDs = append(st.seenCallIDs, callID)
	if info {
		if st.dag {
			st.infoV3(e, tool, args, statusStr, statusOK, malformed, callID)
		} else {
			st.infoV2(e, tool, args, statusStr, statusOK, malformed, callID)
		}
		return
	}
	st.action(e, pos, tool, args, callID)
}

func (st *wfState) invalid(e *ev, callID, tool, reason string) {
	st.r.invalid = append(st.r.invalid, InvalidCall{EventIndex: e.Index, CallID: callID, Tool: tool, Reason: reason})
	st.terminate(OutcomeInvalidInfo, e.Index)
}

// infoV2 handles a V2 INFO_CALL in the evaluator's order of checks.
func (st *wfState) infoV2(e *ev, tool string, args *jsonv.Object, status string, statusOK bool, malformed []string, callID string) {
	p, r := st.p, st.r
	st.countInfo()
	if p.maxCalls > 0 && st.infoCount > p.maxCalls {
		st.invalid(e, callID, tool, "MAX_INFO_CALLS_EXCEEDED")
		return
	}
	if !statusOK {
		r.contract = append(r.contract, malformed...)
		st.invalid(e, callID, tool, "MALFORMED_INFO_CALL")
		return
	}
	if status != "ok" {
		return // unsuccessful_info_calls: no further check
	}
	if len(malformed) > 0 {
		r.contract = append(r.contract, malformed...)
		st.invalid(e, callID, tool, "MALFORMED_INFO_CALL")
		return
	}
	tid := p.toolID(tool)
	if tid == 0 {
		st.invalid(e, callID, tool, "TOOL_NOT_IN_INFO_SCOPE")
		return
	}
	resolved, resErr := p.resolveV2(tool, args, e)
	if resErr {
		st.invalid(e, callID, tool, "INVALID_RESOLVED_ARGUMENTS")
		return
	}
	claim, claimErr := p.claimV2(e, tool, args, resolved)
	if claimErr {
		st.invalid(e, callID, tool, "INVALID_EVIDENCE_DELTA_KEY")
		return
	}
	factArgs := args
	if resolved != nil {
		factArgs = resolved
	}
	obs := obsCall{tid: tid, args: args}
	if resolved != nil {
		obs.resolved, obs.hasRes = resolved, true
	}
	if !p.frozen {
		st.observed = append(st.observed, obs)
		p.ruleFacts(tool, factArgs, e.Index, callID, &r.led)
		return
	}
	if p.shared && claim == "" {
		st.observed = append(st.observed, obs)
		return
	}
	key := claim
	if key == "" {
		st.buf = appendKey(st.buf, tool, factArgs)
		if d0 := p.deltas[string(st.buf)]; d0 != nil {
			key = d0.key
		}
	}
	var d *delta
	var facts []specFact
	var perr string
	if key != "" {
		d, facts, perr = p.phaseDelta(key, st.completedSet)
	}
	if perr != "" {
		r.contract = append(r.contract, "SPEC_INVALID_EVIDENCE_SCHEMA: "+perr)
		st.terminate(OutcomeSchema, e.Index)
		return
	}
	if d != nil && len(d.errs) > 0 {
		for _, er := range d.errs {
			r.contract = append(r.contract, "SPEC_INVALID_EVIDENCE_SCHEMA: "+er)
		}
		st.terminate(OutcomeSchema, e.Index)
		return
	}
	if d != nil {
		obs.key = d.key
	}
	st.observed = append(st.observed, obs)
	if d == nil {
		if p.shared {
			return
		}
		st.terminate(OutcomeMissingDelta, e.Index)
		return
	}
	for _, f := range facts {
		r.led.add(fact{specFact: f, eventIndex: e.Index, callID: callID, tool: tool, args: factArgs, deltaKey: d.key, frozen: true})
	}
}

// infoV3 handles a V3 INFO_CALL (and a V0 DAG preflight read).
func (st *wfState) infoV3(e *ev, tool string, args *jsonv.Object, status string, statusOK bool, malformed []string, callID string) {
	p, r := st.p, st.r
	st.countInfo()
	tid := p.toolID(tool)
	switch {
	case p.maxCalls > 0 && st.infoCount > p.maxCalls:
		st.invalid(e, callID, tool, "MAX_INFO_CALLS_EXCEEDED")
		return
	case len(malformed) > 0:
		r.contract = append(r.contract, malformed...)
		st.invalid(e, callID, tool, "MALFORMED_INFO_CALL")
		return
	case tid == 0:
		st.invalid(e, callID, tool, "TOOL_NOT_IN_INFO_SCOPE")
		return
	}
	if status != "ok" {
		return
	}
	shard := p.hasShard && !st.preflight
	obs := obsCall{tid: tid, args: args}
	var keys []string // the shard binding; nil: use the candidate-key list
	if shard && p.shard != nil {
		// Replay, as the release does: raw arguments, the replayed key binds; a claim
		// that differs ends the episode. Without a binding, only the top-level claim is
		// dropped: nested result keys and the computed key stay candidates (the evaluator's quirk).
		binding, ok := replayShard(p.shard, tool, e.Arguments)
		if !ok {
			st.invalid(e, callID, tool, "QUERY_SHARD_REPLAY_FAILED")
			return
		}
		if e.HasEvidenceDeltaKey && e.EvidenceDeltaKey != nil {
			if k, isStr := e.EvidenceDeltaKey.(string); !isStr || k != binding {
				st.invalid(e, callID, tool, "QUERY_SHARD_EVIDENCE_BINDING_MISMATCH")
				return
			}
		}
		obs.key = binding
		st.observed = append(st.observed, obs)
		if binding != "" {
			keys = []string{binding}
		} else {
			unclaimed := *e
			unclaimed.HasEvidenceDeltaKey, unclaimed.EvidenceDeltaKey = false, nil
			var d *delta
			if d, st.buf = p.candidateDelta(&unclaimed, tool, st.buf); d == nil {
				return // exploration: no facts, but an observed call
			}
			keys = []string{d.key}
		}
	} else if shard {
		// Deviation: the recorded key stands in for the replayed binding.
		var binding string
		if e.HasEvidenceDeltaKey && e.EvidenceDeltaKey != nil {
			k, ok := e.EvidenceDeltaKey.(string)
			if !ok || k == "" || !strings.HasPrefix(k, tool+":") || p.deltas[k] == nil {
				st.invalid(e, callID, tool, "QUERY_SHARD_EVIDENCE_BINDING_MISMATCH")
				return
			}
			binding = k
		}
		obs.key = binding
		st.observed = append(st.observed, obs)
		if binding == "" {
			return // exploration: no facts, but it counts as an observed call
		}
		keys = []string{binding}
	} else {
		if o, ok := e.ResolvedArguments.(*jsonv.Object); ok && e.HasResolvedArguments {
			obs.resolved, obs.hasRes = o, true
		}
		obs.key = explicitKey(e)
		st.observed = append(st.observed, obs)
	}
	var d *delta
	if keys != nil {
		d = p.deltas[keys[0]]
	} else {
		d, st.buf = p.candidateDelta(e, tool, st.buf)
	}
	if d != nil && len(d.errs) > 0 {
		for _, er := range d.errs {
			r.contract = append(r.contract, "SPEC_INVALID_EVIDENCE_SCHEMA: "+er)
		}
		st.terminate(OutcomeSchema, e.Index)
		return
	}
	if d == nil {
		if shard || p.shared {
			return
		}
		st.terminate(OutcomeMissingDelta, e.Index)
		return
	}
	for _, f := range d.facts {
		r.led.add(fact{specFact: f, eventIndex: e.Index, callID: callID, tool: tool, args: args, deltaKey: d.key, frozen: true})
	}
}

// infoCount lives on the state; countInfo increments it.
func (st *wfState) countInfo() { st.infoCount++ }

// resolveV2 is validate_v2_resolved_arguments. It returns the accepted resolution (nil when
// there is none) and whether the resolution is invalid.
func (p *Prepared) resolveV2(tool string, requested *jsonv.Object, e *ev) (*jsonv.Object, bool) {
	if !e.HasResolvedArguments || e.ResolvedArguments == nil {
		return nil, false
	}
	res, ok := e.ResolvedArguments.(*jsonv.Object)
	if !ok {
		return nil, true
	}
	if p.shared {
		// Deviation: without the shard, accept {"record_id": …} whose key is a frozen delta.
		rid, ok := res.String("record_id")
		if res.Len() != 1 || !ok || rid == "" || p.deltas[canonicalKey(tool, res)] == nil {
			return nil, true
		}
		return res, false
	}
	var match *jsonv.Object
	n := 0
	seen := map[string]bool{}
	consider := func(c *jsonv.Object) {
		k := string(jsonv.Canonical(c, true))
		if seen[k] {
			return
		}
		seen[k] = true
		if strictSubset(requested, c) {
			n++
			match = c
		}
	}
	for _, r := range p.rulesFor(tool) {
		if c, ok := r.ArgsMatch.(*jsonv.Object); ok {
			consider(c)
		}
	}
	for _, d := range p.deltasOf(tool) {
		consider(d.args)
	}
	if n != 1 || !strictMatches(res, match) {
		return nil, true
	}
	return res, false
}

// strictSubset is strict_argument_subset: requested keys are a proper subset and values match.
func strictSubset(requested, cand *jsonv.Object) bool {
	if requested.Len() >= cand.Len() {
		return false
	}
	for i, k := range requested.Keys {
		cv, ok := cand.Get(k)
		if !ok || !strictMatches(cv, requested.Values[i]) {
			return false
		}
	}
	return true
}

// claimV2 is validate_v2_evidence_delta_key: it returns the validated claim ("" for none).
func (p *Prepared) claimV2(e *ev, tool string, requested, resolved *jsonv.Object) (string, bool) {
	var claims []string
	malformed := false
	addClaim := func(v any) {
		if v == nil || v == "" {
			return
		}
		s, ok := v.(string)
		if !ok {
			malformed = true
			return
		}
		for _, c := range claims {
			if c == s {
				return
			}
		}
		claims = append(claims, s)
	}
	if e.HasEvidenceDeltaKey {
		addClaim(e.EvidenceDeltaKey)
	}
	for _, nr := range []struct {
		v   any
		has bool
	}{{e.ToolResult, e.HasToolResult}, {e.Result, e.HasResult}} {
		if o, ok := nr.v.(*jsonv.Object); ok && nr.has {
			if v, ok := o.Get("evidence_delta_key"); ok {
				addClaim(v)
			}
		}
	}
	if malformed || len(claims) > 1 {
		return "", true
	}
	if p.spec.DeltasInvalid {
		return "", true
	}
	if len(claims) == 0 {
		return "", false
	}
	claim := claims[0]
	if !strings.HasPrefix(claim, tool+":") || p.deltas[claim] == nil {
		return "", true
	}
	if p.shared {
		return claim, false // deviation: the recorded key stands in for the replay
	}
	var buf [256]byte
	if claim == string(appendKey(buf[:0], tool, requested)) {
		return claim, false
	}
	if resolved != nil && claim == string(appendKey(buf[:0], tool, resolved)) {
		return claim, false
	}
	var matching []string
	for _, d := range p.deltasOf(tool) {
		if strictSubset(requested, d.args) {
			matching = append(matching, d.key)
		}
	}
	if len(matching) == 1 && matching[0] == claim {
		return claim, false
	}
	return "", true
}
