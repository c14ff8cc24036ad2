package results_test

import (
	"bytes"
	"encoding/csv"
	"slices"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results"
	"github.com/sabench/sabench-stats/results/render"
)

// TestColumnsNamedByTheData: T1 and T8 key a domain's column by its name, policy_settings
// a policy's, so a bench whose domain is named "config", "dm", "cases" or "group", or a
// policy named "switch", gave a table with a field used twice, which no form renders
// (`tables T8` stopped at it). Such a column's key is told apart ("domain_config"), in its
// table only (T1 has no "config" column); every other keeps its name, as the built-in
// release's do. The headers are the names.
func TestColumnsNamedByTheData(t *testing.T) {
	domains := []string{"config", "dm", "cases", "group"}
	var cases []*casespec.Case
	var vs []oracle.Verdict
	for i, id := range []string{"SAB-V0-001", "SAB-V1-001", "SAB-V1-011", "SAB-V2-001"} {
		c := realCase(t, id)
		c.Domain = domains[i]
		cases = append(cases, c)
		vs = append(vs, oracle.Fields{RunID: c.ID, Config: "m/h", Model: "m", Harness: "h", CaseID: c.ID, BaseCaseID: c.ID,
			Protocol: c.Protocol, Domain: c.Domain, Condition: "main", Status: "completed", ECS: i%2 == 0, FirstAttemptIndex: -1, Official: -1}.Verdict())
	}
	sw := oracle.SafeAct
	sw.Name, sw.Timing = "switch", "anytime"
	o := analysis.DefaultStatOptions()
	o.Resamples = 20
	in := &results.Input{Releases: []*analysis.Release{analysis.NewRelease(cases, nil, vs, oracle.SafeAct), analysis.NewRelease(cases, nil, vs, sw)},
		Stats: o, Choices: analysis.PaperChoices()}
	specs, err := results.LookupAll([]string{"T1", "T8", "policy_settings"})
	if err != nil {
		t.Fatal(err)
	}
	ts, err := results.Build(in, specs)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range [][]string{
		{"group", "protocol", "cases", "domain_cases", "config", "dm", "domain_group"},
		{"group", "config", "cases", "cases_lo", "cases_hi", "domain_config", "domain_config_lo", "domain_config_hi", "domain_dm", "domain_dm_lo", "domain_dm_hi", "domain_group", "domain_group_lo", "domain_group_hi", "dm", "dm_lo", "dm_hi"},
		{"switch", "safeact", "policy_switch"},
	} {
		var b bytes.Buffer
		if err := render.Render(&b, ts[i], render.FormatCSV); err != nil {
			t.Errorf("%s: %v", ts[i].ID, err)
			continue
		}
		head, err := csv.NewReader(&b).Read()
		if err != nil {
			t.Fatal(err)
		}
		if got := head[:min(len(head), len(want))]; !slices.Equal(got, want) {
			t.Errorf("%s: CSV header %q, want %q first", ts[i].ID, head, want)
		}
	}
	if h := ts[0].Columns[2].Header; h != "cases" {
		t.Errorf("T1's domain column is headed %q, want the domain's name", h)
	}
}
