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
	// The walk results themselves: only one walk of each kind runs per Score call.
	wf wfResult
	v0 v0Result
	v1 v1Result
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}
