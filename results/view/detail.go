package view

import (
	"encoding/binary"
	"strconv"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/oracle"
)

// blockDict interns one case's inner blocks (an event, a fact of the ledger, a checkpoint,
// an episode's rest) while its episodes stream in: episodes of one case repeat the same
// reads, facts and gates, so an episode becomes a few block ids. Blocks are written
// straight into buf, as json.Marshal would write them, and looked up by a key of their
// content (memo.go) without a copy: encoding is the viewer's largest cost in report, and
// most blocks are repeats.
//
// The ids given here are provisional: the chunk numbers the case's blocks in first use
// over every block, the lists an episode is made of (its events, its ledger, its
// checkpoints) included, and those lists are nearly one per episode, so they are not kept
// here: caseBlocks gives the final ids when the case is written (chunk_blocks.go), and
// what stays in memory while the episodes stream grows with the distinct inner blocks.
type blockDict struct {
	memo table    // provisional ids by a key of the block's content (memo.go)
	list []string // when text is nil (tests): the blocks by provisional id
	text *stream  // when set (a case's blocks in the encoder): each block after its length as a uvarint
	n    int
	key  []byte // the key being written
	buf  []byte // the block being written
	aux  []byte // a part of it written first (ids are given in reading order)
}

// add appends the block raw (which it does not keep) under the next provisional id.
func (d *blockDict) add(raw []byte) int {
	if d.text != nil {
		var n [binary.MaxVarintLen64]byte
		d.text.write(binary.AppendUvarint(n[:0], uint64(len(raw))))
		d.text.write(raw)
	} else {
		d.list = append(d.list, string(raw))
	}
	d.n++
	return d.n - 1
}

// intern is the id of the block raw, keyed by its text: for the blocks that have no key
// of their own (memo.go).
func (d *blockDict) intern(raw []byte) int {
	d.key = append(append(d.key[:0], memoText), raw...)
	k, id, ok := d.recall()
	if !ok {
		id = d.add(raw)
		d.memo.put(k, id)
	}
	return id
}

// ints is the id of a new block [xs…].
func (d *blockDict) ints(xs ...int) int {
	d.buf = appendInts(d.buf[:0], xs)
	return d.add(d.buf)
}

// detailIDs is one episode's blocks by provisional id, in the order encodeDetail met them:
// the events', the ledger's and the checkpoints' (each of which the chunk lists in a block
// of its own), then the rest.
type detailIDs struct {
	events, ledger, checks []int
	rest                   int
	// inspect is one plus the block [log, sample id, epoch, uuid, member] (strings by id,
	// the epoch a number) of an episode read from an Inspect log, 0 for any other: the chunk
	// lists it after the rest only where there is one, so other episodes' rows are as before.
	inspect int
}

// inspectBlock is one plus the id of the block naming the Inspect sample smp, 0 for none;
// interned after the episode's other blocks, as caseBlocks meets it.
func inspectBlock(s *dict, b *blockDict, smp *ingest.InspectSample) int {
	if smp == nil {
		return 0
	}
	b.buf = appendInts(b.buf[:0], []int{s.id(smp.Log), s.id(smp.ID), smp.Epoch, s.id(smp.UUID), s.id(smp.Member)})
	return b.intern(b.buf) + 1
}

// appendIDs appends the array of the string ids of xs.
func appendIDs(b []byte, s *dict, xs []string) []byte {
	b = append(b, '[')
	for i, x := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(s.id(x)), 10)
	}
	return append(b, ']')
}

// appendInt appends x and a comma.
func appendInt(b []byte, x int) []byte {
	return append(strconv.AppendInt(b, int64(x), 10), ',')
}

