package figures

import (
	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/results"
)

// TablesAndFigures builds the tables specs name (results.Build) and the report's rendered
// figures (RenderReport, on in's releases with its options) side by side: the tables are
// mostly bootstrap, the figures mostly single-threaded PNG encoding. The results do not
// depend on the overlap.
func TablesAndFigures(in *results.Input, specs []results.Spec, synthetic bool) (tables []*results.Table, figs []results.RenderedFigure, skipped []string, err error) {
	var tablesErr error
	done := make(chan struct{})
	go func() {
		defer close(done)
		tables, tablesErr = results.Build(in, specs)
	}()
	figs, skipped, err = RenderReport(analysis.NewPolicyComparison(in.Releases), in.Stats, in.Choices, synthetic)
	<-done
	if tablesErr != nil {
		return nil, nil, nil, tablesErr
	}
	if err != nil {
		return nil, nil, nil, err
	}
	return tables, figs, skipped, nil
}
