package analysis

import (
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/oracle"
)

// EpisodeSource yields episodes in a fixed order and io.EOF at the end. A recoverable
// problem with one input line is returned as an ingest.Problem; scoring stops at the first
// one, because a silent skip would break the read = scored + excluded reconciliation.
type EpisodeSource interface {
	Next() (*ingest.Episode, error)
}

// CaseLookup finds the case of an episode's case id (with any @variant).
type CaseLookup func(id string) *casespec.Case

// ScoreOptions control scoring.
type ScoreOptions struct {
	Policies []oracle.Policy // at least one; verdicts come back per policy
	Workers  int
	// InfraFailuresFail scores infra_failure episodes as failures instead of excluding
	// them (the SafeActBench batch runner's denominator).
	InfraFailuresFail bool
	// Detail asks the oracle for Verdict.Detail (memory-hungry; for explain and score).
	Detail bool
	// Others, when set, limits the policies after the first to the episodes it accepts
	// (e.g. the main condition, all that a policy comparison reads): their verdict slices
	// then hold only those episodes, in input order. The first policy scores everything
	// and gives the counts.
	Others func(*ingest.Episode) bool
	// Progress, when set, is called with the number of episodes scored so far (from the
	// collecting goroutine, once per batch), for a progress display.
	Progress func(done int)
	// Each, when set, is handed every batch of episodes in input order, with their
	// verdicts per policy ([policy][i], the episode's i-th), from the collecting goroutine,
	// before the episodes are dropped: a consumer that needs the records (the viewer)
	// then needs no second pass over the input. It needs every policy on every episode
	// (Others nil). An error from Each stops scoring.
	Each func(eps []*ingest.Episode, vs [][]oracle.Verdict) error
	// DetailFirst scores the first policy with Verdict.Detail for Each, which may keep
	// or recycle them (oracle.Detail.Recycle): the verdicts kept in Scored carry no detail.
	DetailFirst bool
	// Keep makes ScoreChunked return the verdicts as well as the tally (Score always does).
	Keep bool
	// Records makes Score keep, instead of the verdicts, what a Release is built from
	// (NewScoredRelease): their records, the costs summed in input order and the runs a
	// table lists. Each batch is converted as it arrives (after Each), and its episodes'
	// run ids and usages go back to the oracle's tables (oracle.Verdict.Release): a report
	// then holds 32 bytes (a Record) per episode and policy setting, which the collector never scans,
	// instead of the verdicts (about 480 bytes per episode); with Aggregate, a few records
	// per configuration, condition and case. Scored.Verdicts is then nil.
	// Not for ScoreChunked.
	Records bool
	// Aggregate (with Records) keeps aggregate records instead of one per episode
	// (release_aggregate.go): of the first policy and the policy comparison's baseline,
	// every record by all it holds but its repeat, with the repeats each stands for (what
	// every table reads); of the other policies, their main condition's by configuration,
	// case, protocol, ECS and official verdict (what the policy comparison reads), so that
	// those releases are for the policy comparison's tables alone.
	Aggregate bool
}

// Scored is the outcome of scoring: one verdict slice per policy, in input order (see
// ScoreOptions.Others). Policies with the same settings share one slice: treat the
// verdicts as read-only.
type Scored struct {
	Policies []oracle.Policy
	Verdicts [][]oracle.Verdict // [policy][episode]; nil from ScoreChunked without Keep
	Counts   Counts
	// Tally is the summary's tally, from ScoreChunked (TallyOf makes one of Verdicts).
	Tally *ScoreTally
	// Aggregate makes NewScoredRelease keep aggregate records (ScoreOptions.Aggregate).
	Aggregate bool
	// inputs are, with ScoreOptions.Records, each policy's release input (nil for a policy
	// that shares the slice of an earlier one with its settings: owner[pi] is that one, pi
	// itself when it has its own), and lost the episodes each loses against each other.
	inputs []*releaseInput
	owner  []int
	lost   *lostCounts
}

// Keep lets several scored releases be made from s (NewScoredRelease): without it the
// first takes the records it is built from. Call it before sharing s.
func (s *Scored) Keep() {
	for _, in := range s.inputs {
		if in != nil {
			in.keep = true
		}
	}
}

