package view

import (
	"cmp"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unsafe"

	"github.com/sabench/sabench-stats/oracle"
	"github.com/zeebo/xxh3"
)

// dict interns strings; ids are positions in list, in first-use order (deterministic
// for a fixed input order). A case's dictionary (spooledDict) writes its strings to a
// spooled stream, as the chunk's JSON array, instead of keeping them in list: only the
// hashes stay in memory.
type dict struct {
	idx  table // by textKey
	list []string
	text *stream // when set: the strings, JSON-encoded and comma-separated; list stays nil
	n    int
	buf  []byte
}

// spooledDict is a dictionary whose strings go to a stream of sp.
func spooledDict(sp *spool) *dict { return &dict{text: sp.stream()} }

// textKey is a 128-bit hash (XXH3) of a dictionary's string or block, taken as the text
// itself, as the reader's duplicate checks take their keys (ingest/read.go); the table
// that holds it keeps 96 of its bits (see table for the odds of a collision). Keyed by the
// hash, a probe compares the key's bits in the table instead of reading the kept text:
// with a million episodes the per-case dictionaries are too many to stay in cache, and
// reading the kept texts was the viewer's largest cost in report (pprof at synth --scale 50).
type textKey = xxh3.Uint128

func newDict(first ...string) *dict {
	d := &dict{}
	for _, s := range first {
		d.id(s)
	}
	return d
}

func (d *dict) id(s string) int {
	k := xxh3.HashString128(s)
	if i, ok := d.idx.get(k); ok {
		return i
	}
	if d.text != nil {
		return d.add(k, s) // written, not kept
	}
	// The decoder keeps strings in shared chunks: a kept string would keep its whole chunk
	// (every string of many episodes) alive until the page is written.
	return d.add(k, strings.Clone(s))
}

// lookup is the id of s if the dictionary holds it.
func (d *dict) lookup(s string) (int, bool) {
	i, ok := d.idx.get(xxh3.HashString128(s))
	return i, ok
}

// add appends a string the dictionary does not hold, with its key, and returns its id.
func (d *dict) add(k textKey, s string) int {
	d.idx.put(k, d.n)
	if d.text != nil {
		b := d.buf[:0]
		if d.n > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, s) // as json.Marshal writes the list
		d.text.write(b)
		d.buf = b
	} else {
		d.list = append(d.list, s)
	}
	d.n++
	return d.n - 1
}

// appendList appends the dictionary's strings as a JSON array.
func (d *dict) appendList(b []byte) ([]byte, error) {
	if d.text == nil {
		v, err := json.Marshal(d.list)
		return append(b, v...), err
	}
	b = append(b, '[')
	err := d.text.writeTo((*bytesWriter)(&b))
	return append(b, ']'), err
}

// idOwned is id for a string that is its own allocation (not a slice of a decoder chunk),
// kept without a copy (the oracle gives every episode of a case the same string for a
// fact, oracle.Fact).
func (d *dict) idOwned(s string) int {
	k := xxh3.HashString128(s)
	if i, ok := d.idx.get(k); ok {
		return i
	}
	return d.add(k, s)
}

// idBytes is id for a string being written in b, copied only when it is new.
func (d *dict) idBytes(b []byte) int {
	k := xxh3.Hash128(b)
	if i, ok := d.idx.get(k); ok {
		return i
	}
	if d.text != nil {
		return d.add(k, unsafe.String(unsafe.SliceData(b), len(b))) // written, not kept
	}
	return d.add(k, string(b))
}

// Per-episode layout of the index's flat "ep" array: epFixed ints, then two per policy.
const (
	epConfig = iota
	epCase
	epCondition
	epRepeat
	epFlags
	epBroke // the main policy's broke-at event (oracle.BrokeAt), -1 for none: the triage queue sorts by it
	epFixed
)

// Flags bits.
const (
	flagExcluded = 1 << 0
	flagStatic   = 1 << 1 // a static judgment (not Legacy): not in the interactive tables
	// official verdict: bits 2–3 hold Official+1 (0 none, 1 false, 2 true)
	flagOfficialShift = 2
)

