package synth

import (
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
)

// Options selects a release.
type Options struct {
	// Seed is the master seed; every draw derives from it.
	Seed uint64
	// Scale multiplies the main condition's repeats for load tests: Scale N gives
	// 3N repeats per configuration and case (repeat ids 0..3N−1), each block of three
	// drawn with the same targets. Other conditions keep one repeat. 0 means 1.
	Scale int
	// ParquetLayout is the layout of runs.parquet (ingest.ParquetLayouts); "" means
	// ingest.DefaultParquetLayout. It changes no episode, only how the file holds them.
	ParquetLayout string
}

// Release is a generated release: the cases (with the intervention variants), the case
// sets and the episodes with the outcome each was meant to get.
type Release struct {
	Seed  uint64
	Scale int
	// Cases are sorted by id; variants (BASE@withheld, BASE@contradicted) follow their base.
	Cases []*casespec.Case
	// Sets are the named case sets: t9_matched_v1 (100 V1), t10_balanced (99: ALLOW,
	// BLOCK and DEFER a third each), interventions_v1 (43 V1) and
	// interventions_contradicted (22 of them). Ids are sorted.
	Sets map[string][]string
	// Episodes in a fixed order: main (configuration, repeat, case), static,
	// interventions, strategy conditions.
	Episodes []*ingest.Episode
	// Intended is parallel to Episodes.
	Intended []Intended
}

var (
	defaultOnce sync.Once
	defaultRel  *Release
	defaultErr  error
	// defaultKept is defaultRel once Default has generated it without error.
	defaultKept atomic.Pointer[Release]

	catalogOnce sync.Once
	catalogRel  *Release // the built-in release without its episodes
	catalogGen  *gen
	catalogErr  error
)

// Default returns the built-in release (seed 1, scale 1). It is generated once, from
// DefaultCases' cases and generator, and shared: callers must not modify it.
func Default() (*Release, error) {
	defaultOnce.Do(func() {
		cat, g, err := defaultCatalog()
		if err != nil {
			defaultErr = err
			return
		}
		r := *cat
		if defaultErr = g.generate(&r); defaultErr == nil {
			defaultRel = &r
			defaultKept.Store(defaultRel)
		}
	})
	return defaultRel, defaultErr
}

// DefaultCases returns the built-in release's cases and sets without its episodes
// (Episodes and Intended are nil), built once and shared: callers must not modify it.
// They are Default's.
func DefaultCases() (*Release, error) {
	r, _, err := defaultCatalog()
	return r, err
}

func defaultCatalog() (*Release, *gen, error) {
	catalogOnce.Do(func() { catalogRel, catalogGen, catalogErr = build(Options{Seed: 1, Scale: 1}) })
	return catalogRel, catalogGen, catalogErr
}

// StreamDefault hands the built-in release's episodes to fn in release order, on the
// calling goroutine: Default's, if it has generated them, otherwise generated as they go
// (as Stream does) and not kept, so that a process that reads them once does not hold
// them all. An error from fn stops the stream and is returned.
func StreamDefault(fn func(*ingest.Episode) error) error {
	if r := defaultKept.Load(); r != nil {
		for _, ep := range r.Episodes {
			if err := fn(ep); err != nil {
				return err
			}
		}
		return nil
	}
	return generateDefault(fn)
}

// generateDefault is StreamDefault from the generator.
func generateDefault(fn func(*ingest.Episode) error) error {
	cat, g, err := defaultCatalog()
	if err != nil {
		return err
	}
	return g.emitAll(cat.Scale, func(ep *ingest.Episode, _ Intended) error { return fn(ep) })
}

// Generate builds a release in memory. For large scales prefer Stream, which does not
// keep the episodes.
func Generate(opt Options) (*Release, error) {
	var kept Release
	r, err := Stream(opt, kept.keep)
	if err != nil {
		return nil, err
	}
	r.Episodes, r.Intended = kept.Episodes, kept.Intended
	return r, nil
}

// generate fills r's Episodes and Intended from g, in release order.
func (g *gen) generate(r *Release) error { return g.emitAll(r.Scale, r.keep) }

// keep appends an episode and what it was meant to show to r.
func (r *Release) keep(ep *ingest.Episode, in Intended) error {
	r.Episodes = append(r.Episodes, ep)
	r.Intended = append(r.Intended, in)
	return nil
}

// Stream builds the cases and sets and hands every episode, in release order, to fn
// instead of keeping it; the returned release has no Episodes. The episodes are written
// on GOMAXPROCS goroutines, but fn is called on the caller's goroutine only. An error
// from fn stops the stream and is returned.
func Stream(opt Options, fn func(*ingest.Episode, Intended) error) (*Release, error) {
	if fn == nil {
		return nil, fmt.Errorf("synth: Stream needs a function to receive the episodes")
	}
	r, g, err := build(opt)
	if err != nil {
		return nil, err
	}
	if err := g.emitAll(r.Scale, fn); err != nil {
		return nil, err
	}
	return r, nil
}

// build makes the cases and sets of opt and the episode generator, without episodes.
func build(opt Options) (*Release, *gen, error) {
	if opt.Scale == 0 {
		opt.Scale = 1
	}
	if opt.Scale < 0 {
		return nil, nil, fmt.Errorf("synth: scale %d: must be positive", opt.Scale)
	}
	cat := buildCatalog(derive(opt.Seed, "catalog"))
	r := &Release{Seed: opt.Seed, Scale: opt.Scale, Sets: cat.sets}
	for _, m := range cat.models {
		r.Cases = append(r.Cases, m.c)
	}
	return r, newGen(opt.Seed, cat), nil
}

// DatasetVersion is the release's dataset_version, which names its seed (its case
// manifest says it; dataset_id is casespec.SyntheticDatasetID).
func (r *Release) DatasetVersion() string { return fmt.Sprintf("synthetic-seed-%d", r.Seed) }
