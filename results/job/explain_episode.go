package job

import (
	"fmt"
	"io"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/oracle"
)

// ExplainEpisode scores one episode of bench through the same pipeline as every other
// command (analysis.Score with detail, so that infraFailuresFail applies as it does
// there) and writes one explanation per policy (Explain). An episode whose case bench
// does not hold is an error naming its file, line and field.
func ExplainEpisode(w io.Writer, bench *casespec.Bench, ep *ingest.Episode, pols []oracle.Policy, infraFailuresFail bool, opt ExplainOptions) error {
	cs := bench.Case(ep.CaseID)
	if cs == nil {
		return fmt.Errorf("%s:%d: case_id: unknown case %q", ep.Source, ep.Line, ep.CaseID)
	}
	s, err := analysis.Score(&ingest.SliceSource{Episodes: []*ingest.Episode{ep}}, bench.Case,
		analysis.ScoreOptions{Policies: pols, Workers: 1, InfraFailuresFail: infraFailuresFail, Detail: true})
	if err != nil {
		return err
	}
	vs := make([]oracle.Verdict, len(pols))
	for pi := range pols {
		vs[pi] = s.Verdicts[pi][0]
	}
	return Explain(w, cs, ep, pols, vs, opt)
}
