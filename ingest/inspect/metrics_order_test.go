package inspect

import (
	"encoding/json"
	"testing"
)

// TestMetricsSameNameOneOrder: two metrics of a scorer under different keys with one name
// (a metric renamed in the task) were ordered by Go's map iteration, so Metrics.Get, and
// the samples check that compares the header's accuracy with the rows, answered one or
// the other from run to run. They are in their keys' order.
func TestMetricsSameNameOneOrder(t *testing.T) {
	in := []byte(`{"accuracy": {"name": "accuracy", "value": 0.5}, "acc2": {"name": "accuracy", "value": 0.75}, "stderr": {"name": "stderr", "value": 0.1}}`)
	for range 50 {
		var m Metrics
		if err := json.Unmarshal(in, &m); err != nil {
			t.Fatal(err)
		}
		if len(m) != 3 || m[0].Value != 0.75 || m[1].Value != 0.5 || m[2].Name != "stderr" {
			t.Fatalf("metrics %v, want accuracy 0.75 (key acc2), accuracy 0.5 (key accuracy), stderr", m)
		}
		if v, _ := m.Get("accuracy"); v != 0.75 {
			t.Fatalf("Get(accuracy) = %v, want 0.75 (the first key, acc2)", v)
		}
	}
}
