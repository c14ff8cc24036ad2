package figures

import (
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/oracle"
)

// TestReportLabelsDomainsPoliciesHarness: the labels configuration names get (nameLabels)
// were not given to a domain, a policy or the shared harness, so a domain named with a
// tab left the report without its heat map ("cannot be drawn"), a policy so named without
// its rank chart. Each is drawn by its label now, and the figure's note says so.
func TestReportLabelsDomainsPoliciesHarness(t *testing.T) {
	const domain, policy, harness = "ops\tcode\nagent", "late\treads", "In\tspect"
	var cases []*casespec.Case
	var vs []oracle.Verdict
	for _, id := range []string{"SAB-V1-001", "SAB-V1-011"} {
		cases = append(cases, realCase(t, id, domain))
		for i, config := range []string{"m/" + harness, "m/family"} {
			model, h := ingest.SplitConfig(config)
			vs = append(vs, oracle.Fields{RunID: config + id, Config: config, Model: model, Harness: h, CaseID: id, BaseCaseID: id,
				Protocol: ingest.V1, Domain: domain, Condition: "main", Status: "completed", ECS: i == 0, FirstAttemptIndex: -1, Official: -1}.Verdict())
		}
	}
	late := oracle.SafeAct
	late.Name, late.Timing = policy, "anytime"
	rels := []*analysis.Release{analysis.NewRelease(cases, nil, vs, oracle.SafeAct), analysis.NewRelease(cases, nil, vs, late)}
	o := analysis.DefaultStatOptions()
	o.Resamples = 20
	ch := analysis.PaperChoices()
	ch.SharedHarness = harness
	figs, skipped, err := Report(rels[0], analysis.NewPolicyComparison(rels), o, ch)
	if err != nil {
		t.Fatal(err)
	}
	notes := map[string]string{}
	for _, f := range figs {
		if err := f.Fig.Validate(); err != nil {
			t.Errorf("%s cannot be drawn: %v", f.Name, err)
		}
		notes[f.Name] = f.Note
	}
	for name, want := range map[string]string{
		"domain_heatmap":      `"ops\tcode\nagent" shows a tab as \t, a line break as \n`,
		"policy_ranks":        `"late\treads" shows a tab as \t`,
		"harness_differences": `"In\tspect" shows a tab as \t`,
	} {
		if n, ok := notes[name]; !ok || !strings.Contains(n, want) {
			t.Errorf("%s: note %q lacks %q (skipped: %q)", name, n, want, skipped)
		}
	}
}

// TestCompareForestLabelsNames: compare's forest plot is titled by the two configurations
// (or a configuration and two conditions) and prefixes each row by its policy: a tab in
// one of them, or a name past what a title holds, left `compare --out` without the plot.
// They are drawn by their labels.
func TestCompareForestLabelsNames(t *testing.T) {
	long := "openrouter/" + strings.Repeat("claude-", 40)
	scopes := []analysis.CompareScope{{Label: "All", Shared: 3, Delta: analysis.Estimate{X: 0.1, Lo: 0, Hi: 0.2}, DeltaClustered: analysis.Estimate{X: 0.1, Lo: -0.05, Hi: 0.25}}}
	late := oracle.SafeAct
	late.Name = "late\treads"
	for _, spec := range []analysis.CompareSpec{
		{A: "deep\tseek\nv4/Inspect", B: long},
		{Conditions: true, Config: long, A: "main", B: "with\ttab"},
	} {
		rels := []*analysis.Release{holding(spec, oracle.SafeAct), holding(spec, late)}
		fig, err := CompareForest(spec, rels, [][]analysis.CompareScope{scopes, scopes}, analysis.DefaultStatOptions(), analysis.SyntheticMark)
		if err != nil {
			t.Fatal(err)
		}
		if fig == nil {
			t.Fatal("no forest")
		}
		if err := fig.Validate(); err != nil {
			t.Errorf("%q: %v", spec.Title(), err)
		}
		f := fig.(Captioned).Fig.(Forest)
		if !strings.Contains(f.Title, `\t`) || !strings.Contains(f.Title, "openrouter/claude-") || !strings.Contains(f.Title, "…") {
			t.Errorf("title %q does not show the names by their labels", f.Title)
		}
		if got := f.Rows[len(f.Rows)-1].Label; got != `late\treads: All, clusters` {
			t.Errorf("last row %q, want the policy by its label", got)
		}
	}
}
