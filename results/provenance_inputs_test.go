package results

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest/casespec"
)

func TestMetaAddInputs(t *testing.T) {
	file := filepath.Join(t.TempDir(), "runs.jsonl")
	if err := os.WriteFile(file, []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	clusters := []casespec.ClusterCount{{Rule: "file", Clusters: 0}, {Rule: "template", Clusters: 3, Cases: 9}}
	for _, unit := range []string{"case", "cluster"} {
		m := &Meta{Intervals: IntervalMeta{Unit: unit}}
		if err := m.AddInputs(clusters, []string{file}, nil); err != nil {
			t.Fatal(err)
		}
		if len(m.Inputs) != 1 || m.Inputs[0].Path != file {
			t.Errorf("inputs %+v", m.Inputs)
		}
		if want := map[string]int{"case": 0, "cluster": 1}[unit]; len(m.Intervals.ClusterRules) != want ||
			want == 1 && m.Intervals.ClusterRules[0] != (ClusterRule{Rule: "template", Clusters: 3, Cases: 9}) {
			t.Errorf("unit %s: rules %+v", unit, m.Intervals.ClusterRules)
		}
	}
	if err := (&Meta{}).AddInputs(nil, []string{file + ".missing"}, nil); err == nil || !strings.HasPrefix(err.Error(), "provenance: ") {
		t.Errorf("a missing file: %v", err)
	}
}
