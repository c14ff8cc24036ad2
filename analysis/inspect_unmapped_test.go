package analysis

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/sabench/sabench-stats/bootstrap"
	"github.com/sabench/sabench-stats/ingest/inspect"
)

// inspectRow is one epoch's row of scorer "s" with the value as written.
func inspectRow(id string, epoch int, value string) inspect.Row {
	r := inspect.Row{Log: "l.eval", Task: "t", SampleID: inspect.NumberID(id), Epoch: epoch, Scorer: "s", Score: math.NaN()}
	if value != "" {
		r.Value = json.RawMessage(value)
		if f, ok := inspect.ValueToFloat(r.Value); ok {
			r.Score, r.Scored = f, true
		}
	}
	return r
}

// A value value_to_float cannot map counts 0 in Inspect's metrics (with a warning), a null
// (Inspect's unscored NaN) is left out. Samples 1 ("C"), 2 ("maybe") and 3 (null): the mean
// is over samples 1 and 2, (1 + 0)/2 = 0.5, and the stderr sd([1, 0], ddof=1)/√2 = 0.5.
func TestInspectMetricsUnmappedCountZero(t *testing.T) {
	rows := []inspect.Row{inspectRow("1", 1, `"C"`), inspectRow("2", 1, `"maybe"`), inspectRow("3", 1, `null`)}
	ms, err := InspectMetrics(&inspect.Header{}, rows)
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) != 1 {
		t.Fatalf("%d metrics: %+v", len(ms), ms)
	}
	m := ms[0]
	if m.Scorer != "s" || m.Reducer != "mean" || m.Samples != 2 || m.Rows != 2 || m.AsZero != 1 || m.Mean != 0.5 || m.Stderr != 0.5 {
		t.Errorf("%+v, want 2 samples, 2 rows, 1 as zero, mean 0.5, stderr 0.5", m)
	}
	// The rows given are not changed: the unmapped row stays unscored for every other
	// statistic.
	if rows[1].Scored || !math.IsNaN(rows[1].Score) {
		t.Errorf("row 2 changed: %+v", rows[1])
	}
}

// One sample: Inspect's stderr() is 0, not NaN. Sample 1 has epochs "C" and "I": mean 0.5.
func TestInspectMetricsOneSample(t *testing.T) {
	ms, err := InspectMetrics(&inspect.Header{}, []inspect.Row{inspectRow("1", 1, `"C"`), inspectRow("1", 2, `"I"`)})
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) != 1 || ms[0].Samples != 1 || ms[0].Rows != 2 || ms[0].Mean != 0.5 || ms[0].Stderr != 0 {
		t.Errorf("%+v, want 1 sample, 2 rows, mean 0.5, stderr 0", ms)
	}
}

// failuresOf sorts a scorer's unscored rows by cause, hand-counted: log l.eval ran the
// scorer (row 1 scored); its rows 2 (an error), 3 and 6 (null), 4 ("maybe"), 5 and 7 (no
// value) are one errored, four unscored and one unmapped (unequal counts of each kind, so
// that no two kinds can trade places unseen); log m.eval never scored with it, so its row
// without a value is not a left-out sample-epoch, but its errored row is. Three rows hit a
// limit, of two kinds. Another scorer's row counts nowhere.
func TestInspectFailuresByCause(t *testing.T) {
	at := func(r inspect.Row, log, errMsg, limit string) inspect.Row {
		r.Log, r.Error, r.Limit = log, errMsg, limit
		return r
	}
	other := inspectRow("9", 1, `"I"`)
	other.Scorer = "other"
	rows := []inspect.Row{
		at(inspectRow("1", 1, `"C"`), "l.eval", "", "token"),
		at(inspectRow("2", 1, ""), "l.eval", "boom", ""),
		at(inspectRow("3", 1, `null`), "l.eval", "", "token"),
		at(inspectRow("4", 1, `"maybe"`), "l.eval", "", "time"),
		at(inspectRow("5", 1, ""), "l.eval", "", ""),
		at(inspectRow("6", 1, `null`), "l.eval", "", ""),
		at(inspectRow("7", 1, ""), "l.eval", "", ""),
		at(inspectRow("1", 1, ""), "m.eval", "", ""),
		at(inspectRow("2", 1, ""), "m.eval", "boom", ""),
		at(other, "l.eval", "boom", "token"),
	}
	f := failuresOf(rows, "s")
	if f.Errored != 2 || f.Unscored != 4 || f.Unmapped != 1 || f.Limited != 3 || len(f.Limits) != 2 || f.Limits[0] != "time" || f.Limits[1] != "token" {
		t.Errorf("%+v, want 2 errored, 4 unscored, 1 unmapped, 3 limited of [time token]", f)
	}
}

// The interval description the Inspect tables and data files print: samples or their
// clusters, and the seed used (the default when none is given).
func TestInspectIntervalsSpec(t *testing.T) {
	s := InspectIntervals(StatOptions{}, "")
	if s.Unit != "samples" || s.Seed != bootstrap.DefaultSeed {
		t.Errorf("%+v, want unit samples and the default seed %d", s, bootstrap.DefaultSeed)
	}
	s = InspectIntervals(StatOptions{Seed: 7}, "template")
	if s.Unit != "clusters of samples sharing metadata.template" || s.Seed != 7 {
		t.Errorf("%+v, want unit clusters of metadata.template and seed 7", s)
	}
}
