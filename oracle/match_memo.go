package oracle

import (
	"slices"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// matchMemo keeps how the actions of one episode's workflow walk matched, for the policies
// after the first. A walk that reaches an action alive has completed one commit at each
// earlier action, so its state there (completed commits, their calls and results) follows
// from the position and the completed commits; matching reads that state, the order and
// propagation switches, and whether the errors are wanted in full (detail).
type matchMemo struct {
	entries []matchEntry
}

type matchEntry struct {
	at          walkPoint
	anyOrder    bool
	propagation string
	full        bool // the errors in full; a lean entry serves lean walks only
	m           match
}

// walkPoint is where a live walk stands: the position of its action and the commits it
// completed before, which together give its state (matchMemo).
type walkPoint struct {
	pos       int
	completed []string
}

func (w *walkPoint) is(st *wfState, pos int) bool {
	return w.pos == pos && slices.Equal(w.completed, st.r.completed)
}

// set makes w st's point at pos, reusing w's buffer.
func (w *walkPoint) set(st *wfState, pos int) {
	w.pos, w.completed = pos, append(w.completed[:0], st.r.completed...)
}

// reset empties the memo for the next episode, keeping its buffers but no references
// into the last episode's record.
func (mm *matchMemo) reset() {
	for i := range mm.entries {
		mm.entries[i].m = match{}
	}
	mm.entries = mm.entries[:0]
}

// match is st.matchAction of the action at pos, computed once per state and settings.
func (mm *matchMemo) match(st *wfState, pos int, tool string, args *jsonv.Object) match {
	full := st.sc == nil
	for i := range mm.entries {
		e := &mm.entries[i]
		if e.anyOrder == st.anyOrder && e.propagation == st.pol.Propagation && (e.full || !full) && e.at.is(st, pos) {
			return e.m
		}
	}
	m := st.matchAction(tool, args)
	mm.entries = grow(mm.entries)
	e := &mm.entries[len(mm.entries)-1]
	e.anyOrder, e.propagation, e.full, e.m = st.anyOrder, st.pol.Propagation, full, m
	e.at.set(st, pos)
	return m
}
