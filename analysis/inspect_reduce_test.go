package analysis

import (
	"encoding/json"
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest/inspect"
)

// epochs makes epoch values from JSON texts.
func epochs(t *testing.T, raws ...string) []epochValue {
	t.Helper()
	var out []epochValue
	for _, r := range raws {
		f, ok := inspect.ValueToFloat(json.RawMessage(r))
		if !ok {
			t.Fatalf("%s is not scored", r)
		}
		out = append(out, epochValue{raw: r, float: f})
	}
	return out
}

// TestReducers checks each reducer against values worked out by hand from its
// definition in Inspect's src/inspect_ai/scorer/_reducer/reducer.py (mean_score,
// median_score, mode_score, max_score, at_least, pass_at, pass_k, with the default
// threshold value=1.0 and value_to_float's C=1, I=0, P=0.5).
func TestReducers(t *testing.T) {
	cases := []struct {
		reducer string
		values  []string
		want    float64
	}{
		{"mean", []string{`"C"`, `"I"`, `"C"`}, 2.0 / 3},
		{"median", []string{`"C"`, `"I"`, `"C"`}, 1},
		{"median", []string{`0`, `1`, `1`, `0.5`}, 0.75},          // statistics.median: the mean of 0.5 and 1
		{"median", []string{`1`, `0`, `"C"`, `0.25`, `"P"`}, 0.5}, // sorted 0, 0.25, 0.5, 1, 1: the third
		{"median", []string{`0.75`}, 0.75},
		{"mode", []string{`"C"`, `"I"`, `"C"`}, 1},
		{"mode", []string{`0`, `1`, `"P"`, `1`}, 1}, // the most common value, not the first seen
		{"mode", []string{`"I"`, `"P"`, `"C"`, `"P"`}, 0.5},
		{"mode", []string{`0`, `1`, `1`, `0`}, 0},               // a tie: most_common(1) keeps the first seen
		{"mode", []string{`1`, `0`, `0`, `1`}, 1},               // the same tie the other way
		{"mode", []string{`true`, `"P"`, `1.0`, `"P"`, `1`}, 1}, // True == 1 == 1.0 in a Counter: 3 against 2
		{"mode", []string{`"P"`, `0.5`, `0.5`, `"P"`, `0`}, 0.5},
		{"max", []string{`"I"`, `"P"`, `0.25`}, 0.5},
		{"max", []string{`"C"`, `0`, `0.5`}, 1},                 // the first value the largest
		{"mode", []string{`0.251`, `0.252`, `0.3`, `0.3`}, 0.3}, // numbers told apart by every digit
		{"at_least_2", []string{`"C"`, `"I"`, `"C"`}, 1},
		{"at_least_3", []string{`"C"`, `"I"`, `"C"`}, 0},
		{"at_least_1", []string{`0.5`, `"P"`}, 0}, // 0.5 is below the threshold 1.0
		// pass_at(k): n = 3 values, c = 2 at 1 or more; k = 1: 1 − (1 − 1/2)(1 − 1/3) = 2/3;
		// k = 2: n − c = 1 < k, so 1; k = 4 > n: NaN.
		{"pass_at_1", []string{`"C"`, `"I"`, `"C"`}, 2.0 / 3},
		{"pass_at_2", []string{`"C"`, `"I"`, `"C"`}, 1},
		{"pass_at_4", []string{`"C"`, `"I"`, `"C"`}, math.NaN()},
		// n = 5, c = 2, k = 2: 1 − (1 − 2/4)(1 − 2/5) = 1 − 0.5 · 0.6 = 0.7.
		{"pass_at_2", []string{`"C"`, `"I"`, `"I"`, `"C"`, `"I"`}, 0.7},
		// pass_k(k) = C(c, k) / C(n, k): C(2, 2) / C(3, 2) = 1/3; C(2, 2)/C(5, 2) = 0.1.
		{"pass_k_2", []string{`"C"`, `"I"`, `"C"`}, 1.0 / 3},
		{"pass_k_2", []string{`"C"`, `"I"`, `"I"`, `"C"`, `"I"`}, 0.1},
		{"pass_k_3", []string{`"C"`, `"C"`}, math.NaN()},
	}
	for _, c := range cases {
		r, err := parseReducer(c.reducer)
		if err != nil {
			t.Fatal(err)
		}
		got := r.reduce(epochs(t, c.values...))
		if !(math.Abs(got-c.want) < 1e-12 || math.IsNaN(got) && math.IsNaN(c.want)) {
			t.Errorf("%s %v = %v, want %v", c.reducer, c.values, got, c.want)
		}
	}
	for _, bad := range []string{"trimmed_mean", "pass_at_0", "pass_at_x", "at_least", "best_of"} {
		if _, err := parseReducer(bad); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("%q", bad)) {
			t.Errorf("%s: %v", bad, err)
		}
	}
}

// TestInspectMetricsReducers: the streaming log (samples 1 and 2, two epochs each,
// scorer match: sample 1 I then C, sample 2 C and C) under other reducers, one metric
// per reducer, worked out by hand: mode takes sample 1's first value (a tie), I.
func TestInspectMetricsReducers(t *testing.T) {
	log, rows := inspectRows(t, filepath.Join(inspectLogs, "log_streaming.eval"))
	log.Eval.Config.EpochsReducer = []string{"max", "mode", "median", "at_least_2", "pass_at_2", "pass_k_2"}
	ms, err := InspectMetrics(&log.Header, rows)
	if err != nil {
		t.Fatal(err)
	}
	// Reduced per sample (1, 2), then mean and stderr = sd(ddof=1)/√2.
	want := map[string][2]float64{
		"max":        {1, 0},       // 1, 1
		"mode":       {0.5, 0.5},   // 0, 1
		"median":     {0.75, 0.25}, // 0.5, 1
		"at_least_2": {0.5, 0.5},   // 0, 1
		"pass_at_2":  {1, 0},       // n − c = 1 < 2: 1; 1
		"pass_k_2":   {0.5, 0.5},   // C(1,2)/C(2,2) = 0; 1
	}
	if len(ms) != len(want) {
		t.Fatalf("%d metrics: %+v", len(ms), ms)
	}
	for _, m := range ms {
		w, ok := want[m.Reducer]
		if !ok || m.Scorer != "match" || m.Samples != 2 || m.Rows != 4 || math.Abs(m.Mean-w[0]) > 1e-12 || math.Abs(m.Stderr-w[1]) > 1e-12 {
			t.Errorf("%+v, want mean %v stderr %v", m, w[0], w[1])
		}
	}
}
