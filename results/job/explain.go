package job

import (
	"errors"
	"fmt"
	"io"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/source"
	"github.com/sabench/sabench-stats/oracle"
)

// Explain selects the one episode of in that sel names and returns the writer of its
// explanation under pols (ExplainEpisode); selecting first lets a caller refuse
// a bad selection before it creates an output file. A selection that matches several
// episodes is an OptionError; one that matches none, an ingest.NoEpisodeError.
func (o *Options) Explain(in *source.Input, sel ingest.Selection, pols []oracle.Policy, opt ExplainOptions) (func(io.Writer) error, error) {
	ep, err := in.Select(sel)
	var ambiguous *ingest.AmbiguousError
	var none *ingest.NoEpisodeError
	switch {
	case errors.As(err, &ambiguous):
		return nil, optionError(fmt.Errorf("explain: %w", err))
	case errors.As(err, &none):
		return nil, fmt.Errorf("explain: %w", err)
	case err != nil:
		return nil, err
	}
	return func(w io.Writer) error {
		return ExplainEpisode(w, in.Bench, ep, pols, o.InfraFailures == "fail", opt)
	}, nil
}
