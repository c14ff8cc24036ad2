package job

import (
	"github.com/sabench/sabench-stats/results"
)

// Meta is the provenance of a job's outputs: the tool, the data and the hash of every
// input file read, the policies, the interval settings and the shared harness.
func (o *Options) Meta(r *Release) (*results.Meta, error) {
	m := results.NewMeta(r.ScoredRelease, o.Stat, o.Stats.Method, o.Stats.Quantile, o.Choices)
	m.Tool = o.Tool
	if in := r.Input; in != nil {
		if err := m.AddInputs(in.Bench.ClusterCounts, in.Files, in.Hashes); err != nil {
			return nil, err
		}
	} else if len(r.Files) > 0 { // built from a verdict dataset: its files and the bench's
		if err := m.AddInputs(r.Bench.ClusterCounts, r.Files, nil); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// Stamp attaches the provenance to tables (results.Stamp) and returns it.
func (o *Options) Stamp(r *Release, ts []*results.Table) (*results.Meta, error) {
	m, err := o.Meta(r)
	if err != nil {
		return nil, err
	}
	results.Stamp(ts, m)
	return m, nil
}

// stamped stamps the tables a builder returned with r's provenance (Stamp), passing its
// error on.
func (o *Options) stamped(r *Release) func([]*results.Table, error) ([]*results.Table, error) {
	return func(ts []*results.Table, err error) ([]*results.Table, error) {
		if err != nil {
			return nil, err
		}
		if _, err := o.Stamp(r, ts); err != nil {
			return nil, err
		}
		return ts, nil
	}
}
