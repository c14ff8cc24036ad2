package verdicts

import (
	"fmt"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/oracle"
)

// Scored reads a verdict dataset (ReadDatasetWith) and builds the scored
// release the tables read, with no re-scoring: its policies in its order, each of which
// must be a preset with the settings it was scored under (the tables need the settings),
// and the counts its first policy's verdicts give. Every case must be in bench, the bench
// the episodes were scored on; describe names the bench in the release's input note.
//
// r says which policies and columns to read (ReadDatasetWith); tables read no run id.
func Scored(dir string, bench *casespec.Bench, describe string, r DatasetRead) (*analysis.ScoredRelease, error) {
	dpols, vs, err := ReadDatasetWith(dir, r)
	if err != nil {
		return nil, err
	}
	s := &analysis.Scored{Verdicts: vs, Counts: analysis.CountsOf(vs[0]), Aggregate: r.Aggregate}
	for _, dp := range dpols {
		p, err := oracle.LookupPolicy(dp.Name)
		if err != nil || p.Hash() != dp.Hash {
			return nil, fmt.Errorf("%s: policy %s (settings %s) is not a preset with those settings; tables need its settings", dir, dp.Name, dp.Hash)
		}
		s.Policies = append(s.Policies, p)
	}
	for i := range vs[0] {
		v := &vs[0][i]
		c := bench.Case(v.CaseID())
		if c != nil && c.Domain == v.Domain() && c.Protocol == v.Protocol() {
			continue
		}
		run := v.RunID()
		if run == "" {
			run = fmt.Sprintf("seq %d", i) // the run ids were not read
		}
		if c == nil {
			return nil, fmt.Errorf("%s: case %s of run %s is not in the bench %s", dir, v.CaseID(), run, bench.Source)
		}
		// The same id in another bench (a bench built like SafeActBench reuses the released
		// ids, as the built-in one does): its tables would count that bench's cases.
		return nil, fmt.Errorf("%s: case %s of run %s has domain %s and protocol %s in the verdicts, domain %s and protocol %s in the bench %s: the verdicts were scored against another bench; pass the --bench they were scored with",
			dir, v.CaseID(), run, v.Domain(), v.Protocol(), c.Domain, c.Protocol, bench.Source)
	}
	m, err := datasetManifest(dir)
	if err != nil {
		return nil, err
	}
	var dropped []ingest.Problem
	if m != nil {
		dropped = m.problems()
	}
	sr := analysis.NewScoredRelease(describe+" with verdicts from "+dir, bench, s, dropped)
	sr.OwnEpisodes = m != nil && m.OwnEpisodes && sr.Synthetic
	return sr, nil
}
