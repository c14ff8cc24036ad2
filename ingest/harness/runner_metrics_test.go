package harness

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRunnerMetricsNoneScored: a batch whose every case is an evaluation harness failure
// has no accuracy; the report says n/a, not 0/0 = NaN%.
func TestRunnerMetricsNoneScored(t *testing.T) {
	var m RunnerMetrics
	m.add(batchHarnessFailure, false, true)
	if a, ok := m.Accuracy(); ok || a != 0 || m.Scored != 0 || m.Selected != 1 {
		t.Errorf("accuracy %v, %v of %+v; want none", a, ok, m)
	}
	if s := m.String(); !strings.Contains(s, "accuracy n/a,") {
		t.Errorf("%s: want accuracy n/a", s)
	}
}

// TestBatchSummaryNegativeCount: a negative count in summary.json's metrics is refused by
// name, and the summary is not compared.
func TestBatchSummaryNegativeCount(t *testing.T) {
	dir := copyTree(t, batchFixture)
	p := filepath.Join(dir, "summary.json")
	b, _ := os.ReadFile(p)
	b = []byte(strings.Replace(string(b), `"selected_cases": 9`, `"selected_cases": -1`, 1))
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	res := readBatch(t, dir, Options{Config: "a/b"})
	if !hasProblem(res.Problems, "metrics.selected_cases must be a non-negative integer") || res.Summary != nil {
		t.Errorf("selected_cases -1: problems %v, summary %v", res.Problems, res.Summary)
	}
}
