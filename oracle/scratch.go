package oracle

import "sync"

// scratch holds the buffers of one Score call. Nothing of a walk's state outlives the
// verdict, so the buffers are pooled and reused; with detail, what the Detail keeps (its
// checkpoints, their requirement results, its ledger) is built in the Detail's own buffers
// instead (detailMem). Pooling keeps scoring near allocation-free: every allocation per
// episode also costs the collector (docs/scoring-speed.md).
type scratch struct {
	evs2    []ev
	readAt  []int // v0Result.readAt
	facts   []fact
	obs     []obsCall
	obs2    []obsCall
	results []RequirementResult
	ids     strSet
	done    strSet
	commits []string
	buf     []byte
	calls   strPairs
	used    strSet
	recs    resultPairs
	path    []byte  // refCtx.path
	slab    objSlab // refCtx's canonical objects, reset with the workflow memos
	// v1m holds what the V1 gates of the episode being scored share (v1Memo).
	v1m v1Memo
	// matches and gates hold what the workflow walks of the episode being scored share:
	// their action matches (matchMemo) and their gates' coverage and requirement results (gateMemo).
	matches matchMemo
	gates   gateMemo
	// pre is the policy-independent part of the episode being scored, shared by its policies.
	pre episodeScan
	// labels caches the labels this scratch's verdicts interned (labelCache).
	labels labelCache
	// The walk results of the policy being judged.
	wf wfResult
	v0 v0Result
	v1 v1Result
	// checked are the policies this scratch has checked (Policy.Check) and the answers:
	// ScoreMany checks its policies for every episode, and they are the same few.
	checked []checkedPolicy
}

type checkedPolicy struct {
	p   Policy
	err error
}

// check is p.Check(), remembered: finding a policy among those checked before costs less
// than half of checking it again (the presets the report scores: 112 ns against 267 for
// them all, in a benchmark of the two), about 0.4% of scoring an episode under them.
func (sc *scratch) check(p Policy) error {
	for i := range sc.checked {
		if sc.checked[i].p == p {
			return sc.checked[i].err
		}
	}
	err := p.Check()
	if len(sc.checked) < 16 {
		sc.checked = append(sc.checked, checkedPolicy{p, err})
	}
	return err
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// episodeScan is what scan leaves for judge: the parsed events and the walks started up to
// the first action (the V1 scan, the workflow walk, the V0 scan with its preflight's start).
type episodeScan struct {
	empty     bool   // the record has neither events nor a decision
	driverErr string // driverProtocolError of the record
	evs       []ev
	v0        v0Result
	v1        v1Result
	wf        wfState
	wfr       wfResult
	rules     rulesScan // action-rules cases
}

// v1Memo is what every policy's V1 gate of one episode computes alike, computed by the
// first that needs it (the policies run one after another): the coverage over the scan's
// reads, and the requirement results per binding.
type v1Memo struct {
	covDone    bool
	cov        Coverage
	covResults []RequirementResult
	reqs       []bindingResults
}

// reset empties the memo for the next episode, keeping its buffers.
func (m *v1Memo) reset() {
	m.covDone, m.covResults, m.reqs = false, m.covResults[:0], m.reqs[:0]
}

// coverage is coverageInto over the scan's reads, observed, computed once.
func (m *v1Memo) coverage(p *Prepared, observed []obsCall) ([]RequirementResult, Coverage) {
	if !m.covDone {
		m.covResults, m.cov = p.coverageInto(m.covResults[:0], observed, true)
		m.covDone = true
	}
	return m.covResults, m.cov
}

// bindingResults are requirement results under one binding; full ones render their
// missing conditions (detail), which a lean gate ignores.
type bindingResults struct {
	binding string
	full    bool
	results []RequirementResult
}

// requirements returns the kept requirement results under binding: any for a lean gate,
// full ones only for a detailed one.
func (m *v1Memo) requirements(binding string, full bool) ([]RequirementResult, bool) {
	for _, b := range m.reqs {
		if b.binding == binding && (b.full || !full) {
			return b.results, true
		}
	}
	return nil, false
}

// keep keeps a copy of the requirement results under binding, reusing the buffers of
// earlier episodes.
func (m *v1Memo) keep(binding string, full bool, rs []RequirementResult) {
	m.reqs = grow(m.reqs)
	b := &m.reqs[len(m.reqs)-1]
	b.binding, b.full, b.results = binding, full, append(b.results[:0], rs...)
}
