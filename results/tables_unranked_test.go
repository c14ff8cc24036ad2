package results_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results"
)

// TestT2NamesUnrankedConfigs: a configuration whose main-condition episodes were all
// excluded, and one that ran only the strategy condition, have no ECS; T2 left them out
// without a word. It now names them, by the note the policy tables give such
// configurations.
func TestT2NamesUnrankedConfigs(t *testing.T) {
	r := unrankedRelease(t)
	tb := buildOne(t, r, "T2", goldenStats())
	if len(tb.Rows) != 4 {
		t.Errorf("T2 has %d rows, want the 4 scored configurations", len(tb.Rows))
	}
	for _, row := range tb.Rows {
		if c := row.Cells[0].Str(); c == "M3/Family" || c == "M4/Family" {
			t.Errorf("T2 has a row for %s, which has no scored main-condition episodes", c)
		}
	}
	const want = "Left out of the table and its ranks: M3/Family; M4/Family (no scored main-condition episodes)."
	if !strings.Contains(strings.Join(tb.Notes, "\n"), want) {
		t.Errorf("T2 notes lack %q:\n%s", want, strings.Join(tb.Notes, "\n"))
	}
}

// TestT8AndDomainsNameUnrankedConfigs: T8 and the domains table dropped the same
// configurations as T2 without a word; they now name them by the same note. The domains
// table, asked for some configurations, names only those.
func TestT8AndDomainsNameUnrankedConfigs(t *testing.T) {
	r := unrankedRelease(t)
	const want = "Left out of the table: M3/Family; M4/Family (no scored main-condition episodes)."
	for _, id := range []string{"T8", "domains"} {
		tb := buildOne(t, r, id, goldenStats())
		if len(tb.Rows) == 0 {
			t.Errorf("%s has no rows", id)
		}
		for _, row := range tb.Rows {
			if c := row.Cells[0].Str(); c == "M3/Family" || c == "M4/Family" {
				t.Errorf("%s has a row for %s, which has no scored main-condition episodes", id, c)
			}
		}
		if !slices.Contains(tb.Notes, want) {
			t.Errorf("%s notes lack %q:\n%s", id, want, strings.Join(tb.Notes, "\n"))
		}
	}
	for _, tc := range []struct {
		configs []string
		want    string // "": no such note
	}{
		{[]string{"M4/Family", r.Configs()[0]}, "Left out of the table: M4/Family (no scored main-condition episodes)."},
		{[]string{r.Configs()[0]}, ""},
	} {
		o := goldenStats()
		o.Resamples = 0
		tb, err := results.BuildDomains(r, analysis.DomainFilter{Configs: tc.configs}, o)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, n := range tb.Notes {
			if strings.HasPrefix(n, "Left out of") {
				got = append(got, n)
			}
		}
		if tc.want == "" && len(got) > 0 || tc.want != "" && !slices.Equal(got, []string{tc.want}) {
			t.Errorf("domains --config %v: left-out notes %q, want %q", tc.configs, got, tc.want)
		}
	}
}

// unrankedRelease is fixtureRelease with two configurations that have no scored
// main-condition episodes: M3/Family's were all excluded, M4/Family ran only the strategy
// condition.
func unrankedRelease(t *testing.T) *analysis.Release {
	t.Helper()
	cases, sets, vs := fixtureVerdicts(t)
	for _, c := range cases[:10] {
		vs = append(vs, oracle.Fields{Config: "M3/Family", Model: "M3", Harness: "Family", CaseID: c.ID, BaseCaseID: c.ID,
			Protocol: c.Protocol, Domain: c.Domain, Condition: "main", Status: "harness_failure", Excluded: true,
			ExclusionReason: "harness_failure", FirstAttemptIndex: -1, Official: -1}.Verdict())
		vs = append(vs, oracle.Fields{Config: "M4/Family", Model: "M4", Harness: "Family", CaseID: c.ID, BaseCaseID: c.ID,
			Protocol: c.Protocol, Domain: c.Domain, Condition: "scgr_eg", Status: "completed", Static: c.Protocol == ingest.Legacy,
			ECS: true, FirstAttemptIndex: -1, Official: -1}.Verdict())
	}
	return analysis.NewRelease(cases, sets, vs, oracle.SafeAct)
}
