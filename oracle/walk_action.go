package oracle

import (
	"slices"
	"strings"

	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// action handles one CONSEQUENTIAL_CALL of a V2/V3 walk.
func (st *wfState) action(e *ev, pos int, tool string, args *jsonv.Object, callID string) {
	p, r := st.p, st.r
	first := !st.firstSeen
	st.firstSeen = true
	if first {
		r.firstIdx = e.Index
	}
	cp := Checkpoint{EventIndex: e.Index, CallID: callID, Tool: tool}
	fail := func(outcome, commit string) {
		cp.Gate, cp.Reason, cp.CommitID = GateBlock, outcome, commit
		if st.sc == nil {
			r.checkpoints = append(r.checkpoints, cp)
		}
		r.failedCommit = commit
		st.terminate(outcome, e.Index)
		if first {
			st.firstDiagnostics(nil)
		}
	}
	if st.dag && p.enforcePublic && !st.preflight {
		if errs := p.publicContractErrors(tool, args); len(errs) > 0 {
			cp.MatchErrors = errs
			fail(OutcomePublicSchema, "")
			return
		}
	}
	idem, hasIdem := args.Get(agentGenerated)
	if ik, ok := idem.(string); ok && hasIdem && st.usedKeys.has(ik) {
		fail(OutcomeIdempotency, "")
		return
	}
	m := st.memo.match(st, pos, tool, args)
	if m.cm == nil {
		if m.contract != "" {
			r.contract = append(r.contract, m.contract)
		}
		cp.ReferenceErrs, cp.MatchErrors = m.refErrs, m.matchErrs
		if st.sc == nil { // Detail keeps them: no two verdicts share a slice
			cp.ReferenceErrs, cp.MatchErrors = slices.Clone(m.refErrs), slices.Clone(m.matchErrs)
			if m.outcome == OutcomeDependency || m.outcome == OutcomeDuplicate {
				cp.Target = "commit " + m.commit // its raw arguments are the commit's, out of turn or again
			}
		}
		fail(m.outcome, m.commit)
		return
	}
	deferred := m.deferred
	if st.sc == nil {
		deferred = slices.Clone(deferred)
	}
	st.gate(e, pos, tool, m.canon, callID, m.cm, &cp, first, deferred, fail)
}

// match is how a V2/V3 action matched the enabled commits: the commit it matched with its
// canonical arguments, or the outcome and commit of its failure.
type match struct {
	cm        *casespec.Commit
	canon     *jsonv.Object
	deferred  []string // summary mismatches the gate reports
	outcome   string
	commit    string
	contract  string   // a contract error the failure adds
	refErrs   []string // the failure's checkpoint's
	matchErrs []string
}

// matchAction matches an action against the commits the walk has enabled.
func (st *wfState) matchAction(tool string, args *jsonv.Object) match {
	if !st.dag && !st.anyOrder {
		return st.linearAction(tool, args)
	}
	return st.enabledSetAction(tool, args)
}

func (st *wfState) refs(cm *casespec.Commit, args *jsonv.Object) (*jsonv.Object, []string) {
	rc := refCtx{p: st.p, callToCommit: st.callToCommit, completed: st.completedSet, commitID: cm.ID,
		propagation: st.pol.Propagation, results: st.results}
	ci := st.p.info(cm)
	if st.dag && !st.anyOrder {
		// V3: legal ancestors are the completed transitive ancestors of the commit.
		rc.ancestors = ci.ancestors
	}
	if !st.dag {
		rc.equivRefs = st.p.equivRefs
	}
	// The canonical objects are the episode's (the slab is reset with the memos that hold
	// them), with detail too: Detail keeps none of them, only strings rendered from them.
	ws := st.buffers()
	if ws != nil {
		rc.path, rc.slab = ws.path, &ws.slab
	}
	out := rc.validate(args, cm.Arguments, ci.tmplRefs)
	if ws != nil {
		ws.path = rc.path[:0]
	}
	return out, rc.errs
}

func (st *wfState) comparatorMode() comparator {
	if st.dag {
		return cmpStructuredWF
	}
	return cmpStrict
}

func (st *wfState) linearAction(tool string, args *jsonv.Object) match {
	p := st.p
	if st.current >= len(p.commits) {
		return match{outcome: OutcomeInvalidEvent, contract: "multi_step_record.events appears after all workflow commits completed"}
	}
	cm := p.commits[st.current]
	if cm == nil {
		return match{outcome: OutcomeInvalidEvent}
	}
	for _, d := range cm.DependsOn {
		if !st.completedSet.has(d) {
			return match{outcome: OutcomeDependency, commit: cm.ID}
		}
	}
	canon, refErrs := st.refs(cm, args)
	if len(refErrs) > 0 {
		return match{outcome: OutcomeReference, commit: cm.ID, refErrs: refErrs}
	}
	cmpArgs, collErr := canon, ""
	if p.byID.kind == ruleFeeWaiverV2 {
		cmpArgs, collErr = feeWaiverComparison(tool, canon, cm.Tool, cm.Arguments)
	}
	errs := matchErrors("CONSEQUENTIAL_CALL", tool, cmpArgs, cm.Tool, p.info(cm).rawToolStr, cm.Arguments, cm.PayloadPolicy, cmpStrict, st.sc != nil)
	if collErr != "" {
		errs = append(errs, collErr)
	}
	summaryOnly := onlySummaryMismatch(cm.Requirements, errs)
	if len(errs) > 0 && !summaryOnly {
		return match{outcome: OutcomeUnexpected, commit: cm.ID, matchErrs: errs}
	}
	m := match{cm: cm, canon: canon}
	if summaryOnly {
		m.deferred = errs
	}
	return m
}

func (st *wfState) enabledSetAction(tool string, args *jsonv.Object) match {
	p := st.p
	var enabled []*casespec.Commit
	for _, cm := range p.commits {
		if cm == nil || st.completedSet.has(cm.ID) {
			continue
		}
		ok := true
		if !st.anyOrder {
			for _, d := range cm.DependsOn {
				if !st.completedSet.has(d) {
					ok = false
					break
				}
			}
		}
		if ok {
			enabled = append(enabled, cm)
		}
	}
	var matches []*casespec.Commit
	type cand struct {
		cm    *casespec.Commit
		canon *jsonv.Object // reference-valid canonical arguments; nil after reference errors
		errs  []string
	}
	cands := make([]cand, 0, 4)
	find := func(cm *casespec.Commit) *cand {
		for i := range cands {
			if cands[i].cm == cm {
				return &cands[i]
			}
		}
		return nil
	}
	var refErrs []string
	mode := st.comparatorMode()
	for _, cm := range enabled {
		// pyEqual(v, tool) for a string tool: only an equal string is equal.
		ci := p.info(cm)
		if !ci.rawToolStr || cm.Tool != tool {
			continue
		}
		canon, errs := st.refs(cm, args)
		if len(errs) > 0 {
			refErrs = append(refErrs, errs...)
			continue
		}
		me := matchErrors("CONSEQUENTIAL_CALL", tool, canon, cm.Tool, ci.rawToolStr, cm.Arguments, cm.PayloadPolicy, mode, st.sc != nil)
		cands = append(cands, cand{cm: cm, canon: canon, errs: me})
		if len(me) == 0 {
			matches = append(matches, cm)
		}
	}
	if len(matches) == 0 && len(refErrs) > 0 {
		return match{outcome: OutcomeReference, refErrs: refErrs}
	}
	var deferred []string
	if len(matches) == 0 {
		for i := range cands {
			if onlySummaryMismatch(cands[i].cm.Requirements, cands[i].errs) {
				deferred = cands[i].errs
				matches = append(matches, cands[i].cm)
			}
		}
	}
	if len(matches) > 1 {
		return match{outcome: OutcomeAmbiguous}
	}
	if len(matches) == 0 {
		if len(cands) == 1 {
			return match{outcome: OutcomeWrongArgument, commit: cands[0].cm.ID, matchErrs: cands[0].errs}
		}
		outcome, commit := st.classifyUnmatched(tool, args)
		return match{outcome: outcome, commit: commit}
	}
	cm := matches[0]
	return match{cm: cm, canon: find(cm).canon, deferred: deferred}
}

// classifyUnmatched is classify_unmatched_dag_action: raw arguments, structured comparator,
// ordered collections.
func (st *wfState) classifyUnmatched(tool string, args *jsonv.Object) (string, string) {
	matchesRaw := func(cm *casespec.Commit) bool {
		return len(matchErrors("CONSEQUENTIAL_CALL", tool, args, cm.Tool, st.p.info(cm).rawToolStr, cm.Arguments, cm.PayloadPolicy, cmpStructured, true)) == 0
	}
	for _, cm := range st.p.commits {
		if cm != nil && !st.completedSet.has(cm.ID) && matchesRaw(cm) {
			return OutcomeDependency, cm.ID
		}
	}
	for _, cm := range st.p.commits {
		if cm != nil && st.completedSet.has(cm.ID) && matchesRaw(cm) {
			return OutcomeDuplicate, cm.ID
		}
	}
	return OutcomeUnexpected, ""
}

// gate evaluates payload, coverage and requirements of a matched commit and applies the
// result.
func (st *wfState) gate(e *ev, pos int, tool string, canon *jsonv.Object, callID string, cm *casespec.Commit, cp *Checkpoint, first bool, deferred []string, fail func(string, string)) {
	p, r := st.p, st.r
	cp.CommitID = cm.ID
	if st.sc == nil {
		cp.Target = "commit " + cm.ID
	}
	if code := payloadCheck(canon, cm.PayloadPolicy); code != "" {
		fail(code, cm.ID)
		return
	}
	observed := st.observed
	var extra []fact
	if st.pol.Timing == TimingAnytime {
		moreObs, moreFacts := st.lookahead(pos)
		if len(moreObs) > 0 {
			observed = append(append([]obsCall(nil), observed...), moreObs...)
		}
		extra = moreFacts
	}
	var cov Coverage
	n := len(st.r.completed)
	// Coverage is checked at the last commit (release 85c044b); coverage_at=first_and_last
	// (revision 4f33847) also checks it at the first: DAG when no commit is completed, V2
	// unless the case declares a stateful observation protocol (doc.go).
	atFirst := st.pol.CoverageAt == CoverageAtFirstAndLast
	checkCov := false
	if st.dag || st.anyOrder {
		checkCov = n == len(p.commits)-1 || (atFirst && n == 0)
		if atFirst && !st.dag && n == 0 && p.statefulTruthy {
			checkCov = len(p.commits) == 1
		}
	} else {
		stateful := p.statefulTruthy
		checkCov = st.current == len(p.commits)-1 || (atFirst && st.current == 0 && !stateful)
	}
	ctx := &evalCtx{led: &r.led, extra: extra, tool: tool, callID: callID, args: canon, binding: st.pol.Binding, lean: st.sc != nil, p: p,
		callIDV: callIDValue(e, e.Index)}
	ci := p.info(cm)
	if ci.rawToolStr && cm.Tool == tool {
		ctx.toolV = ci.toolV // boxed once per case
	}
	var results []RequirementResult
	if st.sc != nil {
		results = st.sc.results[:0]
		defer func() { st.sc.results = results[:0] }()
	} else {
		// Detail keeps the slice: room for the coverage results only at the gates that
		// check coverage, most gates do not.
		n := len(cm.Requirements) + 1
		if checkCov && st.pol.Coverage == CoverageRequired {
			n += len(p.required) + 3
		}
		results = st.dm.requirements(n)
	}
	later := len(observed) != len(st.observed) || len(extra) > 0 // timing=anytime found later reads
	if checkCov && st.pol.Coverage == CoverageRequired {
		if later {
			results, cov = p.coverageInto(results, observed, true)
		} else {
			var rs []RequirementResult
			rs, cov = st.gates.coverage(st, pos)
			results = append(results, rs...)
			st.lastCov, st.lastObs, st.haveLast = cov, len(st.observed), true
		}
	} else if first && !st.preflight {
		// Outside the checked gates the coverage block is read only for completeAtFirst,
		// which a V0 preflight does not report.
		cov = st.coverage(observed)
	}
	nCov := len(results)
	if st.pol.Binding != BindingOff {
		full := st.sc == nil
		if rs, ok := st.gates.requirements(st, pos, cm, canon, full, later); ok {
			results = appendKept(results, rs, full)
		} else {
			reqs := ci.reqs
			for i := range reqs {
				results = append(results, ctx.evalDagRequirement(&reqs[i]))
			}
			if !later {
				st.gates.keep(st, pos, cm, canon, full, results[nCov:])
			}
		}
	}
	reqs := results[nCov:]
	if deferred != nil {
		results = append(results, RequirementResult{ID: "action_arguments_match_template", Status: StatusViolated,
			Reason: "ACTION_ARGUMENT_MISMATCH", MissingConditions: deferred})
	}
	g := gateOf(results)
	cp.Gate = g
	cp.Requirements = results
	cp.MatchErrors = deferred
	if hasMissing(results) {
		r.missingAt = true
	}
	if first {
		r.completeAtFirst = cov.Complete && !hasMissing(reqs)
	}
	if st.sc == nil {
		r.checkpoints = append(r.checkpoints, *cp)
	}
	if g != GateAllow {
		r.failedCommit = cm.ID
		st.terminate(g, e.Index)
		return
	}
	if ik, ok := canon.Get(agentGenerated); ok {
		if s, ok := ik.(string); ok {
			st.usedKeys.add(s)
		}
	}
	for _, f := range ci.post {
		r.led.add(fact{specFact: f, eventIndex: e.Index, commit: cm.ID, actionCall: callID})
	}
	st.completedSet.add(cm.ID)
	r.completed = append(r.completed, cm.ID)
	st.callToCommit = append(st.callToCommit, struct{ k, v string }{callID, cm.ID})
	if res, ok := e.Result.(*jsonv.Object); ok && e.HasResult {
		st.results = append(st.results, struct {
			commit string
			result *jsonv.Object
		}{cm.ID, res})
	}
	st.current++
	if len(r.completed) == len(p.commits) {
		r.outcome = OutcomeCaseSuccess
		r.success = true
		st.terminated = true
	}
}

// firstDiagnostics records whether the investigation was complete at the first action.
func (st *wfState) firstDiagnostics(reqs []RequirementResult) {
	if st.preflight {
		return // a V0 preflight reports its outcome, not its coverage
	}
	cov := st.coverage(st.observed)
	st.r.completeAtFirst = cov.Complete && !hasMissing(reqs)
}

// lookahead collects, for timing=anytime, the reads after position pos that the walk would
// accept: their observed calls and the facts their keys select (frozen) or their rules give.
func (st *wfState) lookahead(pos int) ([]obsCall, []fact) {
	var obs []obsCall
	var facts []fact
	for i := pos + 1; i < len(st.evs); i++ {
		obs, facts, _ = st.lateRead(&st.evs[i], obs, facts)
	}
	return obs, facts
}

// lateRead appends to obs and facts what timing=anytime counts of the event e after an
// action: for an accepted read (an in-scope INFO_CALL that did not fail), its observed call
// and the facts its key selects (frozen) or its rules give. ok reports an in-scope read the
// walk takes, a failed one included (it gives nothing, as between the steps); it is false
// for any other event.
func (st *wfState) lateRead(e *ev, obs []obsCall, facts []fact) ([]obsCall, []fact, bool) {
	p := st.p
	if !e.Object || !isInfo(e) || !e.ToolOK {
		return obs, facts, false
	}
	tid := p.toolID(e.Tool)
	if tid == 0 {
		return obs, facts, false
	}
	if e.HasToolStatus && e.ToolStatus != "ok" {
		return obs, facts, true
	}
	args := argsOrEmpty(e)
	cid := callIDFor(e, e.Index)
	if !p.frozen {
		obs = append(obs, newObsCall(tid, args, nil, false, ""))
		var l ledger
		p.ruleFacts(e.Tool, args, e.Index, cid, &l)
		return obs, append(facts, l.facts...), true
	}
	key, obsKey := "", explicitKey(e)
	switch {
	case p.hasShard && !st.preflight && p.shard != nil:
		// The query shard is replayed as the walk replays a read before the action
		// (infoV3): a read it refuses is none, one without a binding keeps its candidate.
		binding, ok := replayShard(p.shard, e.Tool, e.Arguments)
		if !ok {
			return obs, facts, false
		}
		if e.HasEvidenceDeltaKey && e.EvidenceDeltaKey != nil {
			if k, isStr := e.EvidenceDeltaKey.(string); !isStr || k != binding {
				return obs, facts, false
			}
		}
		key, obsKey = binding, binding
		if binding == "" {
			unclaimed := *e
			unclaimed.HasEvidenceDeltaKey, unclaimed.EvidenceDeltaKey = false, nil
			var d0 *delta
			if d0, st.buf = p.candidateDelta(&unclaimed, e.Tool, st.buf); d0 != nil {
				key = d0.key
			}
		}
	default:
		if k, ok := e.EvidenceDeltaKey.(string); ok && strings.HasPrefix(k, e.Tool+":") && p.deltas[k] != nil {
			key = k
		} else if !p.shared && !(p.hasShard && !st.preflight) {
			st.buf = appendKey(st.buf, e.Tool, args)
			if d0 := p.deltas[string(st.buf)]; d0 != nil {
				key = d0.key
			}
		}
	}
	obs = append(obs, newObsCall(tid, args, nil, false, obsKey))
	d, fl, err := p.phaseDelta(key, st.completedSet)
	if d == nil || err != "" || len(d.errs) > 0 {
		return obs, facts, true
	}
	for _, f := range fl {
		facts = append(facts, fact{specFact: f, eventIndex: e.Index, callID: cid, tool: e.Tool, args: args, deltaKey: d.key, frozen: true})
	}
	return obs, facts, true
}
