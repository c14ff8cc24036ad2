package figures

import (
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/oracle"
)

// TestReportNotesNamesTheFontLacks: a configuration named in CJK ("模型/ハーネス") is drawn
// in the PNG and PDF as "/" alone (the bundled Liberation Sans has no CJK glyphs), so two
// such names look alike there. The report's note on each figure says so, naming them.
func TestReportNotesNamesTheFontLacks(t *testing.T) {
	var cases []*casespec.Case
	var vs []oracle.Verdict
	for _, id := range []string{"SAB-V1-001", "SAB-V1-011"} {
		c := realCase(t, id, "customer_policy_qa")
		cases = append(cases, c)
		for i, config := range []string{"模型/ハーネス", "a/b"} {
			model, harness := ingest.SplitConfig(config)
			vs = append(vs, oracle.Fields{RunID: config + id, Config: config, Model: model, Harness: harness, CaseID: id, BaseCaseID: id,
				Protocol: ingest.V1, Domain: c.Domain, Condition: "main", Status: "completed", ECS: i == 0, FirstAttemptIndex: -1, Official: -1}.Verdict())
		}
	}
	r := analysis.NewRelease(cases, nil, vs, oracle.SafeAct)
	o := analysis.DefaultStatOptions()
	o.Resamples = 20
	figs, _, err := RenderReport(analysis.NewPolicyComparison([]*analysis.Release{r}), o, analysis.PaperChoices(), "")
	if err != nil {
		t.Fatal(err)
	}
	if len(figs) == 0 {
		t.Fatal("no figures")
	}
	for _, f := range figs {
		if !strings.Contains(f.Note, "模型/ハーネス") || !strings.Contains(f.Note, "bundled font lacks") {
			t.Errorf("%s: note %q does not name the configuration the PNG and PDF cannot draw", f.Name, f.Note)
		}
		if strings.Contains(f.Note, "a/b") {
			t.Errorf("%s: note %q names a drawable configuration", f.Name, f.Note)
		}
	}
}

// TestFontLacksQuotesLabelsAsDrawn: the font note names the labels the figures draw, which
// already show a tab as \t; quoting them again (Go's %q) wrote \\t and \u200d, a name that
// is neither the one given nor the one drawn.
func TestFontLacksQuotesLabelsAsDrawn(t *testing.T) {
	name := "Claude-5/Claude Code \U0001F9D1\u200d\U0001F4BB\tx"
	want := "the bundled font lacks characters of \"Claude-5/Claude Code \U0001F9D1\u200d\U0001F4BB\\tx\": the PNG draws them blank, the PDF as the font's empty box, the SVG in the viewer's fonts"
	if got := fontLacks(configLabels([]string{name, "a/b"}).labels([]string{name, "a/b"})); got != want {
		t.Errorf("fontLacks = %q\nwant %q", got, want)
	}
}

// TestFontNoteOnlyWhereDrawn: a configuration named "Modèle/Ωmega ✓" (the bundled font has
// no ✓) whose model has no Inspect pair is not drawn in harness_differences, which shows
// models; the note on that figure named it all the same. A domain named "银行" (no CJK
// glyphs) is drawn by domain_heatmap alone and was named by no note.
func TestFontNoteOnlyWhereDrawn(t *testing.T) {
	var cases []*casespec.Case
	var vs []oracle.Verdict
	for k, id := range []string{"SAB-V1-001", "SAB-V1-011"} {
		c := realCase(t, id, []string{"银行", "devops"}[k])
		cases = append(cases, c)
		for i, config := range []string{"Modèle/Ωmega ✓", "m/Claude Code", "m/Inspect"} {
			model, harness := ingest.SplitConfig(config)
			vs = append(vs, oracle.Fields{RunID: config + id, Config: config, Model: model, Harness: harness, CaseID: id, BaseCaseID: id,
				Protocol: ingest.V1, Domain: c.Domain, Condition: "main", Status: "completed", ECS: (i+k)%2 == 0, FirstAttemptIndex: -1, Official: -1}.Verdict())
		}
	}
	r := analysis.NewRelease(cases, nil, vs, oracle.SafeAct)
	o := analysis.DefaultStatOptions()
	o.Resamples = 20
	figs, _, err := RenderReport(analysis.NewPolicyComparison([]*analysis.Release{r}), o, analysis.PaperChoices(), "")
	if err != nil {
		t.Fatal(err)
	}
	notes := map[string]string{}
	for _, f := range figs {
		notes[f.Name] = f.Note
	}
	if n, ok := notes["harness_differences"]; !ok || strings.Contains(n, "Modèle") {
		t.Errorf("harness_differences (drawn %v): note %q names a configuration it does not draw", ok, n)
	}
	for _, name := range []string{"failure_types", "ecs_by_protocol", "domain_heatmap"} {
		if !strings.Contains(notes[name], `"Modèle/Ωmega ✓"`) {
			t.Errorf("%s: note %q does not name the configuration it draws blank in part", name, notes[name])
		}
	}
	if !strings.Contains(notes["domain_heatmap"], `"银行"`) {
		t.Errorf("domain_heatmap: note %q does not name the domain it draws blank", notes["domain_heatmap"])
	}
	if strings.Contains(notes["ecs_by_protocol"], "银行") {
		t.Errorf("ecs_by_protocol: note %q names a domain it does not draw", notes["ecs_by_protocol"])
	}
}
