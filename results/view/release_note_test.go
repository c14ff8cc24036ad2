package view

import (
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest/casespec"
)

// TestSyntheticNoteSaysWhichData: the page said "The built-in release is SYNTHETIC" of any
// bench whose manifest names the synthetic dataset, such as a release `synth --out` wrote
// with another seed; it names that release by its dataset and version (its seed). The
// built-in release keeps its note; data that is not synthetic gets none.
func TestSyntheticNoteSaysWhichData(t *testing.T) {
	const builtin = "The built-in release is SYNTHETIC: generated in the real SafeActBench schemas and calibrated to the paper's published aggregates; it is not the paper's traces."
	for _, c := range []struct {
		sr   analysis.ScoredRelease
		want string
	}{
		{analysis.ScoredRelease{Synthetic: true, Bench: &casespec.Bench{Kind: casespec.BenchMemory}, DatasetID: analysis.SyntheticDatasetID, DatasetVersion: "synthetic-seed-1"}, builtin},
		{analysis.ScoredRelease{Synthetic: true, Bench: &casespec.Bench{Kind: casespec.BenchCheckout}, DatasetID: analysis.SyntheticDatasetID, DatasetVersion: "synthetic-seed-7"},
			"The data is SYNTHETIC: a release written by synth --out (dataset sabench-synthetic, version synthetic-seed-7), generated in the real SafeActBench schemas and calibrated to the paper's published aggregates; it is not the paper's traces."},
		{analysis.ScoredRelease{Bench: &casespec.Bench{Kind: casespec.BenchJSONL}}, ""},
	} {
		if got := syntheticNote(&c.sr); got != c.want {
			t.Errorf("bench %s, dataset %q %q: note\n%q\nwant\n%q", c.sr.Bench.Kind, c.sr.DatasetID, c.sr.DatasetVersion, got, c.want)
		}
	}
}
