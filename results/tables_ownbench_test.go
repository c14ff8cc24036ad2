package results_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/oracle"
)

// subsetRelease is fixtureRelease cut down to the cases of the given protocols, as a bench
// built like SafeActBench with some of its protocols only would be.
func subsetRelease(t *testing.T, keep ...ingest.Protocol) *analysis.Release {
	t.Helper()
	cases, sets, all := fixtureVerdicts(t)
	var in []*casespec.Case
	for _, c := range cases {
		if slices.Contains(keep, c.Protocol) {
			in = append(in, c)
		}
	}
	var vs []oracle.Verdict
	for _, v := range all {
		if slices.Contains(keep, v.Protocol()) {
			vs = append(vs, v)
		}
	}
	return analysis.NewRelease(in, sets, vs, oracle.SafeAct)
}

// TestVarianceCountsTheBenchsCases: the variance table said "Over the V0–V3 cases (570 in
// the paper; Legacy left out)" of a bench with 9 such cases, a count the bench does not
// have; it now gives the bench's own.
func TestVarianceCountsTheBenchsCases(t *testing.T) {
	o := goldenStats()
	o.Resamples = 0
	for _, c := range []struct {
		r    *analysis.Release
		want string
	}{
		{fixtureRelease(t), "Over the bench's 9 V0–V3 cases (Legacy left out)."},
		{subsetRelease(t, ingest.V1, ingest.V2), "Over the bench's 5 V0–V3 cases (Legacy left out)."},
	} {
		notes := strings.Join(buildOne(t, c.r, "variance", o).Notes, "\n")
		if !strings.Contains(notes, c.want) || strings.Contains(notes, "570") {
			t.Errorf("variance notes:\n%s\nwant %q and no 570", notes, c.want)
		}
	}
}

// TestStrategyTablesSayWhichProtocolsTheBenchLacks: on a bench of V1 and V2 cases, T13's
// Δ Legacy, Δ V0 and Δ V3 columns (T14's Δ V0 and Δ V3) were "—" in every row with no
// word, where T2, T3 and domains say the bench has no case of those protocols.
func TestStrategyTablesSayWhichProtocolsTheBenchLacks(t *testing.T) {
	o := goldenStats()
	o.Resamples = 0
	ch := analysis.PaperChoices()
	ch.StrategyExec = "scgr_eg" // the fixture's one strategy condition
	for id, want := range map[string]string{
		"T13": "The bench has no Legacy, V0 or V3 case: their columns are empty (—).",
		"T14": "The bench has no V0 or V3 case: their columns are empty (—).",
	} {
		tb := buildOneWith(t, subsetRelease(t, ingest.V1, ingest.V2), id, o, ch)
		if len(tb.Rows) == 0 || !slices.Contains(tb.Notes, want) {
			t.Errorf("%s: %d rows, notes\n%s\nwant rows and %q", id, len(tb.Rows), strings.Join(tb.Notes, "\n"), want)
		}
		if n := strings.Join(buildOneWith(t, fixtureRelease(t), id, o, ch).Notes, "\n"); strings.Contains(n, "The bench has no") {
			t.Errorf("%s of the complete fixture:\n%s", id, n)
		}
	}
}