// appendInts appends ints as a JSON array, as json.Marshal writes it.
func appendInts(b []byte, xs []int) []byte {
	b = append(b, '[')
	for i, x := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(x), 10)
	}
	return append(b, ']')
}

// caseAcc collects one case's interned strings and encoded episodes.
type caseAcc struct {
	c      *Case
	pos    int // index in the index's case list
	strs   *dict
	blocks *blockDict
	// rows are the case's episodes (addRow), spooled: they grow with the episodes, the
	// dictionaries above with the distinct content only.
	rows *stream
	n    int // episodes in rows
}

// addRow appends one episode, the n-th of the input, with its blocks' provisional ids
// (encodeDetail) to the case's rows: n, then the events', the ledger's and the
// checkpoints' ids each after their number, then the rest's, then the Inspect sample's plus
// one (0 for none), all as uvarints. caseBlocks
// reads them back when the case is written.
func (a *caseAcc) addRow(buf []byte, n int, d detailIDs) []byte {
	buf = binary.AppendUvarint(buf[:0], uint64(n))
	for _, ids := range [...][]int{d.events, d.ledger, d.checks} {
		buf = binary.AppendUvarint(buf, uint64(len(ids)))
		for _, id := range ids {
			buf = binary.AppendUvarint(buf, uint64(id))
		}
	}
	buf = binary.AppendUvarint(buf, uint64(d.rest))
	buf = binary.AppendUvarint(buf, uint64(d.inspect))
	a.rows.write(buf)
	a.n++
	return buf
}

// encoder turns the streamed episodes into the index and the per-case details. What grows
// with the episodes is spooled (spool.go): the run ids and the index's ints as the page's
// JSON text, their hashes for the duplicate check, each case's rows; what stays in memory
// grows with the distinct content (dictionaries, per-case inner blocks) and with the
// slices the tables link to (tallies).
type encoder struct {
	policies   []string
	configs    *dict
	conditions *dict
	failures   *dict // "success" first, as in the failure-mix table
	outcomes   *dict
	// whys are the episodes' own sentences (oracle.EpisodeWhy) where they are not their
	// failure type's, in first use: few and repeated, so an episode's rest block carries an
	// index into them and the index of the page lists them once.
	whys      *dict
	protocols []string
	domains   []string
	cases     []*caseAcc
	byID      map[string]*caseAcc

	sp      *spool
	runs    *stream             // the index's "runs": front-coded run ids (appendFrontCoded)
	runRaw  *stream             // the run ids, each after its length as a uvarint (checkRuns)
	runHash [runBuckets]*stream // each run id's hash and position, by the hash's top byte (checkRuns)
	prevRun string
	ep      *stream // the index's "ep" ints, comma-separated: stride per episode (epFixed, then two per policy)
	nEp     int     // episodes encoded
	// tally counts the scored interactive episodes by configuration, condition and case
	// (a cell) and, per policy, failure type (the linker's slices; linker.tallyOf).
	tally tally
	buf   []byte
}

// tally counts episodes by cell (configuration, condition, case: one map probe per
// episode, none when it is the previous episode's) and, per policy, failure type.
type tally struct {
	ids    map[tallyCell]int32
	cells  []tallyCell
	counts [][][]int32 // [policy][cell][failure type]
	last   tallyCell
	lastID int32
}

type tallyCell struct{ cfg, cond, cas int32 }

// cell is the id of c, numbered on first sight.
func (t *tally) cell(c tallyCell) int32 {
	if t.lastID >= 0 && c == t.last {
		return t.lastID
	}
	id, ok := t.ids[c]
	if !ok {
		id = int32(len(t.cells))
		t.ids[c] = id
		t.cells = append(t.cells, c)
		for pi := range t.counts {
			t.counts[pi] = append(t.counts[pi], nil)
		}
	}
	t.last, t.lastID = c, id
	return id
}

