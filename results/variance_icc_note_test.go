package results_test

import (
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results"
)

// TestVarianceICCSaysFloored: on the real-case fixture every configuration's ICC case is
// printed 0.000, where the one-way ANOVA estimate (MSB − MSW)/(MSB + 2·MSW) over its nine
// V0–V3 cases of three repeats is −0.200 for M1/Family (recomputed in numpy). The note
// called ICC "the share of an episode's variance that is between cases" and did not say
// that a negative between-case estimate is set to 0; it now names the estimator and the
// floor, so a printed 0 is not read as measured.
func TestVarianceICCSaysFloored(t *testing.T) {
	tb := buildOne(t, fixtureRelease(t), "variance", goldenStats())
	col := -1
	for i, c := range tb.Columns {
		if c.Key == "icc_case" {
			col = i
		}
	}
	if col < 0 {
		t.Fatalf("no icc column in %v", tb.Columns)
	}
	if v, ok := tb.Rows[0].Cells[col].Value(); !ok || v != 0 {
		t.Fatalf("M1/Family ICC case %v (%v), want 0", v, ok)
	}
	if notes := strings.Join(tb.Notes, "\n"); !strings.Contains(notes, "the between-case variance by moments, the per-case rates' variance less their repeat noise, floored at 0") {
		t.Errorf("variance notes:\n%s\nwant the ICC's estimator and its floor at 0", notes)
	}
}

// TestVarianceICCNamesItsClusters: the variance table's ICC template is the correlation of
// two cases' rates within a cluster of the bench; the real cases have no template_id, and
// their clusters come from the records two cases share (derived) and contrast pairs, yet
// the column and its notes said "template". The header and the notes now name the
// clusters as --clustered does: "ICC cluster … within a cluster (4 clusters by derived)".
func TestVarianceICCNamesItsClusters(t *testing.T) {
	header := func(tb *results.Table) string {
		for _, c := range tb.Columns {
			if c.Key == "icc_template" {
				return c.Header
			}
		}
		return ""
	}
	tb := buildOne(t, fixtureRelease(t), "variance", goldenStats())
	if h := header(tb); h != "ICC template" {
		t.Errorf("template_id clusters: header %q, want ICC template", h)
	}
	cases, sets, vs := fixtureVerdicts(t)
	for _, c := range cases {
		c.ClusterRule = casespec.ClusterDerived
	}
	tb = buildOne(t, analysis.NewRelease(cases, sets, vs, oracle.SafeAct), "variance", goldenStats())
	if h := header(tb); h != "ICC cluster" {
		t.Errorf("derived clusters: header %q, want ICC cluster", h)
	}
	notes := strings.Join(tb.Notes, "\n")
	if !strings.Contains(notes, "ICC cluster the correlation of two cases' rates within a cluster (4 clusters by derived)") || strings.Contains(notes, "ICC template") {
		t.Errorf("derived clusters: notes\n%s", notes)
	}
}

// TestRepeatNotesNameTheUnitResampled: T3's and the variance table's notes said their
// intervals resample "cases (or templates)", and T4's that Complete's interval has "cases,
// or templates, resampled", whatever was resampled: cases without --clustered, and under
// it on the real cases clusters that are no template (derived and contrast-pair clusters).
// They name the unit of the Intervals note now (T4's sentence before it already did).
func TestRepeatNotesNameTheUnitResampled(t *testing.T) {
	cases, sets, vs := fixtureVerdicts(t)
	for _, c := range cases {
		c.ClusterRule = casespec.ClusterDerived
	}
	r := analysis.NewRelease(cases, sets, vs, oracle.SafeAct)
	clustered := goldenStats()
	clustered.Clustered = true
	for _, tc := range []struct {
		o    analysis.StatOptions
		unit string
	}{{goldenStats(), "cases"}, {clustered, "clusters"}} {
		for id, want := range map[string]string{"T3": "its interval resamples " + tc.unit + " with all their repeats.",
			"variance": "its interval and pass^k's resample " + tc.unit + " with all their repeats.",
			"T4":       "(the first attempt, else the end of the episode), with its interval."} {
			notes := strings.Join(buildOne(t, r, id, tc.o).Notes, "\n")
			if !strings.Contains(notes, want) || strings.Contains(notes, "or templates") {
				t.Errorf("%s, %s: notes\n%s\nwant %q", id, tc.unit, notes, want)
			}
		}
	}
}
