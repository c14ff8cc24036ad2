package job

import (
	"bytes"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/figures"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/synth"
	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results"
	"github.com/sabench/sabench-stats/results/render"
)

// TestTablesAndFigures: building side by side gives what results.Build and figures.RenderReport
// give one after the other.
func TestTablesAndFigures(t *testing.T) {
	if testing.Short() {
		t.Skip("renders every figure")
	}
	rel, err := synth.Default()
	if err != nil {
		t.Fatal(err)
	}
	b, err := casespec.NewBench("builtin", rel.Cases, rel.Sets, casespec.BenchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// Four configurations (two models with both their harnesses), every condition: every
	// figure and both tables are drawn, and whether building side by side gives the same
	// bytes does not depend on how many episodes there are (all 34,147 cost twice the CPU).
	keep := map[string]bool{"Claude-5/Claude Code": true, "Claude-5/Inspect": true, "GLM-5.2/ZCode": true, "GLM-5.2/Inspect": true}
	var eps []*ingest.Episode
	for _, ep := range rel.Episodes {
		if keep[ep.Config] {
			eps = append(eps, ep)
		}
	}
	s, err := analysis.Score(&ingest.SliceSource{Episodes: eps}, b.Case, analysis.ScoreOptions{Policies: []oracle.Policy{oracle.SafeAct}, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	sr := analysis.NewScoredRelease("builtin", b, s, nil)
	o := analysis.DefaultStatOptions()
	o.Resamples, o.Workers = 0, 2
	in := &results.Input{Releases: sr.Releases, Stats: o, Choices: analysis.PaperChoices()}
	specs := results.Default(1)[:2]
	tables, figs, skipped, err := tablesAndFigures(in, specs, analysis.SyntheticMark)
	if err != nil {
		t.Fatal(err)
	}
	wantTables, err := results.Build(in, specs)
	if err != nil {
		t.Fatal(err)
	}
	wantFigs, wantSkipped, err := figures.RenderReport(analysis.NewPolicyComparison(sr.Releases), o, in.Choices, analysis.SyntheticMark)
	if err != nil {
		t.Fatal(err)
	}
	if len(tables) != len(specs) || len(tables) != len(wantTables) {
		t.Fatalf("%d tables, want %d", len(tables), len(specs))
	}
	for i := range tables {
		var got, want bytes.Buffer
		if err := render.Render(&got, tables[i], render.FormatText); err != nil {
			t.Fatal(err)
		}
		if err := render.Render(&want, wantTables[i], render.FormatText); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Errorf("table %s differs", tables[i].ID)
		}
	}
	if len(figs) == 0 || len(figs) != len(wantFigs) || len(skipped) != len(wantSkipped) {
		t.Fatalf("%d figures (%d skipped), want %d (%d)", len(figs), len(skipped), len(wantFigs), len(wantSkipped))
	}
	for i := range figs {
		if figs[i].Name != wantFigs[i].Name || !bytes.Equal(figs[i].Files[0], wantFigs[i].Files[0]) {
			t.Errorf("figure %d: %s, want %s", i, figs[i].Name, wantFigs[i].Name)
		}
	}
}