// encodeDetail is one episode's chain as block ids (see blockDict) over index lists into
// the case's strings; the chunk lists it (caseBlocks) as
//
//	[ep, events, ledger, checkpoints, rest]
//
// events: a block listing one block [type, call, tool, args] per event; ledger: a block
// listing blocks [event, fact, delta key]; checkpoints: a block listing blocks [event, tool,
// commit, gate, reason, [[id, status, reason, [missing…]]…], [match errors…], [reference
// errors…], target]; rest: a block [coverage (the seven Coverage ints, complete as 0/1), completed,
// invalid (flat [event, tool, reason]), notes, contract errors, end event, broke-at event,
// decision, first attempt, complete at first attempt, walked, [workflow step states…], and
// the episode's own sentence (why ≥ 0: its index in the release's table, encoder.whys) only
// where it is not its failure type's or the policy lines follow (why -1 then), the policy
// lines (Episode.PolicyLines) where there are some or the next field follows ([] then), and
// the read at which a V0 record's hidden preflight stopped (Detail.PreflightStop) where
// there is one or the next field follows (-1 then), and the V2 and V3 reads that answered
// with an error, flat [event, sentence (oracle.FailedReadWhy), …], only where there are some]. The broke-at event, the step
// states, the sentence and the policy lines are the oracle's (oracle.BrokeAt,
// WorkflowStates, EpisodeWhy, Prepared.PolicyLines): the page shows them, it does not work
// them out.
func encodeDetail(s *dict, b *blockDict, ep *Episode, wf []Step, dag bool, why int) detailIDs {
	var evs []int
	if ep.record != nil {
		evs = recordEvents(s, b, ep.record)
	} else {
		evs = make([]int, 0, len(ep.Events))
		for _, ev := range ep.Events {
			b.buf = appendInts(b.buf[:0], []int{s.id(ev.Type), s.id(ev.CallID), s.id(ev.Tool), s.id(ev.Args)})
			evs = append(evs, b.intern(b.buf))
		}
	}
	v := &ep.Main
	decision := -1
	if ep.Decision != "" {
		decision = s.id(ep.Decision)
	}
	complete := 0
	if v.CompleteAtFirstAttempt() {
		complete = 1
	}
	d := v.Detail
	if d == nil {
		b.buf = append(b.buf[:0], "[[],[],[],[],[],-1,-1,"...)
		b.buf = appendInt(appendInt(appendInt(b.buf, decision), v.FirstAttemptIndex()), complete)
		b.buf = append(b.buf, '0', ',', '[', ']', ']')
		return detailIDs{events: evs, rest: b.intern(b.buf)}
	}
	states := stepStates(wf, dag, d)
	ledger := make([]int, 0, len(d.Ledger))
	for _, f := range d.Ledger {
		b.key = keyStr(keyStr(keyInt(append(b.key[:0], memoFact), f.EventIndex), f.Fact), f.DeltaKey)
		k, id, ok := b.recall()
		if !ok {
			id = b.ints(f.EventIndex, s.idOwned(f.Fact), s.id(f.DeltaKey))
			b.memo.put(k, id)
		}
		ledger = append(ledger, id)
	}
	cps := make([]int, 0, len(d.Checkpoints))
	for _, cp := range d.Checkpoints {
		key := keyInt(append(b.key[:0], memoCheck), cp.EventIndex)
		for _, x := range []string{cp.Tool, cp.CommitID, cp.Gate, cp.Reason} {
			key = keyStr(key, x)
		}
		key = keyInt(key, len(cp.Requirements))
		for _, rq := range cp.Requirements {
			key = keyStrs(keyStr(keyStr(keyStr(key, rq.ID), rq.Status), rq.Reason), rq.MissingConditions)
		}
		b.key = keyStr(keyStrs(keyStrs(key, cp.MatchErrors), cp.ReferenceErrs), cp.Target)
		k, id, ok := b.recall()
		if ok {
			cps = append(cps, id)
			continue
		}
		// Strings get ids in first use, and the requirements' have always come before
		// the checkpoint's own: keeping that order keeps the page's bytes.
		r := append(b.aux[:0], '[')
		for i, rq := range cp.Requirements {
			if i > 0 {
				r = append(r, ',')
			}
			r = append(r, '[')
			r = appendInt(r, s.id(rq.ID))
			r = appendInt(r, s.id(rq.Status))
			r = appendInt(r, s.id(rq.Reason))
			r = append(appendIDs(r, s, rq.MissingConditions), ']')
		}
		b.aux = append(r, ']', ',')
		w := append(b.buf[:0], '[')
		w = appendInt(w, cp.EventIndex)
		for _, x := range []string{cp.Tool, cp.CommitID, cp.Gate, cp.Reason} {
			w = appendInt(w, s.id(x))
		}
		w = append(w, b.aux...)
		w = append(appendIDs(w, s, cp.MatchErrors), ',')
		w = append(appendIDs(w, s, cp.ReferenceErrs), ',')
		w = strconv.AppendInt(w, int64(s.id(cp.Target)), 10)
		w = append(w, ']')
		b.buf = w
		id = b.add(w)
		b.memo.put(k, id)
		cps = append(cps, id)
	}
	out := detailIDs{events: evs, ledger: ledger, checks: cps}
	c := d.Coverage
	cover := []int{c.RequiredCalls, c.CoveredCalls, c.MinCalls, c.ObservedCalls, c.MinDistinct, c.ObservedDistinct}
	tail := []int{d.EndEvent, oracle.BrokeAt(*v), decision, v.FirstAttemptIndex(), complete}
	key := append(b.key[:0], memoRest)
	for _, x := range cover {
		key = keyInt(key, x)
	}
	if c.Complete {
		key = append(key, 1)
	} else {
		key = append(key, 0)
	}
	key = keyInt(keyStrs(key, d.CompletedCommits), len(d.InvalidInfoCalls))
	for _, ic := range d.InvalidInfoCalls {
		key = keyStr(keyStr(keyInt(key, ic.EventIndex), ic.Tool), ic.Reason)
	}
	key = keyStrs(keyStrs(key, d.Notes), d.ContractErrors)
	for _, x := range tail { // decision by its id: the same id is the same string
		key = keyInt(key, x)
	}
	key = keyInt(keyStrs(keyInt(keyStrs(key, states), why), ep.PolicyLines), d.PreflightStop)
	failedAt, failedWhy := failedReads(ep.record, v.Protocol())
	key = keyStrs(keyInt(key, len(failedAt)), failedWhy)
	for _, x := range failedAt {
		key = keyInt(key, x)
	}
	b.key = key
	k, id, ok := b.recall()
	if ok {
		out.rest = id
		return out
	}
	inv := append(b.aux[:0], '[') // its strings before the completed commits', as always
	for i, ic := range d.InvalidInfoCalls {
		if i > 0 {
			inv = append(inv, ',')
		}
		inv = appendInt(appendInt(inv, ic.EventIndex), s.id(ic.Tool))
		inv = strconv.AppendInt(inv, int64(s.id(ic.Reason)), 10)
	}
	b.aux = append(inv, ']', ',')
	w := append(b.buf[:0], '[', '[')
	for _, x := range cover {
		w = appendInt(w, x)
	}
	if c.Complete {
		w = append(w, "1],"...)
	} else {
		w = append(w, "0],"...)
	}
	w = append(appendIDs(w, s, d.CompletedCommits), ',')
	w = append(w, b.aux...)
	w = append(appendIDs(w, s, d.Notes), ',')
	w = append(appendIDs(w, s, d.ContractErrors), ',')
	for _, x := range tail {
		w = appendInt(w, x)
	}
	w = appendIDs(append(w, '1', ','), s, states)
	failed := len(failedAt) > 0
	if why >= 0 || len(ep.PolicyLines) > 0 || d.PreflightStop >= 0 || failed {
		w = strconv.AppendInt(append(w, ','), int64(why), 10)
	}
	if len(ep.PolicyLines) > 0 || d.PreflightStop >= 0 || failed {
		w = appendIDs(append(w, ','), s, ep.PolicyLines)
	}
	if d.PreflightStop >= 0 || failed { // V0 records whose hidden preflight stopped at a read
		w = strconv.AppendInt(append(w, ','), int64(d.PreflightStop), 10)
	}
	if failed { // V2 and V3 reads that answered with an error: [event, sentence, …]
		w = append(w, ',', '[')
		for i, at := range failedAt {
			w = appendInt(appendInt(w, at), s.id(failedWhy[i]))
		}
		w[len(w)-1] = ']'
	}
	b.buf = append(w, ']')
	out.rest = b.add(b.buf)
	b.memo.put(k, out.rest)
	return out
}

// stepStates are the oracle's states of the workflow's steps in this episode.
func stepStates(wf []Step, dag bool, d *oracle.Detail) []string {
	if len(wf) == 0 {
		return nil
	}
	steps := make([]oracle.WorkflowStep, len(wf))
	for i, st := range wf {
		steps[i] = oracle.WorkflowStep{CommitID: st.ID, Tool: st.Tool, DependsOn: st.DependsOn}
	}
	oracle.WorkflowStates(dag, steps, d, nil)
	out := make([]string, len(steps))
	for i, st := range steps {
		out[i] = st.State
	}
	return out
}
