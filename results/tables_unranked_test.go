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

// TestDomainsNamesConfigsTheFilterEmpties: a configuration with scored main-condition
// episodes, none of them in the domains or protocols asked for, has no row in the domains
// table; it was left out without a word and is now named, with the filter in the reason.
func TestDomainsNamesConfigsTheFilterEmpties(t *testing.T) {
	cases, sets, vs := fixtureVerdicts(t)
	first := cases[0]
	var otherDomain string
	var otherProto ingest.Protocol
	for _, c := range cases {
		if otherDomain == "" && c.Domain != first.Domain {
			otherDomain = c.Domain
		}
		if c.Protocol != first.Protocol {
			otherProto = c.Protocol
		}
	}
	if otherDomain == "" || otherProto == first.Protocol {
		t.Fatal("the fixture needs two domains and two protocols")
	}
	// M5/Family ran only the cases of the first case's domain and protocol.
	for _, c := range cases {
		if c.Domain == first.Domain && c.Protocol == first.Protocol {
			vs = append(vs, oracle.Fields{Config: "M5/Family", Model: "M5", Harness: "Family", CaseID: c.ID, BaseCaseID: c.ID,
				Protocol: c.Protocol, Domain: c.Domain, Condition: "main", Status: "completed", Static: c.Protocol == ingest.Legacy,
				ECS: true, FirstAttemptIndex: -1, Official: -1}.Verdict())
		}
	}
	r := analysis.NewRelease(cases, sets, vs, oracle.SafeAct)
	for _, tc := range []struct {
		f    analysis.DomainFilter
		want string // "": no such note
	}{
		{analysis.DomainFilter{Domains: []string{otherDomain}},
			"Left out of the table: M5/Family (no scored main-condition episodes in domain " + otherDomain + ")."},
		{analysis.DomainFilter{Protocols: []ingest.Protocol{otherProto}},
			"Left out of the table: M5/Family (no scored main-condition episodes in protocol " + otherProto.Label() + ")."},
		{analysis.DomainFilter{Domains: []string{first.Domain, otherDomain}, Protocols: []ingest.Protocol{otherProto}, Configs: []string{"M5/Family", r.Configs()[0]}},
			"Left out of the table: M5/Family (no scored main-condition episodes in domain " + first.Domain + ", " + otherDomain +
				" and protocol " + otherProto.Label() + ")."},
		{analysis.DomainFilter{Domains: []string{first.Domain}, Protocols: []ingest.Protocol{first.Protocol}}, ""},
	} {
		o := goldenStats()
		o.Resamples = 0
		tb, err := results.BuildDomains(r, tc.f, o)
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
			t.Errorf("domains %+v: left-out notes %q, want %q", tc.f, got, tc.want)
		}
		for _, row := range tb.Rows {
			if row.Cells[0].Str() == "M5/Family" && tc.want != "" {
				t.Errorf("domains %+v has a row for M5/Family", tc.f)
			}
		}
	}
}
