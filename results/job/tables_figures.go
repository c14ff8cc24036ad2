package job

import (
	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/figures"
	"github.com/sabench/sabench-stats/results"
)

// tablesAndFigures builds the tables specs name (results.Build) and the report's rendered
// figures (figures.RenderReport, on in's releases with its options) side by side: the tables are
// mostly bootstrap, the figures drawing and PNG encoding, each on up to the workers. The
// results do not depend on the overlap.
func tablesAndFigures(in *results.Input, specs []results.Spec, synthetic bool) (tables []*results.Table, figs []figures.Rendered, skipped []string, err error) {
	var tablesErr error
	done := make(chan struct{})
	go func() {
		defer close(done)
		tables, tablesErr = results.Build(in, specs)
	}()
	figs, skipped, err = figures.RenderReport(analysis.NewPolicyComparison(in.Releases), in.Stats, in.Choices, synthetic)
	<-done
	if tablesErr != nil {
		return nil, nil, nil, tablesErr
	}
	if err != nil {
		return nil, nil, nil, err
	}
	return tables, figs, skipped, nil
}