// Counts reconcile what was read: Read = Scored + sum(Excluded). Duplicate keys are the
// reader's business (ingest's dedupe policy); Score sees each key once.
type Counts struct {
	Read     int
	Scored   int
	Excluded map[string]int // by reason (episode status or "duplicate")
	// Trusted counts the scored episodes whose walk trusted the recorded
	// evidence_delta_key where the evaluator replays a shard (oracle.Verdict.TrustedKeys).
	Trusted int
}

// TrustedNote is the sentence that says how many scored episodes were scored on the
// recorded evidence_delta_key ("" when none): score, report, view, index.md and the
// viewer's notes give it alike. code
// sets a field or column name in the output's way (Markdown's backticks, or as is).
func (c Counts) TrustedNote(code func(string) string) string {
	if c.Trusted == 0 {
		return ""
	}
	// Said of what the walk did, not of what the reads held: a transcript of model events
	// alone records no key, and a V2 shared-world shard is no query shard.
	return fmt.Sprintf("%s scored without the shard replay the evaluator performs (the bench holds no V3 query shard, or a V2 shared-world shard is not replayed): each read's recorded %s was trusted, and a read without one adds no facts (verdict column %s). Their verdicts can differ from the evaluator's.",
		ingest.PluralVerb(c.Trusted, "episode", "was", "were"), code("evidence_delta_key"), code("trusted_keys"))
}

// ExcludedReasons returns the exclusion reasons in sorted order.
func (c Counts) ExcludedReasons() []string {
	rs := make([]string, 0, len(c.Excluded))
	for r := range c.Excluded {
		rs = append(rs, r)
	}
	sort.Strings(rs)
	return rs
}

// Batch sizes: the episodes a worker scores at a time. A worker scores its batch grouped
// by case, so that a case's episodes after its first find its prepared data warm; a release
// lists every case before it repeats one (the built-in release has 721), so that needs
// batches of thousands. Large batches are used only when a batch's episodes go once scored
// (no Each, no Detail): with Each they are held, with their verdicts' details, until joined,
// and at synth --scale 5 batches of 4096 doubled a report's peak RSS (650 → 1,100 MB) for no
// measurable CPU gain (docs/scoring-speed.md).
const (
	batchSize      = 4096
	batchSizeHeavy = 512
)

// batchSizeFor is the batch size of a score call with opt.
func batchSizeFor(opt *ScoreOptions) int {
	if opt.Each != nil || opt.Detail || opt.DetailFirst {
		return batchSizeHeavy
	}
	return batchSize
}

type batch struct {
	seq int
	eps []*ingest.Episode
	out [][]oracle.Verdict // [policy][i], only for the policies that own their slice
	// unauth[policy][i] is the first unauthorized write of a verdict a release lists as
	// passed by the benchmark although a write was not authorized (with Records only).
	unauth []map[int]oracle.UnauthorizedWrite
	err    error
}

// Score reads every episode of src, scores it under each policy and returns the verdicts
// in input order. The result does not depend on Workers.
//
// Memory is what a million episodes need: the policy-independent part of a verdict is
// interned once per episode (oracle.Prepared.Identity); policies with the same settings
// (tau-bench and appworld) are scored once and share one verdict slice; batches are
// appended to the final slices in input order as they arrive (a small reorder window),
// so batches and the merged result are never alive together. CPU: one oracle.ScoreMany
// call per episode does the work no policy changes once for all policies.
func Score(src EpisodeSource, lookup CaseLookup, opt ScoreOptions) (*Scored, error) {
	return score(src, newPrepCache(lookup), opt)
}

