package oracle

import (
	"slices"

	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// gateMemo keeps what the gates of one episode's workflow walk computed, for the policies
// after the first: the coverage over a live walk's reads follows from where it stands
// (walkPoint); the requirement results also read the matched commit, its canonical
// arguments (the same object for the same match) and the binding. A gate with later reads
// (timing=anytime) computes its own.
type gateMemo struct {
	covs []covEntry
	reqs []reqEntry
	// startCov is the coverage of the reads the walk's start observed, once haveStart
	// (wfState.coverage).
	startCov  Coverage
	haveStart bool
}

type covEntry struct {
	at      walkPoint
	cov     Coverage
	results []RequirementResult
}

type reqEntry struct {
	at      walkPoint
	cm      *casespec.Commit
	canon   *jsonv.Object
	binding string
	full    bool // with missing conditions (detail); a lean entry serves lean gates only
	results []RequirementResult
}

// reset empties the memo for the next episode, keeping its buffers but no references
// into the last episode's record.
func (gm *gateMemo) reset() {
	gm.covs = gm.covs[:0]
	gm.haveStart = false
	for i := range gm.reqs {
		gm.reqs[i].canon = nil
	}
	gm.reqs = gm.reqs[:0]
}

// coverage is coverageInto over the observed reads of st at pos, computed once.
func (gm *gateMemo) coverage(st *wfState, pos int) ([]RequirementResult, Coverage) {
	for i := range gm.covs {
		if e := &gm.covs[i]; e.at.is(st, pos) {
			return e.results, e.cov
		}
	}
	gm.covs = grow(gm.covs)
	e := &gm.covs[len(gm.covs)-1]
	e.at.set(st, pos)
	e.results, e.cov = st.p.coverageInto(e.results[:0], st.observed, true)
	return e.results, e.cov
}

// requirements returns the kept requirement results of st's gate of cm at pos (none for a
// gate with later reads, whose ledger is its own).
func (gm *gateMemo) requirements(st *wfState, pos int, cm *casespec.Commit, canon *jsonv.Object, full, later bool) ([]RequirementResult, bool) {
	if later {
		return nil, false
	}
	for i := range gm.reqs {
		e := &gm.reqs[i]
		if e.cm == cm && e.canon == canon && e.binding == st.pol.Binding && (e.full || !full) && e.at.is(st, pos) {
			return e.results, true
		}
	}
	return nil, false
}

// keep keeps a copy of the requirement results of st's gate of cm at pos.
func (gm *gateMemo) keep(st *wfState, pos int, cm *casespec.Commit, canon *jsonv.Object, full bool, rs []RequirementResult) {
	gm.reqs = grow(gm.reqs)
	e := &gm.reqs[len(gm.reqs)-1]
	e.at.set(st, pos)
	e.cm, e.canon, e.binding, e.full = cm, canon, st.pol.Binding, full
	e.results = append(e.results[:0], rs...)
}

// grow extends s by one element, reusing the buffers of an element a reset left behind.
func grow[T any](s []T) []T {
	if n := len(s); n < cap(s) {
		return s[:n+1]
	}
	var zero T
	return append(s, zero)
}

// appendKept appends kept results to results; a detailed gate (full) gets its own copies
// of their missing conditions, since Detail keeps them and no two verdicts share a slice.
func appendKept(results, kept []RequirementResult, full bool) []RequirementResult {
	n := len(results)
	results = append(results, kept...)
	if full {
		for i := n; i < len(results); i++ {
			results[i].MissingConditions = slices.Clone(results[i].MissingConditions)
		}
	}
	return results
}
