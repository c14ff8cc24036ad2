package analysis

import (
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// Complexity summarises the prescribed investigation and workflow shape of one protocol's
// cases (the paper's Table 7). Variant specs are left out: they are conditions of a case,
// not cases.
type Complexity struct {
	Protocol  ingest.Protocol
	Cases     int
	MeanReads float64 // mean number of required_info_calls entries
	MaxReads  int
	// Workflow shape (V2/V3): action nodes, dependency edges, cases with a fork (a commit
	// with two or more children) and cases with a join (a commit with two or more parents).
	Nodes, Edges, ForkCases, JoinCases int
}

// CaseComplexity computes Complexity per protocol, in protocol order.
func CaseComplexity(cases []*casespec.Case) []Complexity {
	var out [ingest.NumProtocols]Complexity
	sums := [ingest.NumProtocols]int{}
	for _, c := range cases {
		if c.Variant != "" || int(c.Protocol) >= ingest.NumProtocols {
			continue
		}
		x := &out[c.Protocol]
		x.Cases++
		reads, _ := c.Spec.List("required_info_calls")
		sums[c.Protocol] += len(reads)
		if len(reads) > x.MaxReads {
			x.MaxReads = len(reads)
		}
		commits := workflowCommits(c.Spec)
		x.Nodes += len(commits)
		children := map[string]int{}
		fork, join := false, false
		for _, cm := range commits {
			deps, _ := cm.List("depends_on")
			x.Edges += len(deps)
			if len(deps) >= 2 {
				join = true
			}
			for _, d := range deps {
				if s, ok := d.(string); ok {
					children[s]++
					if children[s] == 2 {
						fork = true
					}
				}
			}
		}
		if fork {
			x.ForkCases++
		}
		if join {
			x.JoinCases++
		}
	}
	res := make([]Complexity, 0, ingest.NumProtocols)
	for p := range out {
		out[p].Protocol = ingest.Protocol(p)
		if out[p].Cases > 0 {
			out[p].MeanReads = float64(sums[p]) / float64(out[p].Cases)
		}
		res = append(res, out[p])
	}
	return res
}

// workflowCommits returns the commit objects of a V2 list workflow or a V3
// {"type":"dag","commits":[…]} workflow; nil for other protocols.
func workflowCommits(spec *jsonv.Object) []*jsonv.Object {
	w, _ := spec.Get("workflow")
	var list []any
	switch x := w.(type) {
	case []any:
		list = x
	case *jsonv.Object:
		list, _ = x.List("commits")
	}
	out := make([]*jsonv.Object, 0, len(list))
	for _, e := range list {
		if o, ok := e.(*jsonv.Object); ok {
			out = append(out, o)
		}
	}
	return out
}
