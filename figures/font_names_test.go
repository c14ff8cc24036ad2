package figures

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/jsonv"
	"github.com/sabench/sabench-stats/oracle"
)

// TestReportNotesNamesTheFontLacks: a configuration named in CJK ("模型/ハーネス") is drawn
// in the PNG and PDF as "/" alone (the bundled Liberation Sans has no CJK glyphs), so two
// such names look alike there. The report's note on each figure says so, naming them.
func TestReportNotesNamesTheFontLacks(t *testing.T) {
	var cases []*casespec.Case
	var vs []oracle.Verdict
	for _, id := range []string{"SAB-V1-001", "SAB-V1-011"} {
		path := filepath.Join("..", "ingest", "testdata", "safeactbench", "cases", id+".json")
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		spec, err := jsonv.ParseObject(data)
		if err != nil {
			t.Fatal(err)
		}
		c := &casespec.Case{ID: id, BaseID: id, Protocol: ingest.V1, Domain: "customer_policy_qa", Spec: spec, ClusterRule: casespec.ClusterCase, Cluster: id}
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
	figs, _, err := RenderReport(analysis.NewPolicyComparison([]*analysis.Release{r}), o, analysis.PaperChoices(), false)
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
	want := "the bundled font lacks characters of \"Claude-5/Claude Code \U0001F9D1\u200d\U0001F4BB\\tx\": the PNG and PDF draw them blank, the SVG in the viewer's fonts"
	if got := FontLacks([]string{name, "a/b"}); got != want {
		t.Errorf("FontLacks = %q\nwant %q", got, want)
	}
}