// score is Score with a case cache that outlives it (ScoreChunked compiles each case once):
// one goroutine reads batches, the workers score them, and the batches are joined in
// input order.
func score(src EpisodeSource, prep *prepCache, opt ScoreOptions) (*Scored, error) {
	if len(opt.Policies) == 0 {
		return nil, errors.New("analysis.Score: no policy")
	}
	for _, pol := range opt.Policies {
		// The oracle's own check: under a policy it refuses, every verdict would be excluded.
		if err := pol.Check(); err != nil {
			return nil, err
		}
	}
	if opt.Workers < 1 {
		opt.Workers = 1
	}
	if opt.Each != nil && opt.Others != nil {
		return nil, errors.New("analysis.Score: Each needs every policy on every episode (Others is set)")
	}
	pl := newScorePlan(opt)

	// Read sequentially on one goroutine; score whole batches on the workers.
	// Batches in flight: one being read (or read and waiting for a worker), Workers being
	// scored, up to Workers scored and waiting to be joined, and those the join holds out
	// of order. The window bounds them all: the reader takes a slot for each batch it
	// hands on and the join gives it back when done with the batch, so that a batch slow
	// to score (its worker descheduled, a huge episode) holds the reader back instead of
	// letting the other workers' batches pile up in the join. After a batch fails, nothing
	// after it is read or scored (stop).
	//
	// The hand-off is unbuffered: a batch queued for a busy worker held its 4,096 decoded
	// episodes for nothing while the workers were the slower side (on a loaded machine,
	// whenever they were descheduled), and those episodes set the heap's peak. A batch
	// read ahead still waits, in the reader, for the first worker free.
	work := make(chan *batch)
	done := make(chan *batch, opt.Workers)
	window := make(chan struct{}, 3*opt.Workers+1)
	stop := newStopAt()
	var wg sync.WaitGroup
	for w := 0; w < opt.Workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var vs []oracle.Verdict
			prep := prep.local()
			for b := range work {
				if !stop.past(b.seq) {
					vs = pl.scoreBatch(b, prep, vs)
					if b.err != nil {
						stop.at(b.seq)
					}
				}
				done <- b
			}
		}()
	}
	var readErr error
	go func() {
		defer close(work)
		readErr = readBatches(src, work, window, batchSizeFor(&opt), stop)
	}()
	go func() { wg.Wait(); close(done) }()

	// A failed batch's error comes before the reader's: the reader fails after every
	// episode it has handed on.
	s, scoreErr := pl.join(done, window, stop)
	if scoreErr != nil {
		return nil, scoreErr
	}
	if readErr != nil {
		return nil, readErr
	}
	return s, nil
}

// stopAt is the first batch that failed, as far as is known yet: the batches after it need
// not be read or scored, while those before it still are, since one of them may fail too,
// and the error reported is the first in input order whatever the workers.
type stopAt struct{ seq atomic.Int64 }

func newStopAt() *stopAt {
	s := &stopAt{}
	s.seq.Store(math.MaxInt64)
	return s
}

// at records that batch seq failed.
func (s *stopAt) at(seq int) {
	for {
		cur := s.seq.Load()
		if int64(seq) >= cur || s.seq.CompareAndSwap(cur, int64(seq)) {
			return
		}
	}
}

// past reports whether batch seq comes after a failed one.
func (s *stopAt) past(seq int) bool { return int64(seq) > s.seq.Load() }

// How a policy gets its verdict slice (scorePlan.kind).
const (
	slotOwn   = iota // scored: its own slice
	slotShare        // the slice of the first policy with its settings
	slotCopy         // a filtered copy of the first policy's slice (Others limits the rest)
)

// scorePlan is how one score call scores: which policies own their slice, and what one
// oracle.ScoreMany call scores.
type scorePlan struct {
	opt ScoreOptions
	// same[pi] is the first policy with pi's settings. A policy shares that one's slice,
	// unless that one is the first policy and Others limits the rest: then it keeps a
	// filtered copy (kind slotCopy).
	same []int
	kind []int
	// An episode is scored once under the policies that own their slice (oracle.ScoreMany
	// shares the work that does not depend on the policy), or under the first only when
	// Others rejects it.
	every, firstOnly picked
}

func newScorePlan(opt ScoreOptions) *scorePlan {
	pl := &scorePlan{opt: opt, same: sameSettings(opt.Policies), kind: make([]int, len(opt.Policies))}
	for pi, pj := range pl.same {
		switch {
		case pj == pi:
		case pj == 0 && opt.Others != nil:
			pl.kind[pi] = slotCopy
		default:
			pl.kind[pi] = slotShare
		}
	}
	pick := func(firstOnly bool) picked {
		var p picked
		for pi, pol := range opt.Policies {
			if pl.kind[pi] == slotOwn && (pi == 0 || !firstOnly) {
				p.which = append(p.which, pi)
				p.pols = append(p.pols, pol)
				p.detail = append(p.detail, opt.Detail || (pi == 0 && opt.DetailFirst))
			}
		}
		return p
	}
	pl.every, pl.firstOnly = pick(false), pick(true)
	return pl
}