// add counts one episode of cell id with failure type ft under policy pi.
func (t *tally) add(pi int, id, ft int32) {
	row := t.counts[pi][id]
	for int(ft) >= len(row) {
		row = append(row, 0)
	}
	row[ft]++
	t.counts[pi][id] = row
}

func newEncoder(in *Input) (*encoder, error) {
	e := &encoder{policies: in.Policies, configs: newDict(), conditions: newDict(), failures: newDict("success"),
		outcomes: newDict(), whys: newDict(), byID: map[string]*caseAcc{}, sp: newSpool(),
		tally: tally{ids: map[tallyCell]int32{}, counts: make([][][]int32, len(in.Policies)), lastID: -1}}
	e.runs, e.runRaw, e.ep = e.sp.stream(), e.sp.stream(), e.sp.stream()
	for i := range e.runHash {
		e.runHash[i] = e.sp.stream()
	}
	protos, doms := newDict(), newDict()
	for i := range in.Cases {
		c := &in.Cases[i]
		if e.byID[c.ID] != nil {
			return nil, fmt.Errorf("view: case %q listed twice", c.ID)
		}
		a := &caseAcc{c: c, pos: len(e.cases), strs: spooledDict(e.sp), blocks: &blockDict{text: e.sp.stream()}, rows: e.sp.stream()}
		e.cases = append(e.cases, a)
		e.byID[c.ID] = a
		protos.id(c.Protocol)
		doms.id(c.Domain)
	}
	e.protocols = orderProtocols(protos.list)
	e.domains = doms.list
	return e, nil
}

// orderProtocols puts the known labels in the paper's order, unknown ones after.
func orderProtocols(seen []string) []string {
	var out []string
	has := map[string]bool{}
	for _, p := range seen {
		has[p] = true
	}
	for _, p := range []string{"Legacy", "V0", "V1", "V2", "V3"} {
		if has[p] {
			out = append(out, p)
			delete(has, p)
		}
	}
	for _, p := range seen {
		if has[p] {
			out = append(out, p)
		}
	}
	return out
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

// add encodes one episode.
func (e *encoder) add(ep *Episode) error {
	a := e.byID[ep.CaseID]
	if a == nil {
		return fmt.Errorf("view: episode %s: case %q is not among the input's cases", ep.RunID, ep.CaseID)
	}
	if len(ep.Others) != len(e.policies)-1 {
		return fmt.Errorf("view: episode %s: %d other verdicts for %d other policies", ep.RunID, len(ep.Others), len(e.policies)-1)
	}
	n := e.nEp
	e.addRun(ep.RunID)
	v := &ep.Main
	flags := 0
	if v.Excluded() {
		flags |= flagExcluded
	}
	if v.Static() && v.Protocol().Label() != "Legacy" {
		flags |= flagStatic
	}
	flags |= int(v.Official()+1) << flagOfficialShift
	cfg, cond := int32(e.configs.id(ep.Config)), int32(e.conditions.id(ep.Condition))
	b := e.buf[:0]
	if n > 0 {
		b = append(b, ',')
	}
	var fixed [epFixed]int32
	fixed[epConfig], fixed[epCase], fixed[epCondition], fixed[epRepeat], fixed[epFlags], fixed[epBroke] = cfg, int32(a.pos), cond, int32(ep.Repeat), int32(flags), int32(oracle.BrokeAt(*v))
	for i, x := range fixed {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(x), 10)
	}
	cell := int32(-1)
	if flags&flagStatic == 0 {
		cell = e.tally.cell(tallyCell{cfg, cond, int32(a.pos)})
	}
	outcome := func(pi int, o Outcome) {
		ft, oc := e.outcome(o)
		b = strconv.AppendInt(append(b, ','), int64(ft), 10)
		b = strconv.AppendInt(append(b, ','), int64(oc), 10)
		if flags&flagStatic == 0 && ft >= 0 {
			e.tally.add(pi, cell, ft)
		}
	}
	outcome(0, Outcome{Excluded: v.Excluded(), ECS: v.ECS(), Outcome: v.Outcome(), FailureType: v.FailureType()})
	for i, o := range ep.Others {
		outcome(i+1, o)
	}
	e.ep.write(b)
	d := encodeDetail(a.strs, a.blocks, ep, a.c.Workflow, a.c.Protocol != "V2", whyID(e.whys, v))
	d.inspect = inspectBlock(a.strs, a.blocks, ep.Inspect)
	e.buf = a.addRow(b, n, d)
	e.nEp++
	return nil
}

