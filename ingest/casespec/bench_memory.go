package casespec

import (
	"fmt"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// BenchMemory is the kind of a bench built in memory (the built-in release).
const BenchMemory = "memory"

// BenchGenerated is the kind of a bench whose cases are generated from rules built into the
// program (the τ-bench domains, package ingest/tau): in memory like the built-in release,
// with no input file, but not synthetic.
const BenchGenerated = "generated"

// NewBench builds a bench from cases already in memory (the built-in release), applying
// the same steps as LoadBench after reading: indexing, the given case sets, the user's
// sets and the cluster rules. Each case is a shallow copy whose Cluster fields are set:
// the built-in cases are shared by every bench built from them, which may run at once and
// with different --clusters files.
func NewBench(source string, cases []*Case, sets map[string][]string, opt BenchOptions) (*Bench, error) {
	own := make([]*Case, len(cases))
	for i, c := range cases {
		cp := *c
		own[i] = &cp
	}
	b := &Bench{Source: source, Kind: BenchMemory, Cases: own,
		Evidence: map[string]*jsonv.Object{}, Materialized: map[string]*jsonv.Object{}, Sets: map[string][]string{}}
	probs := b.index()
	for _, name := range sortedKeys(sets) {
		for _, id := range sets[name] {
			if len(probs) == 0 && b.Case(id) == nil {
				probs = append(probs, ingest.Problem{File: source, Field: "sets." + name, Msg: fmt.Sprintf("unknown case id %q", id)})
			}
		}
		b.Sets[name] = append([]string(nil), sets[name]...)
	}
	if err := b.userSetsAndClusters(probs, opt); err != nil {
		return nil, err
	}
	return b, nil
}
