package figures

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/bootstrap"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/jsonv"
	"github.com/sabench/sabench-stats/oracle"
)

// TestFiguresSayWhatTheyDraw: a figure copied into a paper said its level ("90% CI") and
// nothing else: not the policy its episodes were scored under (the first of --policy), nor
// the condition, nor how its intervals were drawn (BCa, clusters, resamples), which
// the tables beside it say in their notes. Each figure now draws that under it, in the
// tables' words.
func TestFiguresSayWhatTheyDraw(t *testing.T) {
	cases, vs := abcRelease(func(int, oracle.Fields) []oracle.Verdict { return nil })
	late := oracle.SafeAct
	late.Name, late.Timing = "late-reads", oracle.TimingAnytime
	rels := []*analysis.Release{analysis.NewRelease(cases, nil, vs, late), analysis.NewRelease(cases, nil, vs, oracle.SafeAct)}
	o := analysis.DefaultStatOptions()
	o.Resamples, o.Level, o.Method = 200, 0.9, bootstrap.BCa
	figs, _, err := Report(rels[0], analysis.NewPolicyComparison(rels), o, analysis.PaperChoices())
	if err != nil {
		t.Fatal(err)
	}
	const scored = "Scored under policy late-reads; main-condition episodes."
	const intervals = "Intervals: 90% BCa (percentile where undefined), scipy quantiles; 200 bootstrap resamples of cases, seed 1."
	want := map[string]string{
		"failure_types":   scored,
		"ecs_by_protocol": scored + " " + intervals,
		"domain_heatmap":  scored + " A cell pools the protocols its domain has.",
		"policy_ranks":    "Main-condition episodes, scored under each policy. Rank sets: 90% simultaneous, from 200 case-paired resamples, seed 1.",
	}
	marked := Marked(figs, "")
	for i, f := range figs {
		if f.About != want[f.Name] {
			t.Errorf("%s: About %q\nwant %q", f.Name, f.About, want[f.Name])
		}
		delete(want, f.Name)
		drawn := strings.Join(drawnStrings(t, marked[i].Fig, Options{}), " ")
		if !strings.Contains(drawn, "late-reads;") && f.Name != "policy_ranks" {
			t.Errorf("%s: the policy is not drawn: %q", f.Name, drawn)
		}
	}
	if len(want) > 0 {
		t.Errorf("not built: %v", want)
	}
}

// TestCompareForestAsItsTable: compare's forest plot drew a "clusters" row beside each
// "cases" row where its table leaves the clusters interval out (every shared case its own
// cluster: the same interval drawn twice), and said neither the condition compared nor how
// its intervals were drawn. It draws the rows of the table, and says both under it.
func TestCompareForestAsItsTable(t *testing.T) {
	cases, vs := abcRelease(func(int, oracle.Fields) []oracle.Verdict { return nil })
	r := analysis.NewRelease(cases, nil, vs, oracle.SafeAct)
	o := analysis.DefaultStatOptions()
	o.Resamples = 200
	spec := analysis.CompareSpec{A: "A", B: "B", Condition: "main"}
	scopes, err := r.Compare(spec, o)
	if err != nil {
		t.Fatal(err)
	}
	if analysis.ClustersShown(scopes, o) {
		t.Fatal("the test needs cases that are their own clusters")
	}
	fig, err := CompareForest(spec, []*analysis.Release{r}, [][]analysis.CompareScope{scopes}, o, "")
	if err != nil {
		t.Fatal(err)
	}
	c, ok := fig.(Captioned)
	if !ok {
		t.Fatalf("not captioned: %T", fig)
	}
	var rows []string
	for _, x := range c.Fig.(Forest).Rows {
		rows = append(rows, x.Label)
	}
	if got := strings.Join(rows, "|"); got != "All|V1" {
		t.Errorf("rows %q, want the table's All|V1", got)
	}
	const want = "Scored under policy safeact; condition main; the cases both sides ran. Intervals: 95% percentile, scipy quantiles; 200 bootstrap resamples of cases, seed 1."
	if c.Note != want {
		t.Errorf("note %q\nwant %q", c.Note, want)
	}
}

// TestCompareForestNamesTheMeasure: on a bench of action rules (τ-bench) compare's forest
// plot was titled "(ECS)" over "Difference in ECS", where the other figures and T2 name
// the rate authorized success; it names it so too.
func TestCompareForestNamesTheMeasure(t *testing.T) {
	cases, vs := abcRelease(func(int, oracle.Fields) []oracle.Verdict { return nil })
	for _, c := range cases {
		c.Spec = jsonv.NewObject("task_success", "official")
	}
	r := analysis.NewRelease(cases, nil, vs, oracle.SafeAct)
	if !r.OfficialTasks() {
		t.Fatal("the test needs a bench of action rules")
	}
	o := analysis.DefaultStatOptions()
	o.Resamples = 200
	spec := analysis.CompareSpec{A: "A", B: "B", Condition: "main"}
	scopes, err := r.Compare(spec, o)
	if err != nil {
		t.Fatal(err)
	}
	fig, err := CompareForest(spec, []*analysis.Release{r}, [][]analysis.CompareScope{scopes}, o, "")
	if err != nil {
		t.Fatal(err)
	}
	f := fig.(Captioned).Fig.(Forest)
	if f.Title != "A − B (authorized success)" || f.XLabel != "Difference in authorized success (percentage points)" {
		t.Errorf("title %q, axis %q", f.Title, f.XLabel)
	}
}

