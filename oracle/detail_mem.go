package oracle

// detailMem is what a detailed walk builds a Detail in, reused once its consumer is done
// with it (Detail.Recycle): the requirement results of every gate, carved from one buffer,
// the checkpoints and the ledger. Without recycling a detailed walk allocated all of these afresh
// for every episode (3 KB in 15 allocations an episode of the built-in release), which the
// report's viewer encodes and drops a moment later; with it, a Detail handed back comes
// out again with the capacity its earlier episodes grew.
//
// Detail keeps slices of these buffers, so nothing here is reused until Recycle: a Detail
// never recycled (explain, score --detail) is as before, one more allocation aside.
type detailMem struct {
	reqs     []RequirementResult // carved by requirements; its used part is the gates' results
	cps      []Checkpoint        // the checkpoints' buffer (takeCheckpoints)
	facts    []Fact              // the ledger's buffer (takeFacts)
	ownCps   bool                // Detail.Checkpoints is cps or what the walk grew it to
	ownFacts bool                // Detail.Ledger is facts, or a buffer made in its place
	used     int                 // the results carved for this Detail, in every buffer

	// walk is the scoring call's scratch while the Detail is built: the walk's results (wf,
	// v0, v1) are its, as without detail, since the Detail keeps none of them.
	walk *scratch
	cp   Checkpoint // the V1 gate's checkpoint, copied into Checkpoints
}

// recycled holds the Details handed back, up to a bound: the viewer hands them back at the
// pace the walks take them, so a few hundred absorb the bursts, and more would only keep
// memory (every Detail in the report's pipeline, some thousands, keeps its buffers).
var recycled = make(chan *Detail, 512)

// newDetail is an empty Detail, with the buffers of a recycled one when there is one.
func newDetail() *Detail {
	select {
	case d := <-recycled:
		d.EndEvent, d.ExtraEvent, d.PreflightStop = -1, -1, -1
		return d
	default:
		return &Detail{mem: new(detailMem), EndEvent: -1, ExtraEvent: -1, PreflightStop: -1}
	}
}

// Recycle hands d's memory to later detailed scoring. Call it once done with d: neither d
// nor any slice it holds (its checkpoints, their requirements, its ledger) may be read
// after, since the next detailed verdict is built in them; the strings it holds stay
// valid. A Detail not made by the oracle is left alone.
func (d *Detail) Recycle() {
	m := d.mem
	if m == nil {
		return
	}
	clear(m.reqs)
	m.reqs, m.used = m.reqs[:0], 0
	if m.ownCps {
		m.cps = reclaim(m.cps, d.Checkpoints)
	}
	if m.ownFacts {
		m.facts = reclaim(m.facts, d.Ledger)
	}
	m.ownCps, m.ownFacts = false, false
	*d = Detail{mem: m}
	select {
	case recycled <- d:
	default: // enough are waiting: this one goes to the collector
	}
}

// dropWalk lets go of the scratch and the V1 checkpoint once the Detail is built.
func (m *detailMem) dropWalk() {
	m.walk, m.cp = nil, Checkpoint{}
}

// requirements returns an empty slice with room for n results, of its own: appending
// past n moves it, never into another gate's results. m nil (no detail) makes one.
func (m *detailMem) requirements(n int) []RequirementResult {
	if m == nil {
		return make([]RequirementResult, 0, n)
	}
	k := len(m.reqs)
	m.used += n
	if cap(m.reqs)-k < n {
		// The results carved before stay in the old buffer; the next episodes carve
		// from this one, which holds all this one's so far.
		m.reqs, k = make([]RequirementResult, 0, m.used), 0
	}
	m.reqs = m.reqs[:k+n]
	return m.reqs[k : k : k+n]
}

// takeCheckpoints returns the empty buffer the Detail's checkpoints are appended to (once
// per Detail: later calls make their own).
func (m *detailMem) takeCheckpoints() []Checkpoint {
	if m == nil || m.ownCps {
		return nil
	}
	m.ownCps = true
	return m.cps[:0]
}

// takeFacts returns an empty slice with room for the ledger's n facts: the buffer, the
// first time for the Detail, or one made in its place.
func (m *detailMem) takeFacts(n int) []Fact {
	if m == nil || m.ownFacts {
		return make([]Fact, 0, n)
	}
	m.ownFacts = true
	if cap(m.facts) < n {
		m.facts = make([]Fact, 0, n)
	}
	return m.facts[:0]
}

// reclaim empties buf for reuse, keeping used's backing array instead when appends grew it
// past buf's; both are cleared so that nothing they pointed to stays reachable.
func reclaim[T any](buf, used []T) []T {
	clear(buf[:cap(buf)])
	clear(used)
	if cap(used) > cap(buf) {
		buf = used
	}
	return buf[:0]
}
