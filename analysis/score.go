package analysis

import (
	"errors"
	"fmt"
	"io"
	"sort"
	"sync"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/oracle"
)

// EpisodeSource yields episodes in a fixed order and io.EOF at the end. A recoverable
// problem with one input line is returned as an ingest.Problem; scoring stops at the first
// one, because a silent skip would break the read = scored + excluded reconciliation.
type EpisodeSource interface {
	Next() (*ingest.Episode, error)
}

// CaseLookup finds the case of an episode's case id (with any @variant).
type CaseLookup func(id string) *ingest.Case

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
}

// Scored is the outcome of scoring: one verdict slice per policy, in input order (see
// ScoreOptions.Others).
type Scored struct {
	Policies []oracle.Policy
	Verdicts [][]oracle.Verdict // [policy][episode]
	Counts   Counts
}

// Counts reconcile what was read: Read = Scored + sum(Excluded). Duplicate keys are the
// reader's business (ingest's dedupe policy); Score sees each key once.
type Counts struct {
	Read     int
	Scored   int
	Excluded map[string]int // by reason (episode status or "duplicate")
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

const batchSize = 512

type batch struct {
	seq int
	eps []*ingest.Episode
	out [][]oracle.Verdict // [policy][i]
	err error
}

// Score reads every episode of src, scores it under each policy and returns the verdicts
// in input order. The result does not depend on Workers.
func Score(src EpisodeSource, lookup CaseLookup, opt ScoreOptions) (*Scored, error) {
	if len(opt.Policies) == 0 {
		return nil, errors.New("analysis.Score: no policy")
	}
	if opt.Workers < 1 {
		opt.Workers = 1
	}
	prep := newPrepCache(lookup)
	// Policies with the same settings (tau-bench and appworld) give the same verdicts:
	// score the first of each, copy it for the others under their own name.
	same := make([]int, len(opt.Policies))
	for pi, pol := range opt.Policies {
		same[pi] = pi
		for pj := 0; pj < pi; pj++ {
			if opt.Policies[pj].Hash() == pol.Hash() {
				same[pi] = pj
				break
			}
		}
	}

	// Read sequentially on one goroutine; score whole batches on the workers.
	work := make(chan *batch, opt.Workers*2)
	done := make(chan *batch, opt.Workers*2)
	var wg sync.WaitGroup
	for w := 0; w < opt.Workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for b := range work {
				b.out = make([][]oracle.Verdict, len(opt.Policies))
				for pi := range opt.Policies {
					b.out[pi] = make([]oracle.Verdict, 0, len(b.eps))
				}
				for _, ep := range b.eps {
					p, err := prep.get(ep.CaseID)
					if err != nil {
						b.err = fmt.Errorf("%s:%d: case_id: %w", ep.Source, ep.Line, err)
						break
					}
					all := opt.Others == nil || opt.Others(ep)
					for pi, pol := range opt.Policies {
						switch pj := same[pi]; {
						case pi > 0 && !all:
						case pj != pi:
							v := b.out[pj][len(b.out[pj])-1]
							v.Policy = pol.Name
							b.out[pi] = append(b.out[pi], v)
						default:
							b.out[pi] = append(b.out[pi], p.Score(ep, pol, opt.Detail))
						}
					}
				}
				b.eps = nil // records are not kept
				done <- b
			}
		}()
	}

	var readErr error
	read := 0
	go func() {
		defer close(work)
		var cur []*ingest.Episode
		seq := 0
		flush := func() {
			if len(cur) > 0 {
				work <- &batch{seq: seq, eps: cur}
				seq++
				cur = nil
			}
		}
		for {
			ep, err := src.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				readErr = err
				break
			}
			read++
			cur = append(cur, ep)
			if len(cur) == batchSize {
				flush()
			}
		}
		flush()
	}()
	go func() { wg.Wait(); close(done) }()

	var batches []*batch
	var scoreErr error
	scored := 0
	for b := range done {
		if b.err != nil && scoreErr == nil {
			scoreErr = b.err
		}
		batches = append(batches, b)
		if opt.Progress != nil && len(b.out) > 0 {
			scored += len(b.out[0])
			opt.Progress(scored)
		}
	}
	if readErr != nil {
		return nil, readErr
	}
	if scoreErr != nil {
		return nil, scoreErr
	}
	sort.Slice(batches, func(i, j int) bool { return batches[i].seq < batches[j].seq })

	s := &Scored{Policies: opt.Policies, Verdicts: make([][]oracle.Verdict, len(opt.Policies)),
		Counts: Counts{Read: read, Excluded: map[string]int{}}}
	for pi := range opt.Policies {
		n := 0
		for _, b := range batches {
			n += len(b.out[pi])
		}
		s.Verdicts[pi] = make([]oracle.Verdict, 0, n)
		for _, b := range batches {
			s.Verdicts[pi] = append(s.Verdicts[pi], b.out[pi]...)
		}
	}
	if opt.InfraFailuresFail {
		for pi := range s.Verdicts {
			for i := range s.Verdicts[pi] {
				oracle.CountInfraFailure(&s.Verdicts[pi][i])
			}
		}
	}
	for _, v := range s.Verdicts[0] {
		if v.Excluded {
			s.Counts.Excluded[v.ExclusionReason]++
		} else {
			s.Counts.Scored++
		}
	}
	return s, nil
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

func (c *prepCache) get(id string) (*oracle.Prepared, error) {
	c.mu.Lock()
	e, ok := c.m[id]
	if !ok {
		e = &prepEntry{}
		c.m[id] = e
	}
	c.mu.Unlock()
	e.once.Do(func() {
		cs := c.lookup(id)
		if cs == nil {
			e.err = fmt.Errorf("unknown case id %q", id)
			return
		}
		e.p, e.err = oracle.Prepare(cs)
	})
	return e.p, e.err
}