// whyID is the index in whys of the sentence saying why v failed (oracle.EpisodeWhy) where it
// is not its failure type's (the index of the page has those once per type); -1 otherwise.
func whyID(whys *dict, v *oracle.Verdict) int {
	w := oracle.EpisodeWhy(*v)
	if w == "" || w == oracle.FailureWhy(v.FailureType()) {
		return -1
	}
	return whys.id(w)
}

// runBuckets is how many streams hold the run ids' hashes: the duplicate check sorts one
// at a time, so that what it holds is a fraction of the episodes (at ten million, 40,000
// hashes of 16 bytes).
const runBuckets = 256

// addRun appends a run id to the index's front-coded list (appendFrontEntry), to the raw
// list and, with its position, to its hash's bucket.
func (e *encoder) addRun(run string) {
	b := e.buf[:0]
	if e.nEp > 0 {
		b = append(b, ',')
	}
	b = appendFrontEntry(b, e.prevRun, run)
	e.runs.write(b)
	b = binary.AppendUvarint(b[:0], uint64(len(run)))
	e.runRaw.write(append(b, run...))
	h := xxh3.HashString(run)
	b = binary.AppendUvarint(binary.LittleEndian.AppendUint64(b[:0], h), uint64(e.nEp))
	e.runHash[h>>56].write(b)
	e.buf = b
	e.prevRun = strings.Clone(run) // the decoder's string keeps its chunk alive (dict.id)
}

// checkRuns refuses a run id that appears twice (the episode page is addressed by run
// id), naming the one whose second appearance comes first. The run ids themselves are
// spooled: equal hashes, found one bucket at a time, name the candidates, and a pass over
// the spooled ids tells a repeat from a collision.
func (e *encoder) checkRuns() error {
	type entry struct {
		h   uint64
		pos int
	}
	cand := map[uint64][]int{} // hash → positions of the ids with it, ascending
	var ents []entry
	for _, s := range e.runHash {
		raw, err := s.bytes()
		if err != nil {
			return err
		}
		s.free()
		ents = ents[:0]
		for len(raw) > 0 {
			if len(raw) < 8 {
				return fmt.Errorf("view: the spooled run hashes are corrupt")
			}
			h := binary.LittleEndian.Uint64(raw)
			pos, k := binary.Uvarint(raw[8:])
			if k <= 0 {
				return fmt.Errorf("view: the spooled run hashes are corrupt")
			}
			ents = append(ents, entry{h, int(pos)})
			raw = raw[8+k:]
		}
		slices.SortFunc(ents, func(a, b entry) int {
			if c := cmp.Compare(a.h, b.h); c != 0 {
				return c
			}
			return cmp.Compare(a.pos, b.pos)
		})
		for i := 1; i < len(ents); i++ {
			if h := ents[i].h; h == ents[i-1].h {
				if len(cand[h]) == 0 {
					cand[h] = append(cand[h], ents[i-1].pos)
				}
				cand[h] = append(cand[h], ents[i].pos)
			}
		}
	}
	if len(cand) == 0 {
		return nil
	}
	ids := map[int]string{}
	for _, pos := range cand {
		for _, p := range pos {
			ids[p] = ""
		}
	}
	err := e.eachRun(func(i int, run string) {
		if _, ok := ids[i]; ok {
			ids[i] = run
		}
	})
	if err != nil {
		return err
	}
	dup := -1
	for _, pos := range cand {
		for j, p := range pos {
			for _, q := range pos[:j] {
				if ids[p] == ids[q] && (dup < 0 || p < dup) {
					dup = p
				}
			}
		}
	}
	if dup >= 0 {
		return fmt.Errorf("view: run id %q appears twice (the episode page is addressed by run id)", ids[dup])
	}
	return nil
}