// scoreBatch scores b's episodes into b.out (a worker's part); vs is the worker's buffer,
// returned for reuse.
//
// The episodes are scored grouped by case (each case's in input order, the cases in the
// order they first appear) and each verdict is written into its input slot, so b.out is
// what scoring in input order gives (a verdict is a function of its episode alone). A
// release lists every case before it repeats one, so in input order each episode met its
// case's prepared data (requirements, evidence rules, spec objects) cold in the cache;
// taken together, a case's episodes after the first find it warm (docs/scoring-speed.md).
func (pl *scorePlan) scoreBatch(b *batch, prep *prepLocal, vs []oracle.Verdict) []oracle.Verdict {
	opt := &pl.opt
	n := len(b.eps)
	// First pass, in input order: each episode's case (the first unknown case stops the
	// batch there, as before), whether Others accepts it, and its slot in the slices of
	// the policies Others limits (the accepted episodes before it).
	ps := make([]*oracle.Prepared, 0, n)
	all := make([]bool, 0, n)
	rank := make([]int32, 0, n)
	accepted := 0
	for _, ep := range b.eps {
		p, err := prep.get(ep.CaseID)
		if err != nil {
			b.err = ingest.Problem{File: ep.Source, Line: ep.Line, Field: "case_id", Msg: err.Error()}
			break
		}
		a := opt.Others == nil || opt.Others(ep)
		ps, all, rank = append(ps, p), append(all, a), append(rank, int32(accepted))
		if a {
			accepted++
		}
	}
	n = len(ps)
	b.out = make([][]oracle.Verdict, len(opt.Policies))
	for pi := range opt.Policies {
		switch {
		case pl.kind[pi] == slotShare:
		case pi == 0 || opt.Others == nil:
			b.out[pi] = make([]oracle.Verdict, n)
		default:
			b.out[pi] = make([]oracle.Verdict, accepted)
		}
	}
	slot := func(pi, i int) int {
		if pi == 0 || opt.Others == nil {
			return i
		}
		return int(rank[i])
	}
	at, val := eachGuarded(prep.byCase(ps), func(i int) {
		ep, p := b.eps[i], ps[i]
		sel := pl.every
		if !all[i] {
			sel = pl.firstOnly
		}
		if beforeScoring != nil {
			beforeScoring(ep)
		}
		vs = p.ScoreMany(p.Identity(ep), ep, sel.pols, sel.detail, vs[:0])
		for k, pi := range sel.which {
			if opt.InfraFailuresFail {
				oracle.CountInfraFailure(&vs[k])
			}
			b.out[pi][slot(pi, i)] = vs[k]
			if opt.Records {
				if w, ok := p.PassedUnauthorized(ep, sel.pols[k], &vs[k]); ok {
					if b.unauth == nil {
						b.unauth = make([]map[int]oracle.UnauthorizedWrite, len(opt.Policies))
					}
					if b.unauth[pi] == nil {
						b.unauth[pi] = map[int]oracle.UnauthorizedWrite{}
					}
					b.unauth[pi][slot(pi, i)] = w
				}
			}
		}
		for pi := range opt.Policies {
			if all[i] && pl.kind[pi] == slotCopy {
				b.out[pi][slot(pi, i)] = b.out[0][i]
			}
		}
		if opt.Each == nil {
			// Scored and not kept: the collector may take the episode while the rest
			// of the batch is scored, so a batch being scored holds half its
			// episodes on average instead of all of them.
			b.eps[i] = nil
		}
	})
	if at >= 0 {
		// Before any unknown case: that one stopped the batch after every scored episode.
		b.err = scoringPanicked(b.eps[at], val)
	}
	if opt.Each == nil {
		b.eps = nil // records are not kept
	}
	return vs
}

