package render

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results"
)

// testMeta is the provenance of a small synthetic or real release with one input file.
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

// TestStampMarksEveryForm: a stamped table of synthetic data carries the warning as its
// first note in every display form, the meta object in JSON and a sidecar for CSV.
func TestStampMarksEveryForm(t *testing.T) {
	m := testMeta(true)
	tb := table2()
	results.Stamp([]*results.Table{tb}, m)
	results.Stamp([]*results.Table{tb}, m) // idempotent
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
	side := Sidecar([]*results.Table{tb})
	var sc struct {
		Tables []string
		Meta   results.Meta
	}
	if err := json.Unmarshal(side, &sc); err != nil || len(sc.Tables) != 1 || sc.Tables[0] != "T2" || !sc.Meta.Synthetic || sc.Meta.Inputs[0].Bytes != 3 {
		t.Errorf("sidecar (%v): %s", err, side)
	}
	if SidecarName("out/T2.csv") != "out/T2.csv.meta.json" {
		t.Error(SidecarName("out/T2.csv"))
	}
	// Real data: no mark, meta still there.
	real := table2()
	results.Stamp([]*results.Table{real}, testMeta(false))
	if strings.Contains(strings.Join(real.Notes, " "), "SYNTHETIC") || real.Meta == nil || real.Meta.Warning != "" {
		t.Errorf("real data marked: %q", real.Notes)
	}
}