// eachRun calls f with every run id in input order, read back from the spool.
func (e *encoder) eachRun(f func(i int, run string)) error {
	raw, err := e.runRaw.bytes()
	if err != nil {
		return err
	}
	for i := 0; len(raw) > 0; i++ {
		n, k := binary.Uvarint(raw)
		if k <= 0 || uint64(len(raw)-k) < n {
			return fmt.Errorf("view: the spooled run ids are corrupt")
		}
		f(i, string(raw[k:k+int(n)]))
		raw = raw[k+int(n):]
	}
	return nil
}

// outcome is the two index ints of one verdict: failure type (0 success, -1 excluded)
// and outcome.
func (e *encoder) outcome(o Outcome) (ft, outcome int32) {
	if o.Excluded {
		return -1, -1
	}
	f := 0
	if !o.ECS {
		ft := o.FailureType
		if ft == "" {
			ft = oracle.FailContract // an unnamed failure is still a failure (as the failure table counts it)
		}
		f = e.failures.id(ft)
	}
	return int32(f), int32(e.outcomes.id(o.Outcome))
}

// caseJSON is one case's block of a chunk.
func caseJSON(a *caseAcc) ([]byte, error) {
	s := a.strs
	steps := map[string]int{}
	for i, st := range a.c.Workflow {
		steps[st.ID] = i
	}
	wf := make([]any, 0, len(a.c.Workflow))
	for _, st := range a.c.Workflow {
		deps := []int{}
		for _, d := range st.DependsOn {
			if j, ok := steps[d]; ok {
				deps = append(deps, j)
			}
		}
		wf = append(wf, []any{s.id(st.ID), s.id(st.Tool), deps})
	}
	req := make([]any, 0, len(a.c.Requirements))
	for _, r := range a.c.Requirements {
		cs := make([]int, len(r.Conditions))
		for i, c := range r.Conditions {
			cs[i] = s.id(c)
		}
		req = append(req, []any{s.id(r.ID), cs, s.id(r.Tool), s.id(r.Args)})
	}
	rules := make([]any, 0, len(a.c.Rules))
	for _, r := range a.c.Rules {
		fs := make([]int, len(r.Facts))
		for i, f := range r.Facts {
			fs[i] = s.id(f)
		}
		rule := []any{s.id(r.Tool), s.id(r.Args), fs}
		if r.After != "" { // only a stateful case's reads have one; the others' stay three long
			rule = append(rule, s.id(r.After))
		}
		rules = append(rules, rule)
	}
	// The object json.Marshal made of a map with these keys (in its sorted order), but the
	// blocks and episodes, which are most of the text and are compact JSON of ints only,
	// are appended as they are: Marshal re-scanned every one of them (2 CPU-s of report at
	// synth --scale 50). Strings last: the blocks above may still intern.
	b, rows, err := caseBlocks([]byte(`{"b":[`), a)
	if err != nil {
		return nil, err
	}
	b = append(append(append(b, `],"eps":[`...), rows...), ']')
	for _, f := range []struct {
		name string
		v    any
	}{{"id", a.c.ID}, {"other", a.c.Other}, {"req", req}, {"rules", rules}, {"s", s}, {"wf", wf}} {
		if f.name == "other" && len(a.c.Other) == 0 {
			continue // only a case with action rules has such tools; the others' blocks are as before
		}
		b = append(append(append(b, ',', '"'), f.name...), '"', ':')
		if d, ok := f.v.(*dict); ok {
			if b, err = d.appendList(b); err != nil {
				return nil, err
			}
			continue
		}
		v, err := json.Marshal(f.v)
		if err != nil {
			return nil, err
		}
		b = append(b, v...)
	}
	return append(b, '}'), nil
}