// byCase returns the indices of ps grouped by case: a stable counting sort, the cases in
// the order they first appear, so the order does not depend on where a case lies in memory.
func (l *prepLocal) byCase(ps []*oracle.Prepared) []int {
	clear(l.group)
	l.count = l.count[:0]
	gs := make([]int32, len(ps))
	for i, p := range ps {
		g, ok := l.group[p]
		if !ok {
			g = int32(len(l.count))
			l.group[p] = g
			l.count = append(l.count, 0)
		}
		gs[i] = g
		l.count[g]++
	}
	start := 0
	for g, c := range l.count {
		l.count[g] = int32(start)
		start += int(c)
	}
	order := make([]int, len(ps))
	for i, g := range gs {
		order[l.count[g]] = i
		l.count[g]++
	}
	return order
}

// readBatches reads src into numbered batches of size episodes on work, and returns the
// read error (nil at the end of src, or once a batch before the one being read failed).
func readBatches(src EpisodeSource, work chan<- *batch, window chan<- struct{}, size int, stop *stopAt) error {
	var cur []*ingest.Episode
	seq := 0
	flush := func() {
		if len(cur) > 0 {
			window <- struct{}{}
			work <- &batch{seq: seq, eps: cur}
			seq++
			cur = nil
		}
	}
	defer flush()
	for {
		if stop.past(seq) {
			cur = nil
			return nil
		}
		ep, err := src.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		cur = append(cur, ep)
		if len(cur) == size {
			flush()
		}
	}
}

// join takes the scored batches from done, in input order (within the window the reader
// holds a slot of for each batch until join is done with it), hands each to opt.Each, and
// joins the verdicts; it drains done after an error, which is the first in input order (a
// batch's, or Each's on it).
func (pl *scorePlan) join(done <-chan *batch, window <-chan struct{}, stop *stopAt) (*Scored, error) {
	opt := &pl.opt
	s := &Scored{Policies: opt.Policies, Verdicts: make([][]oracle.Verdict, len(opt.Policies)), Aggregate: opt.Aggregate}
	// The batches' verdicts are joined once, at the end: appended as they came, a million
	// episodes' slices grew by a quarter at a time, allocating and copying five times
	// their final size (2 GB of report's allocations at synth --scale 50).
	parts := make([][][]oracle.Verdict, len(opt.Policies))
	var rec *recording
	counts := Counts{Excluded: map[string]int{}}
	if opt.Records {
		owner := make([]int, len(pl.kind))
		for pi, k := range pl.kind {
			owner[pi] = pi
			if k == slotShare {
				owner[pi] = pl.same[pi]
			}
		}
		rec = newRecording(opt.Policies, owner, opt.Aggregate)
		s.inputs, s.owner, s.lost = rec.inputs, owner, rec.lost
	}
	pending := map[int]*batch{}
	next := 0
	var scoreErr error
	scored := 0
	for b := range done {
		if scoreErr != nil || stop.past(b.seq) {
			<-window
			continue // drain the workers
		}
		pending[b.seq] = b
		for b := pending[next]; b != nil; b = pending[next] {
			delete(pending, next)
			next++
			<-window
			if b.err != nil {
				scoreErr = b.err
				break
			}
			if opt.Each != nil {
				vs := make([][]oracle.Verdict, len(opt.Policies))
				for pi := range opt.Policies {
					vs[pi] = b.out[pl.same[pi]]
				}
				if err := opt.Each(b.eps, vs); err != nil {
					scoreErr = err
					stop.at(b.seq)
					break
				}
				b.eps = nil
				if opt.DetailFirst && !opt.Detail {
					for i := range b.out[0] {
						b.out[0][i].Detail = nil
					}
				}
			}
			if rec != nil {
				rec.add(b.out, b.unauth)
				// The episodes' run ids and usages go back (through the first policy's
				// verdicts, which every episode has; the others' share them).
				for i := range b.out[0] {
					counts.add(&b.out[0][i])
					b.out[0][i].Release()
				}
			} else {
				for pi := range opt.Policies {
					if pl.kind[pi] != slotShare {
						parts[pi] = append(parts[pi], b.out[pi])
					}
				}
			}
			if opt.Progress != nil {
				scored += len(b.out[0])
				opt.Progress(scored)
			}
		}
		if scoreErr != nil {
			// The batches held out of order are not joined: their slots go back, or the
			// reader could wait for them while the workers wait for it.
			for range pending {
				<-window
			}
			clear(pending)
		}
	}
	if scoreErr != nil {
		return nil, scoreErr
	}
	if rec != nil {
		s.Verdicts, s.Counts = nil, counts
		return s, nil
	}
	for pi := range opt.Policies {
		if pl.kind[pi] != slotShare {
			s.Verdicts[pi] = slices.Clip(slices.Concat(parts[pi]...))
			parts[pi] = nil // each policy's batches can go before the next is joined
		}
	}
	for pi := range opt.Policies {
		if pl.kind[pi] == slotShare {
			s.Verdicts[pi] = s.Verdicts[pl.same[pi]]
		}
	}
	s.Counts = CountsOf(s.Verdicts[0])
	return s, nil
}

