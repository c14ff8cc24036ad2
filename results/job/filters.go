package job

import (
	"fmt"
	"slices"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
)

// CheckFilters returns the bench check (AddBenchCheck) that refuses a --protocol or
// --domain filter naming what no case of the bench has, before scoring: its rows would
// be empty in every configuration (compare --protocol v3 on τ-bench, all V1, printed a
// table of zeros at exit 0; domains one without rows; power failed after scoring).
// Variant cases count with their base case.
func CheckFilters(protocols []ingest.Protocol, domains []string) func(b *casespec.Bench) error {
	return func(b *casespec.Bench) error {
		var have []ingest.Protocol
		for _, c := range b.Cases {
			if c.Variant == "" && !slices.Contains(have, c.Protocol) {
				have = append(have, c.Protocol)
			}
		}
		slices.Sort(have)
		known := analysis.OrderDomains(b.Cases)
		for _, p := range protocols {
			if !slices.Contains(have, p) {
				return fmt.Errorf("--protocol %s: the bench has no %s case (it has %s)", p, p.Label(), ingest.JoinLabels(have, " and "))
			}
		}
		if _, err := analysis.MatchNames("domain", domains, known, analysis.MatchExact); err != nil {
			return fmt.Errorf("--domain: %w: no case of the bench has it", err)
		}
		return nil
	}
}