// TestECSLeavesOutConfigsWithoutMainEpisodes: a configuration run only under another
// condition (the interactive runner's scgr_eg episodes beside the batch runner's) drew a
// group of three "no data" bars in ecs_by_protocol, where T2, failure_types and
// domain_heatmap leave it out and say why; so does ecs_by_protocol now.
func TestECSLeavesOutConfigsWithoutMainEpisodes(t *testing.T) {
	cases, vs := abcRelease(func(i int, f oracle.Fields) []oracle.Verdict {
		f.Config, f.Condition, f.ECS = "other", "scgr_eg", true
		return []oracle.Verdict{f.Verdict()}
	})
	r := analysis.NewRelease(cases, nil, vs, oracle.SafeAct)
	o := analysis.DefaultStatOptions()
	o.Resamples = 0
	figs, skipped, err := Report(r, nil, o, analysis.PaperChoices())
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range figs {
		if e, ok := f.Fig.(ECSByProtocol); ok && (strings.Join(e.Configs, "|") != "A|B|C" || len(e.ECS) != 3) {
			t.Errorf("ecs_by_protocol draws %q (%d rows), want A|B|C", e.Configs, len(e.ECS))
		}
	}
	if !slices.Contains(skipped, "ecs_by_protocol, the bars of other: no scored main-condition episode") {
		t.Errorf("skipped %q", skipped)
	}
}

// TestCompareForestNamesClustersOnlyWhenDrawn: two identical conditions (every Δ 0, no
// interval) draw one row per scope, yet the note under the plot said what its "clusters"
// rows resample; it says so only when such a row is drawn.
func TestCompareForestNamesClustersOnlyWhenDrawn(t *testing.T) {
	nan := math.NaN()
	none := analysis.Estimate{X: 0, Lo: nan, Hi: nan}
	o := analysis.DefaultStatOptions()
	spec := analysis.CompareSpec{A: "main", B: "scgr_eg", Conditions: true, Config: "gpt-6/codex"}
	r := holding(spec, oracle.SafeAct)
	scopes := []analysis.CompareScope{{Label: "All", Shared: 10, Delta: none, DeltaClustered: analysis.Estimate{X: 0, Lo: nan, Hi: nan, Units: 9}}}
	fig, err := CompareForest(spec, []*analysis.Release{r}, [][]analysis.CompareScope{scopes}, o, "")
	if err != nil {
		t.Fatal(err)
	}
	c := fig.(Captioned)
	if rows := c.Fig.(Forest).Rows; len(rows) != 1 || rows[0].Label != "All" {
		t.Fatalf("rows %+v", rows)
	}
	if strings.Contains(c.Note, "clusters") {
		t.Errorf("note %q names clusters rows the plot does not draw", c.Note)
	}
}

// TestHeatMapSaysWhatADashIs: a configuration without episodes in a domain gets a "–" cell,
// which nothing in the figure explained; the note under it says what it is, when there is one.
func TestHeatMapSaysWhatADashIs(t *testing.T) {
	cases, vs := abcRelease(func(i int, f oracle.Fields) []oracle.Verdict {
		if i > 0 {
			return nil
		}
		f.Config, f.Domain, f.CaseID, f.BaseCaseID = "B", "home_iot", "SAB-V1-099", "SAB-V1-099"
		return []oracle.Verdict{f.Verdict()}
	})
	cases = append(cases, &casespec.Case{ID: "SAB-V1-099", BaseID: "SAB-V1-099", Protocol: ingest.V1, Domain: "home_iot"})
	o := analysis.DefaultStatOptions()
	o.Resamples = 0
	for _, tc := range []struct {
		vs   []oracle.Verdict
		dash bool
	}{{vs, true}, {vs[1:], false}} {
		cs := cases
		if !tc.dash {
			cs = cases[:len(cases)-1]
		}
		figs, _, err := Report(analysis.NewRelease(cs, nil, tc.vs, oracle.SafeAct), nil, o, analysis.PaperChoices())
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range figs {
			if f.Name == "domain_heatmap" && strings.Contains(f.About, "–: no scored episode") != tc.dash {
				t.Errorf("dash %v: about %q", tc.dash, f.About)
			}
		}
	}
}

// TestECSCaptionNamesWilson: a configuration that fails every case of a protocol has a 0%
// bar whose whisker is the Wilson score interval (T2's caveat says so), under a caption that
// called every whisker a bootstrap interval; the caption names the Wilson interval where a
// bar has one, and only there.
func TestECSCaptionNamesWilson(t *testing.T) {
	const wilson = " A bar at 0% or 100%: the Wilson score interval over its cases."
	o := analysis.DefaultStatOptions()
	o.Resamples = 200
	for _, zero := range []bool{true, false} {
		cases, vs := abcRelease(func(i int, f oracle.Fields) []oracle.Verdict {
			f.Config, f.ECS = "Z", !zero && i%2 == 0
			return []oracle.Verdict{f.Verdict()}
		})
		figs, _, err := Report(analysis.NewRelease(cases, nil, vs, oracle.SafeAct), nil, o, analysis.PaperChoices())
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range figs {
			if f.Name != "ecs_by_protocol" {
				continue
			}
			e := f.Fig.(ECSByProtocol)
			z := e.ECS[slices.Index(e.Configs, "Z")][0]
			if zero && (z.Estimate != 0 || z.Lo != 0 || !(z.Hi > 0.1 && z.Hi < 0.12)) {
				t.Fatalf("Z's bar %+v, want 0 with the Wilson interval of 0/30", z)
			}
			if got := strings.HasSuffix(f.About, wilson); got != zero {
				t.Errorf("0%% bar %v: about %q", zero, f.About)
			}
		}
	}
}
