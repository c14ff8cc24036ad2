package analysis

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest/inspect"
)

const inspectLogs = "../ingest/inspect/testdata/logs"

// inspectRows reads one log's rows.
func inspectRows(t testing.TB, file string) (*inspect.Log, []inspect.Row) {
	t.Helper()
	log, samples, err := inspect.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	scorers := log.Scorers()
	var rows []inspect.Row
	for _, s := range samples {
		rows = append(rows, inspect.Rows(log, scorers, s)...)
	}
	return log, rows
}

// TestInspectMetricsMatchHeaders recomputes every shared log's accuracy and stderr from
// its rows and compares them with what Inspect wrote in the log's results: the plain mean
// of the rows, and the Inspect stderr over epoch-reduced samples.
func TestInspectMetricsMatchHeaders(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(inspectLogs, "*"))
	checked := 0
	for _, f := range files {
		if !inspect.IsLogFileName(f) {
			continue
		}
		log, rows := inspectRows(t, f)
		ms, err := InspectMetrics(&log.Header, rows)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if log.Results == nil {
			continue
		}
		for _, es := range log.Results.Scores {
			acc, ok := es.Metrics.Get("accuracy")
			se, ok2 := es.Metrics.Get("stderr")
			if !ok || !ok2 {
				continue
			}
			var m *InspectMetric
			for i := range ms {
				if ms[i].Scorer == es.Scorer {
					m = &ms[i]
				}
			}
			if log.Samples == 0 {
				continue // the no-samples log: its header only (checked below from reductions)
			}
			if m == nil {
				t.Errorf("%s: no rows for scorer %s", f, es.Scorer)
				continue
			}
			var sum float64
			n := 0
			for _, r := range rows {
				if r.Scorer == es.Scorer && r.Scored {
					sum += r.Score
					n++
				}
			}
			if math.Abs(sum/float64(n)-acc) > 1e-12 || math.Abs(m.Mean-acc) > 1e-12 || math.Abs(m.Stderr-se) > 1e-12 {
				t.Errorf("%s %s: row mean %v, reduced mean %v, stderr %v; header accuracy %v stderr %v", filepath.Base(f), es.Scorer, sum/float64(n), m.Mean, m.Stderr, acc, se)
			}
			checked++
		}
	}
	// Logs with results and samples: mj7k, popularity.json, log_formats, dedup,
	// log_read_sample, log_streaming.
	if checked != 6 {
		t.Errorf("checked %d scorers, want 6", checked)
	}
}

// TestInspectRowCounts: rows = samples × epochs × scorers, for every shared log.
func TestInspectRowCounts(t *testing.T) {
	want := map[string]int{ // samples × epochs × scorers, from each header
		"2025-02-11T15-17-00-05-00_popularity_dPiJifoWeEQBrfWsAopzWr.eval": 10 * 1 * 1,
		"2025-02-11T15-18-04-05-00_popularity_mj7khqpMM4GBCfVQozKgzB.eval": 10 * 1 * 1,
		"2025-05-12T20-28-13-04-00_popularity.json":                        3 * 1 * 1,
		"2025-05-12T20-28-13-04-00_no-samples.json":                        0,
		"log_formats.eval":               1 * 1 * 1,
		"log_message_deduplication.eval": 1 * 1 * 1,
		"log_read_sample.eval":           1 * 1 * 1,
		"log_streaming.eval":             2 * 2 * 1,
	}
	for name, n := range want {
		log, rows := inspectRows(t, filepath.Join(inspectLogs, name))
		if len(rows) != n || len(rows) != log.Samples*len(log.Scorers()) {
			t.Errorf("%s: %d rows, want %d (%d samples × %d scorers)", name, len(rows), n, log.Samples, len(log.Scorers()))
		}
	}
}

// TestInspectClusteredStderr gives the streaming log's stderr a cluster key through its
// scorer spec and checks Inspect's clustered formula by hand.
func TestInspectClusteredStderr(t *testing.T) {
	log, rows := inspectRows(t, filepath.Join(inspectLogs, "log_streaming.eval"))
	log.Eval.Scorers = []inspect.ScorerSpec{{Name: "match", Metrics: json.RawMessage(`[{"name":"inspect_ai/accuracy","options":{}},{"name":"inspect_ai/stderr","options":{"cluster":"label_confidence"}}]`)}}
	ms, err := InspectMetrics(&log.Header, rows)
	if err != nil {
		t.Fatal(err)
	}
	// Reduced: sample 1 → 0.5, sample 2 → 1, each its own cluster (distinct
	// label_confidence): mean 0.75, residuals −0.25 and 0.25, C = 2:
	// √(2/1 · (0.0625 + 0.0625)) / 2 = 0.25.
	if ms[0].Cluster != "label_confidence" || math.Abs(ms[0].Stderr-0.25) > 1e-15 {
		t.Errorf("%+v", ms[0])
	}
	// A sample without the key is an error, as in Inspect.
	for i := range rows {
		rows[i].Metadata = nil
	}
	if _, err := InspectMetrics(&log.Header, rows); err == nil {
		t.Error("missing cluster metadata accepted")
	}
	log.Eval.Config.EpochsReducer = []string{"mean", "trimmed_mean"}
	if _, err := InspectMetrics(&log.Header, rows); err == nil || !strings.Contains(err.Error(), `"trimmed_mean"`) {
		t.Errorf("unknown reducer: %v", err)
	}
}

// The no-samples log carries reductions: their mean is the header's accuracy.
func TestInspectNoSamplesReductions(t *testing.T) {
	b, _ := os.ReadFile(filepath.Join(inspectLogs, "2025-05-12T20-28-13-04-00_no-samples.json"))
	if !bytes.Contains(b, []byte(`"reductions"`)) {
		t.Fatal("fixture changed")
	}
	log, _ := inspectRows(t, filepath.Join(inspectLogs, "2025-05-12T20-28-13-04-00_no-samples.json"))
	var sum float64
	for _, s := range log.Reductions[0].Samples {
		v, _ := inspect.ValueToFloat(s.Value)
		sum += v
	}
	acc, _ := log.Results.Scores[0].Metrics.Get("accuracy")
	if got := sum / float64(len(log.Reductions[0].Samples)); math.Abs(got-acc) > 1e-12 {
		t.Errorf("reductions mean %v, accuracy %v", got, acc)
	}
}

func TestMetadataText(t *testing.T) {
	md := map[string]json.RawMessage{"s": json.RawMessage(`"a b"`), "n": json.RawMessage(`0.5`), "o": json.RawMessage("{\n  \"foo\": \"bar\"\n}")}
	for k, want := range map[string]string{"s": "a b", "n": "0.5", "o": `{"foo":"bar"}`} {
		if got, ok := MetadataText(md, k); !ok || got != want {
			t.Errorf("%s: %q, want %q", k, got, want)
		}
	}
	if _, ok := MetadataText(md, "missing"); ok {
		t.Error("a missing key found")
	}
}
