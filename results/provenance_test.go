package results

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/oracle"
)

// emptyInput is a release with cases but no episode, scored under two policies.
func emptyInput(t *testing.T) *Input {
	t.Helper()
	cases := []*ingest.Case{realCase(t, "SAB-V1-001")}
	rels := []*analysis.Release{analysis.NewRelease(cases, nil, nil, oracle.SafeAct)}
	tb, err := oracle.LookupPolicy("tau-bench")
	if err != nil {
		t.Fatal(err)
	}
	rels = append(rels, analysis.NewRelease(cases, nil, nil, tb))
	o := analysis.DefaultStatOptions()
	o.Resamples = 20
	return &Input{Releases: rels, Stats: o, Choices: analysis.PaperChoices()}
}

// TestEmptyTablesSayWhy: every table of the registry that comes out without rows says why,
// in Table.Empty and as its last note.
func TestEmptyTablesSayWhy(t *testing.T) {
	ts, err := Build(emptyInput(t), Registry)
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
	// Everything but T1, T7, coverage, policy_settings and policy_ranks (a row per policy,
	// with undefined correlations) has a row per configuration.
	if empty != len(Registry)-5 {
		t.Errorf("%d empty tables, want %d", empty, len(Registry)-5)
	}
}

func testMeta(synthetic bool) *Meta {
	sr := &analysis.ScoredRelease{Input: "bench/ with episodes from runs.jsonl", Synthetic: synthetic, DatasetID: "sabench-synthetic", DatasetVersion: "synthetic-seed-1",
		Releases: []*analysis.Release{analysis.NewRelease(nil, nil, nil, oracle.SafeAct)}}
	o := analysis.DefaultStatOptions()
	o.Clustered = true
	m := NewMeta(sr, o, "bca", "r", analysis.PaperChoices())
	m.Tool = Tool{Name: "sabench-stats", Version: "v1.2.3", Revision: "abc123"}
	m.Inputs = []InputFile{{Path: "runs.jsonl", Bytes: 3, SHA256: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"}}
	m.Intervals.ClusterRules = []ClusterRule{{Rule: "template_id", Clusters: 7, Cases: 20}}
	return m
}

// TestStampMarksEveryForm: a stamped table of synthetic data carries the warning as its
// first note in every display form, the meta object in JSON and a sidecar for CSV.
func TestStampMarksEveryForm(t *testing.T) {
	m := testMeta(true)
	tb := table2()
	Stamp([]*Table{tb}, m)
	Stamp([]*Table{tb}, m) // idempotent
	if tb.Notes[0] != analysis.SyntheticMark || tb.Notes[1] == analysis.SyntheticMark {
		t.Fatalf("notes %q", tb.Notes)
	}
	for _, f := range []Format{FormatText, FormatMarkdown, FormatLaTeX, FormatJSON} {
		var b bytes.Buffer
		if err := Render(&b, tb, f); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), "SYNTHETIC DATA") {
			t.Errorf("%s form lacks the SYNTHETIC mark", f.Ext())
		}
	}
	var b bytes.Buffer
	if err := Render(&b, tb, FormatJSON); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Meta map[string]any
	}
	if err := json.Unmarshal(b.Bytes(), &got); err != nil {
		t.Fatalf("JSON: %v\n%s", err, b.String())
	}
	want := `{"dataset":{"id":"sabench-synthetic","source":"bench/ with episodes from runs.jsonl","version":"synthetic-seed-1"},` +
		`"inputs":[{"bytes":3,"path":"runs.jsonl","sha256":"ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"}],` +
		`"intervals":{"cluster_rules":[{"cases":20,"clusters":7,"rule":"template_id"}],"level":0.95,"method":"bca","quantile":"r","resamples":5000,"seed":1,"unit":"cluster"},` +
		`"policies":[{"binding":"entity","coverage":"required","coverage_at":"last","evaluator":"85c044b","hash":"7d7b76492f0c","name":"safeact","non_action":"investigated","order":"strict","propagation":"reference","timing":"before"}],` +
		`"shared_harness":"Inspect","synthetic":true,"tool":{"modified":false,"name":"sabench-stats","revision":"abc123","version":"v1.2.3"},` +
		`"warning":"` + analysis.SyntheticMark + `"}`
	if g, _ := json.Marshal(got.Meta); string(g) != want {
		t.Errorf("meta\n got %s\nwant %s", g, want)
	}
	side := Sidecar([]*Table{tb})
	var sc struct {
		Tables []string
		Meta   Meta
	}
	if err := json.Unmarshal(side, &sc); err != nil || len(sc.Tables) != 1 || sc.Tables[0] != "T2" || !sc.Meta.Synthetic || sc.Meta.Inputs[0].Bytes != 3 {
		t.Errorf("sidecar (%v): %s", err, side)
	}
	if SidecarName("out/T2.csv") != "out/T2.csv.meta.json" {
		t.Error(SidecarName("out/T2.csv"))
	}
	// Real data: no mark, meta still there.
	real := table2()
	Stamp([]*Table{real}, testMeta(false))
	if strings.Contains(strings.Join(real.Notes, " "), "SYNTHETIC") || real.Meta == nil || real.Meta.Warning != "" {
		t.Errorf("real data marked: %q", real.Notes)
	}
}

// TestIndexProvenanceAndEmpty: index.md states the synthetic mark, the provenance and every
// empty table with its reason.
func TestIndexProvenanceAndEmpty(t *testing.T) {
	m := testMeta(true)
	in := emptyInput(t)
	ts, err := Build(in, []Spec{Registry[1]}) // T2, empty
	if err != nil {
		t.Fatal(err)
	}
	Stamp(ts, m)
	sr := &analysis.ScoredRelease{Input: "x", Releases: in.Releases, Synthetic: true}
	idx := &Index{Scored: sr, Stats: in.Stats, Method: "bca", Quantile: "r", Tables: ts, Synthetic: true, Meta: m,
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
