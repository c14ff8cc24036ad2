package results_test

import (
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results"
	"github.com/sabench/sabench-stats/results/job"
)

// emptyInput is a release with cases but no episode, scored under two policies.
func emptyInput(t *testing.T) *results.Input {
	t.Helper()
	cases := []*casespec.Case{realCase(t, "SAB-V1-001")}
	rels := []*analysis.Release{analysis.NewRelease(cases, nil, nil, oracle.SafeAct)}
	tb, err := oracle.LookupPolicy("tau-bench")
	if err != nil {
		t.Fatal(err)
	}
	rels = append(rels, analysis.NewRelease(cases, nil, nil, tb))
	o := analysis.DefaultStatOptions()
	o.Resamples = 20
	return &results.Input{Releases: rels, Stats: o, Choices: analysis.PaperChoices()}
}

// TestEmptyTablesSayWhy: every table of the registry that comes out without rows says why,
// in Table.Empty and as its last note.
func TestEmptyTablesSayWhy(t *testing.T) {
	ts, err := results.Build(emptyInput(t), results.Registry)
	if err != nil {
		t.Fatal(err)
	}
	empty := 0
	for _, tb := range ts {
		if len(tb.Rows) > 0 {
			if tb.Empty != "" {
				t.Errorf("%s has rows but Empty %q", tb.ID, tb.Empty)
			}
			continue
		}
		empty++
		if tb.Empty == "" || tb.Empty == "no rows for this input" {
			t.Errorf("%s is empty without a specific reason (%q)", tb.ID, tb.Empty)
		}
		if n := tb.Notes[len(tb.Notes)-1]; n != "Empty: "+tb.Empty+"." {
			t.Errorf("%s: last note %q does not give the reason %q", tb.ID, n, tb.Empty)
		}
	}
	// Everything but T1, T7, coverage and policy_settings has a row per configuration
	// (policy_ranks compares leaderboards, and there is none).
	if empty != len(results.Registry)-4 {
		t.Errorf("%d empty tables, want %d", empty, len(results.Registry)-4)
	}
}

func testMeta(synthetic bool) *results.Meta {
	sr := &analysis.ScoredRelease{Input: "bench/ with episodes from runs.jsonl", Synthetic: synthetic, DatasetID: "sabench-synthetic", DatasetVersion: "synthetic-seed-1",
		Releases: []*analysis.Release{analysis.NewRelease(nil, nil, nil, oracle.SafeAct)}}
	o := analysis.DefaultStatOptions()
	o.Clustered = true
	m := results.NewMeta(sr, o, "bca", "r", analysis.PaperChoices())
	m.Tool = results.Tool{Name: "sabench-stats", Version: "v1.2.3", Revision: "abc123"}
	m.Inputs = []results.InputFile{{Path: "runs.jsonl", Bytes: 3, SHA256: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"}}
	m.Intervals.ClusterRules = []results.ClusterRule{{Rule: "template_id", Clusters: 7, Cases: 20}}
	return m
}

// TestIndexProvenanceAndEmpty: index.md states the synthetic mark, the provenance and every
// empty table with its reason.
func TestIndexProvenanceAndEmpty(t *testing.T) {
	m := testMeta(true)
	in := emptyInput(t)
	ts, err := results.Build(in, []results.Spec{results.Registry[1]}) // T2, empty
	if err != nil {
		t.Fatal(err)
	}
	results.Stamp(ts, m)
	sr := &analysis.ScoredRelease{Input: "x", Releases: in.Releases, Synthetic: true}
	idx := &job.Index{Scored: sr, Stats: in.Stats, Method: "bca", Quantile: "r", Tables: ts, Mark: analysis.SyntheticMark, Meta: m,
		Skipped: []string{"every figure: no scored main-condition episodes"}}
	md := idx.Markdown()
	for _, want := range []string{"- **" + analysis.SyntheticMark + "**", "- Empty table T2: no scored main-condition episodes.",
		"- Not written: every figure: no scored main-condition episodes.", "## Provenance", "- Tool: sabench-stats v1.2.3, revision abc123.",
		"- Dataset: id sabench-synthetic, version synthetic-seed-1", "- Cluster rule template_id: 7 clusters over 20 cases.",
		"| runs.jsonl | 3 | `ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad` |", "[csv meta](tables/T2.csv.meta.json)"} {
		if !strings.Contains(md, want) {
			t.Errorf("index lacks %q:\n%s", want, md)
		}
	}
}

// TestIndexSharedHarnessNoneRan: the provenance said "Shared harness: Inspect." of a bench
// none of whose configurations ran Inspect (a bench of one's own whose harnesses have other
// names), as of the paper's release; it now says that no configuration ran it, and keeps
// the plain line where one did.
func TestIndexSharedHarnessNoneRan(t *testing.T) {
	r := fixtureRelease(t)
	for _, c := range []struct{ shared, want string }{
		{"Inspect", "- Shared harness: Inspect.\n"},
		{"baseline", "- Shared harness: baseline (--shared-harness; no configuration of this input ran it, so it is paired with none).\n"},
	} {
		ch := analysis.PaperChoices()
		ch.SharedHarness = c.shared
		m := results.NewMeta(&analysis.ScoredRelease{Input: "x", Releases: []*analysis.Release{r}}, analysis.DefaultStatOptions(), "percentile", "scipy", ch)
		var b strings.Builder
		m.WriteMarkdown(&b, func(s string) string { return s })
		if !strings.Contains(b.String(), c.want) {
			t.Errorf("shared harness %s: provenance\n%s\nwant %q", c.shared, b.String(), c.want)
		}
	}
}

// TestProvenanceRevisionAsVersion: the index's provenance said "revision not stamped (built
// without VCS information)" where `version` said "revision unknown (built without VCS
// stamping, e.g. go run)", and "(modified working tree)" where it said "(modified)": one
// fact in two wordings. Both now print the same words.
func TestProvenanceRevisionAsVersion(t *testing.T) {
	r := fixtureRelease(t)
	for _, tool := range []results.Tool{
		{Name: "sabench-stats", Version: "(devel)"},
		{Name: "sabench-stats", Version: "(devel)", Revision: "0123456789abcdef", Modified: true},
		{Name: "sabench-stats", Version: "v1.4.0", Revision: "0123456789abcdef"},
	} {
		m := results.NewMeta(&analysis.ScoredRelease{Input: "x", Releases: []*analysis.Release{r}}, analysis.DefaultStatOptions(), "percentile", "scipy", analysis.PaperChoices())
		m.Tool = tool
		var b strings.Builder
		m.WriteMarkdown(&b, func(s string) string { return s })
		want := "- Tool: " + strings.TrimSuffix(tool.Line(), "\n") + ".\n"
		if !strings.Contains(b.String(), want) {
			t.Errorf("tool %+v: provenance\n%s\nwant the line %q", tool, b.String(), want)
		}
	}
	if got, want := (results.Tool{Name: "sabench-stats", Version: "(devel)"}).Line(), "sabench-stats (devel), revision unknown (built without VCS stamping, e.g. go run)\n"; got != want {
		t.Errorf("version of an unstamped build: %q, want %q", got, want)
	}
}
