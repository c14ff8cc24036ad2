package job

import (
	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/bootstrap/workers"
	"github.com/sabench/sabench-stats/figures"
	"github.com/sabench/sabench-stats/results"
)

// tablesAndFigures builds the tables specs name (results.Build) and the report's rendered
// figures (figures.RenderReport, on in's releases with its options) side by side, or one
// after the other with one worker (workers.Each): the tables are mostly bootstrap, the
// figures drawing and PNG encoding, each on up to the workers. The results do not depend
// on the overlap; the tables' error comes first.
func tablesAndFigures(in *results.Input, specs []results.Spec, mark string) (tables []*results.Table, figs []figures.Rendered, skipped []string, err error) {
	steps := []func() error{
		func() (err error) { tables, err = results.Build(in, specs); return err },
		func() (err error) {
			figs, skipped, err = figures.RenderReport(analysis.NewPolicyComparison(in.Releases), in.Stats, in.Choices, mark)
			return err
		},
	}
	if err := workers.Each(len(steps), in.Stats.Workers, func(i int) error { return steps[i]() }); err != nil {
		return nil, nil, nil, err
	}
	return tables, figs, skipped, nil
}