// picked is the policies one oracle.ScoreMany call scores: opt.Policies[which[i]] is
// pols[i], with detail[i].
type picked struct {
	which  []int
	pols   []oracle.Policy
	detail []bool
}

// sameSettings maps each policy to the first with its settings (itself when none comes
// before it): policies with the same settings give the same verdicts.
func sameSettings(pols []oracle.Policy) []int {
	same := make([]int, len(pols))
	for pi, pol := range pols {
		same[pi] = pi
		for pj := range pi {
			if pols[pj].Hash() == pol.Hash() {
				same[pi] = pj
				break
			}
		}
	}
	return same
}

// CountsOf reconciles one policy's verdicts of every episode read: each is scored or
// excluded by its reason.
func CountsOf(vs []oracle.Verdict) Counts {
	c := Counts{Excluded: map[string]int{}}
	for i := range vs {
		c.add(&vs[i])
	}
	return c
}

// add counts one verdict read.
func (c *Counts) add(v *oracle.Verdict) {
	c.Read++
	if v.Excluded() {
		c.Excluded[v.ExclusionReason()]++
	} else {
		c.Scored++
		if v.TrustedKeys() {
			c.Trusted++
		}
	}
}

// prepCache compiles each case once, on first use, safely across workers.
type prepCache struct {
	lookup CaseLookup
	mu     sync.Mutex
	m      map[string]*prepEntry
}

type prepEntry struct {
	once sync.Once
	p    *oracle.Prepared
	err  error
}

func newPrepCache(lookup CaseLookup) *prepCache {
	return &prepCache{lookup: lookup, m: map[string]*prepEntry{}}
}

// load compiles e's case on first use.
func (c *prepCache) load(e *prepEntry, id string) (*oracle.Prepared, error) {
	e.once.Do(func() {
		// As for an episode (score_guard.go): a panic here is a defect, named by case.
		defer func() {
			if v := recover(); v != nil {
				e.p, e.err = nil, preparingPanicked(id, v)
			}
		}()
		cs := c.lookup(id)
		if cs == nil {
			e.err = fmt.Errorf("unknown case id %q", id)
			return
		}
		e.p, e.err = oracle.Prepare(cs)
	})
	return e.p, e.err
}

// prepLocal is one worker's view of the cache: the cases it has compiled or found, read
// without the shared lock and entry, which are used once per case per worker instead of
// once per episode.
type prepLocal struct {
	c *prepCache
	m map[string]prepared
	// group and count are byCase's scratch space, reused across the worker's batches.
	group map[*oracle.Prepared]int32
	count []int32
}

type prepared struct {
	p   *oracle.Prepared
	err error
}

func (c *prepCache) local() *prepLocal {
	return &prepLocal{c: c, m: map[string]prepared{}, group: map[*oracle.Prepared]int32{}}
}

func (l *prepLocal) get(id string) (*oracle.Prepared, error) {
	if e, ok := l.m[id]; ok {
		return e.p, e.err
	}
	l.c.mu.Lock()
	e := l.c.m[id]
	if e == nil {
		e = &prepEntry{}
		l.c.m[strings.Clone(id)] = e // not the episode's memory
	}
	l.c.mu.Unlock()
	p, err := l.c.load(e, id)
	l.m[strings.Clone(id)] = prepared{p, err}
	return p, err
}
