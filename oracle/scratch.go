package oracle

import "sync"

// scratch holds the buffers of one Score call. Without detail nothing of a walk outlives the
// verdict, so the buffers are pooled and reused; with detail every walk allocates afresh,
// because Detail keeps slices of them. Pooling keeps scoring near allocation-free
// (DESIGN §10: ≥ 50,000 episodes/s per core).
type scratch struct {
	evs     []ev
	evs2    []ev
	facts   []fact
	facts2  []fact
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
	path    []byte // refCtx.path
	// v1Reqs holds the V1 gate's requirement results (without detail) of the episode
	// being scored, per binding (v1Requirements).
	v1Reqs []bindingResults
	// pre is the policy-independent part of the episode being scored, shared by its policies.
	pre    episodeScan
	labels labelCache
	// The walk results of the policy being judged.
	wf wfResult
	v0 v0Result
	v1 v1Result
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// episodeScan is what scan leaves for judge: the parsed events and the walks started up to
// the first action (the V1 scan, the workflow walk, the V0 scan with its preflight's start).
type episodeScan struct {
	evs []ev
	v0  v0Result
	v1  v1Result
	wf  wfState
	wfr wfResult
}

// bindingResults are requirement results under one binding.
type bindingResults struct {
	binding string
	results []RequirementResult
}

// v1Requirements returns the kept V1 requirement results under binding (sc may be nil).
func (sc *scratch) v1Requirements(binding string) ([]RequirementResult, bool) {
	if sc == nil {
		return nil, false
	}
	for _, b := range sc.v1Reqs {
		if b.binding == binding {
			return b.results, true
		}
	}
	return nil, false
}

// keepV1Requirements keeps a copy of the V1 requirement results under binding, reusing
// the buffers of earlier episodes.
func (sc *scratch) keepV1Requirements(binding string, rs []RequirementResult) {
	n := len(sc.v1Reqs)
	if n < cap(sc.v1Reqs) {
		sc.v1Reqs = sc.v1Reqs[:n+1]
	} else {
		sc.v1Reqs = append(sc.v1Reqs, bindingResults{})
	}
	b := &sc.v1Reqs[n]
	b.binding, b.results = binding, append(b.results[:0], rs...)
}
