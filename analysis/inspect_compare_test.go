package analysis

import (
	"encoding/json"
	"fmt"
	"math"
	"path/filepath"
	"testing"

	"github.com/sabench/sabench-stats/ingest/inspect"
)

// The scored popularity log (gpt-4o-mini, samples 1–10, epoch 1) against the streaming
// log (Llama 3.1 405B, samples 1–2, epochs 1–2). Shared: samples 1 and 2. gpt-4o-mini
// scores C, C; Llama scores sample 1 I then C (mean 0.5, majority fails on the tie) and
// sample 2 C, C. Δ = (1 + 1)/2 − (0.5 + 1)/2 = 0.25; discordant 1–0, McNemar p = 1.
func TestCompareInspectRealLogs(t *testing.T) {
	_, ra := inspectRows(t, filepath.Join(inspectLogs, "2025-02-11T15-18-04-05-00_popularity_mj7khqpMM4GBCfVQozKgzB.eval"))
	_, rb := inspectRows(t, filepath.Join(inspectLogs, "log_streaming.eval"))
	o := DefaultStatOptions()
	o.Resamples = 2000
	ds, err := CompareInspect(InspectArm{Name: "a", Rows: ra}, InspectArm{Name: "b", Rows: rb}, InspectCompareOptions{}, o)
	if err != nil {
		t.Fatal(err)
	}
	if len(ds) != 1 {
		t.Fatalf("%d scorers", len(ds))
	}
	d := ds[0]
	if d.Scorer != "match" || d.Cases != 2 || d.UnpairedA != 8 || d.UnpairedB != 0 || d.MeanA != 1 || d.MeanB != 0.75 || d.X != 0.25 {
		t.Errorf("%+v", d)
	}
	if !d.Binary || d.WinsA != 1 || d.WinsB != 0 || d.McNemarP != 1 || d.Test != "McNemar" || d.PAdj != 1 {
		t.Errorf("McNemar %+v", d)
	}
	// Two units: the resampled Δ is 0 (both draws of one sample) or 0.5 or 0.25.
	if d.Units != 2 || d.Lo != 0 || d.Hi != 0.5 {
		t.Errorf("interval [%v, %v] over %d units", d.Lo, d.Hi, d.Units)
	}
}

// synthRows builds rows for one arm: values[i] are sample i's epoch scores.
func synthRows(scorer string, values [][]float64, group func(i int) string) []inspect.Row {
	var rows []inspect.Row
	for i, eps := range values {
		md := map[string]json.RawMessage{}
		if group != nil {
			md["g"] = json.RawMessage(fmt.Sprintf("%q", group(i)))
		}
		for e, v := range eps {
			rows = append(rows, inspect.Row{SampleID: inspect.NumberID(fmt.Sprint(i + 1)), Epoch: e + 1, Scorer: scorer,
				Value: json.RawMessage(fmt.Sprint(v)), Score: v, Scored: !math.IsNaN(v), Metadata: md})
		}
	}
	return rows
}

func TestCompareInspectNonBinaryClustered(t *testing.T) {
	a := [][]float64{{0.2}, {0.9}, {0.4}, {0.7}, {1}, {0.3}}
	b := [][]float64{{0.1}, {0.5}, {0.4}, {0.2}, {0.5}, {0.3}}
	group := func(i int) string { return fmt.Sprint("c", i/2) } // three clusters of two
	o := DefaultStatOptions()
	o.Resamples = 1000
	run := func(workers int, key string) InspectDiff {
		o.Workers = workers
		ds, err := CompareInspect(InspectArm{Rows: synthRows("s", a, group)}, InspectArm{Rows: synthRows("s", b, group)}, InspectCompareOptions{ClusterBy: key}, o)
		if err != nil {
			t.Fatal(err)
		}
		return ds[0]
	}
	d := run(1, "")
	// Δ = mean(0.1, 0.4, 0, 0.5, 0.5, 0) = 1.5/6.
	if math.Abs(d.X-0.25) > 1e-15 || d.Binary || d.Test != "bootstrap" || !math.IsNaN(d.McNemarP) || d.Units != 6 || d.PTest != d.P {
		t.Errorf("%+v", d)
	}
	if d2 := run(4, ""); d2.Lo != d.Lo || d2.Hi != d.Hi || d2.P != d.P {
		t.Errorf("workers change the interval: %v %v vs %v %v", d.Lo, d.Hi, d2.Lo, d2.Hi)
	}
	c := run(1, "g")
	if c.Units != 3 || c.X != d.X {
		t.Errorf("clustered %+v", c)
	}
	if _, err := CompareInspect(InspectArm{Rows: synthRows("s", a, nil)}, InspectArm{Rows: synthRows("s", b, nil)}, InspectCompareOptions{ClusterBy: "g"}, o); err == nil {
		t.Error("missing cluster key accepted")
	}
}

// TestCompareInspectCountsIDsOfTheOtherType: samples "1".."3" (strings) against 1..3
// (numbers) do not pair, as in Inspect; the comparison now counts them (OtherType), so
// that the table can say why nothing was shared.
func TestCompareInspectCountsIDsOfTheOtherType(t *testing.T) {
	a := synthRows("s", [][]float64{{1}, {0}, {1}, {1}}, nil)
	b := synthRows("s", [][]float64{{1}, {1}, {0}}, nil)
	for i := range b {
		b[i].SampleID = inspect.StringID(b[i].SampleID.String())
	}
	o := DefaultStatOptions()
	o.Resamples = 0
	ds, err := CompareInspect(InspectArm{Rows: a}, InspectArm{Rows: b}, InspectCompareOptions{}, o)
	if err != nil {
		t.Fatal(err)
	}
	if d := ds[0]; d.Cases != 0 || d.UnpairedA != 4 || d.UnpairedB != 3 || d.OtherType != 3 {
		t.Errorf("shared %d, only A %d, only B %d, other type %d; want 0, 4, 3, 3", d.Cases, d.UnpairedA, d.UnpairedB, d.OtherType)
	}
}
