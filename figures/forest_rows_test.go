package figures

import (
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/oracle"
)

// TestForestRowsOfOneModel: a model with two family harnesses beside Inspect (m/A and m/B)
// has two rows in T4. The forest plot named both "m (Holm p …)", and each with the p-value
// of the model's last row (the p-values were kept by model): the first row's drawn p was
// not its own. Each row is named by its family configuration when its model has several,
// by its model otherwise, and draws its own adjusted p-value, as T4 prints it.
func TestForestRowsOfOneModel(t *testing.T) {
	var cases []*casespec.Case
	var vs []oracle.Verdict
	ids := []string{"SAB-V0-001", "SAB-V0-166", "SAB-V0-167", "SAB-V1-001", "SAB-V1-011", "SAB-V2-001", "SAB-V2-016", "SAB-V2-018", "SAB-V3-001"}
	// Each configuration's successes by case: m/A fails all but one of the cases Inspect
	// passes (all of them would make every resample's Δ equal, with no p), m/B only one
	// of them, so that their p-values differ.
	pass := map[string]string{"m/Inspect": "111111111", "m/A": "000000001", "m/B": "011111111", "n/Inspect": "101010101", "n/X": "111111111"}
	for k, id := range ids {
		c := realCase(t, id, "devops")
		cases = append(cases, c)
		for _, config := range []string{"m/Inspect", "m/A", "m/B", "n/Inspect", "n/X"} {
			model, h := ingest.SplitConfig(config)
			vs = append(vs, oracle.Fields{RunID: config + id, Config: config, Model: model, Harness: h, CaseID: id, BaseCaseID: id,
				Protocol: c.Protocol, Domain: "devops", Condition: "main", Status: "completed", ECS: pass[config][k] == '1', FirstAttemptIndex: -1, Official: -1}.Verdict())
		}
	}
	r := analysis.NewRelease(cases, nil, vs, oracle.SafeAct)
	o := analysis.DefaultStatOptions()
	o.Resamples = 200
	f, _, _, err := harnessForest(r, o, analysis.PaperChoices())
	if err != nil {
		t.Fatal(err)
	}
	rows, err := r.HarnessComparison(analysis.PaperChoices(), o)
	if err != nil {
		t.Fatal(err)
	}
	ps := make([]float64, len(rows))
	for i, x := range rows {
		ps[i] = x.Delta.P
	}
	adj := o.Adjust.Apply(ps)
	want := map[string]string{"m/A": "m/A", "m/B": "m/B", "n/X": "n"}
	if len(f.Rows) != len(rows) {
		t.Fatalf("%d rows drawn, T4 has %d", len(f.Rows), len(rows))
	}
	if pLabel(adj[0]) == pLabel(adj[1]) {
		t.Fatalf("the test needs m/A and m/B to differ in p: %v", adj)
	}
	for i, x := range rows {
		label := want[x.Family] + " (Holm p " + pLabel(adj[i]) + ")"
		if f.Rows[i].Label != label {
			t.Errorf("row of %s: drawn %q, want %q", x.Family, f.Rows[i].Label, label)
		}
		if !strings.HasPrefix(f.Rows[i].Label, want[x.Family]+" ") {
			t.Errorf("row of %s: %q does not name it", x.Family, f.Rows[i].Label)
		}
	}
}
