package results_test

import (
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/results"
	"github.com/sabench/sabench-stats/results/job"
)

// TestIndexNamesAsWritten: index.md wrote what a user names (a path, a condition in a
// table's title, a figure's note on names, the shared harness) raw, so a tab or line
// break split its tables and "<b>", "&amp;" or "*" were read as Markdown. Each is written
// as the Markdown tables write a name: on one line, escaped, shown as written once
// rendered. A word's own underscore ("coverage_at", "scgr_eg") is left as it is.
func TestIndexNamesAsWritten(t *testing.T) {
	m := testMeta(false)
	m.Inputs[0].Path = "runs|a\tb\nc *d* <b>.jsonl"
	m.SharedHarness = "In<spect> &amp;"
	in := emptyInput(t)
	ts, err := results.Build(in, []results.Spec{results.Registry[1]})
	if err != nil {
		t.Fatal(err)
	}
	results.Stamp(ts, m)
	ts[0].Title = "Strategy scgr_eg\tx <b>y</b> vs main"
	sr := &analysis.ScoredRelease{Input: "bench\nx &amp; y", Releases: in.Releases}
	idx := &job.Index{Scored: sr, Stats: in.Stats, Method: "bca", Quantile: "r", Tables: ts, Meta: m,
		Figures: []job.IndexFigure{{Name: "ecs_by_protocol", Files: []string{"figures/ecs_by_protocol.svg"}, Note: `labels: "<b>GLM</b> &amp; co"`}}}
	md := idx.Markdown()
	for _, want := range []string{
		`- Input: bench\\nx \&amp; y.`,
		`| T2 | Strategy scgr_eg\\tx \<b\>y\</b\> vs main |`,
		`(labels: "\<b\>GLM\</b\> \&amp; co")`,
		`- Shared harness: In\<spect\> \&amp; (`, // its release ran no harness
		`| runs\|a\\tb\\nc \*d\* \<b\>.jsonl | 3 |`,
		"coverage_at=last",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("index lacks %q:\n%s", want, md)
		}
	}
	if strings.ContainsAny(md, "\t") {
		t.Errorf("index holds a raw tab:\n%s", md)
	}
}
