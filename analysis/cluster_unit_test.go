package analysis

import (
	"testing"

	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/oracle"
)

// TestClusterUnitNamesWhatIsResampled: a clustered interval said it resampled "template
// clusters" whatever made the clusters; on the real cases (a contrast pair, a derived pair,
// the rest alone) or with a --clusters file there is no template, and the unit is
// "clusters". Clusters from template_id, with cases standing alone beside them, keep their
// name; so do the rules' counts. Those read "N clusters by RULE" now: "case 50", as they
// read before, looked like a case's id.
func TestClusterUnitNamesWhatIsResampled(t *testing.T) {
	o := StatOptions{Clustered: true}
	for _, tc := range []struct {
		name  string
		rules []string // per real case, its cluster rule ("" for none)
		unit  string
		rule  string
	}{
		{"templates", []string{casespec.ClusterTemplate, casespec.ClusterTemplate, "", "", "", "", "", "", "", ""}, "template clusters", "1 cluster by template_id, 8 clusters by case"},
		{"contrast and derived", []string{casespec.ClusterContrast, casespec.ClusterContrast, casespec.ClusterDerived, casespec.ClusterDerived, "", "", "", "", "", ""}, "clusters", "1 cluster by contrast_pair_id, 1 cluster by derived, 6 clusters by case"},
		{"a clusters file", []string{casespec.ClusterUser, casespec.ClusterUser, casespec.ClusterTemplate, casespec.ClusterTemplate, "", "", "", "", "", ""}, "clusters", "1 cluster by user, 1 cluster by template_id, 6 clusters by case"},
		{"none", []string{"", "", "", "", "", "", "", "", "", ""}, "clusters", "10 clusters by case"},
	} {
		var cases []*casespec.Case
		for i, id := range realIDs {
			c := realCase(t, id)
			if r := tc.rules[i]; r != "" {
				c.Cluster, c.ClusterRule = r+"-pair", r
			}
			cases = append(cases, c)
		}
		spec := NewRelease(cases, nil, nil, oracle.SafeAct).Intervals(o)
		if spec.Unit != tc.unit || spec.Rule != tc.rule {
			t.Errorf("%s: unit %q, rule %q; want %q, %q", tc.name, spec.Unit, spec.Rule, tc.unit, tc.rule)
		}
	}
}
