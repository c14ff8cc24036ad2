package job

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest/inspect"
	"github.com/sabench/sabench-stats/ingest/inspect/inspecttest"
	"github.com/sabench/sabench-stats/ingest/paths"
)

const inspectLogs = "../../ingest/inspect/testdata/logs"

// TestInspectCheckMetrics: the samples summary says whether the rows reproduce each log's
// header metrics, and names a header value they do not reproduce.
func TestInspectCheckMetrics(t *testing.T) {
	o := Defaults()
	o.Workers = 2
	in, err := o.ReadInspect([]string{inspectLogs + "/log_streaming.eval"})
	if err != nil {
		t.Fatal(err)
	}
	if got := in.checkMetrics(); got != "samples: the rows reproduce the header's accuracy and stderr for 1 of 1 logs with both\n" {
		t.Errorf("%q", got)
	}
	// A header that disagrees with its samples (accuracy 0.75 in the log).
	in.Logs[0].Results.Scores[0].Metrics[0].Value = 0.5
	got := in.checkMetrics()
	if !strings.Contains(got, "match accuracy (epochs reduced by mean) is 0.5 in the header, 0.75 from the rows") || !strings.Contains(got, "for 0 of 1 logs") {
		t.Errorf("%q", got)
	}
	// The same log reduced by mode and pass_at_2, as Inspect writes it: one results
	// entry per reducer, each naming it. Samples 1 (I, C) and 2 (C, C): mode 0 and 1
	// (sample 1's tie goes to its first value), mean 0.5, stderr 0.5; pass_at_2 1 and 1.
	l := &in.Logs[0].Header
	l.Eval.Config.EpochsReducer = []string{"mode", "pass_at_2"}
	entry := func(reducer string, acc, se float64) inspect.EvalScore {
		return inspect.EvalScore{Name: "match", Scorer: "match", Reducer: reducer,
			Metrics: inspect.Metrics{{Name: "accuracy", Value: acc}, {Name: "stderr", Value: se}}}
	}
	l.Results.Scores = []inspect.EvalScore{entry("mode", 0.5, 0.5), entry("pass_at_2", 1, 0)}
	if got := in.checkMetrics(); got != "samples: "+inspectLogs+"/log_streaming.eval: its header's metrics reduce each sample's epochs by a reducer other than the mean, so they need not be the mean of the rows: match accuracy 0.5 by mode, 0.75 as the mean of its scored rows; match accuracy 1 by pass_at_2, 0.75 as the mean of its scored rows\n"+
		"samples: the rows reproduce the header's accuracy and stderr for 1 of 1 logs with both\n" {
		t.Errorf("reducers: %q", got)
	}
	l.Results.Scores[0].Metrics[0].Value = 0.25
	if got := in.checkMetrics(); !strings.Contains(got, "match accuracy (epochs reduced by mode) is 0.25 in the header, 0.5 from the rows") {
		t.Errorf("reducers: %q", got)
	}
	// A reducer this tool does not know is named, and the log left unchecked.
	l.Eval.Config.EpochsReducer = []string{"trimmed_mean"}
	if got := in.checkMetrics(); !strings.Contains(got, `header metrics not checked: epochs reducer "trimmed_mean" is not one this tool reproduces`) {
		t.Errorf("unknown reducer: %q", got)
	}
}

func TestMetadataKey(t *testing.T) {
	if k, err := MetadataKey("by", "metadata.category"); err != nil || k != "category" {
		t.Errorf("%q %v", k, err)
	}
	for _, bad := range []string{"category", "metadata.", "meta.x"} {
		if _, err := MetadataKey("by", bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// TestInspectDictScores rewrites the streaming log (samples 1 and 2, two epochs each,
// scorer match: I then C, C and C) as a dict-valued scorer, the way Inspect writes one:
// each score's value {"correct": <the value>, "half": 0.5}, and one results entry per key,
// named by the key with the scorer beside it. The samples rows are match.correct and
// match.half, and they reproduce the per-key metrics: correct 0.75 ± 0.25 (the log's own),
// half 0.5 ± 0.
func TestInspectDictScores(t *testing.T) {
	data := inspecttest.RewriteFile(t, inspectLogs+"/log_streaming.eval", func(name string, data []byte) []byte {
		var doc map[string]any
		switch {
		case strings.HasPrefix(name, "samples/"):
			if err := json.Unmarshal(data, &doc); err != nil {
				t.Fatal(err)
			}
			m := doc["scores"].(map[string]any)["match"].(map[string]any)
			m["value"] = map[string]any{"correct": m["value"], "half": 0.5}
			data, _ = json.Marshal(doc)
		case name == "header.json":
			if err := json.Unmarshal(data, &doc); err != nil {
				t.Fatal(err)
			}
			entry := func(key string, acc, se float64) map[string]any {
				return map[string]any{"name": key, "scorer": "match", "params": map[string]any{}, "metrics": map[string]any{
					"accuracy": map[string]any{"name": "accuracy", "value": acc},
					"stderr":   map[string]any{"name": "stderr", "value": se}}}
			}
			doc["results"].(map[string]any)["scores"] = []any{entry("correct", 0.75, 0.25), entry("half", 0.5, 0)}
			data, _ = json.Marshal(doc)
		case name == "summaries.json" || name == "reductions.json" || strings.HasPrefix(name, "_journal/summaries/"):
			return nil // not read once there are sample members; left out rather than rewritten
		}
		return data
	})
	path := filepath.Join(t.TempDir(), "dict.eval")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	o := Defaults()
	in, err := o.ReadInspect([]string{path})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range in.Rows {
		got = append(got, fmt.Sprintf("%s:%d:%s=%s", r.SampleID, r.Epoch, r.Scorer, r.Value))
	}
	want := `1:1:match.correct="I" 1:1:match.half=0.5 1:2:match.correct="C" 1:2:match.half=0.5 ` +
		`2:1:match.correct="C" 2:1:match.half=0.5 2:2:match.correct="C" 2:2:match.half=0.5`
	if strings.Join(got, " ") != want {
		t.Errorf("rows:\n%s\nwant\n%s", strings.Join(got, " "), want)
	}
	if got := in.checkMetrics(); got != "samples: the rows reproduce the header's accuracy and stderr for 1 of 1 logs with both\n" {
		t.Errorf("%q", got)
	}
}

// TestInspectLogReadTwice: a copy of a log beside it (the same bytes under another name),
// or the same evaluation rewritten (the same eval id; for a log without one, the same run,
// task id and model), was pooled with it: the leaderboard
// counted each sample's epochs twice (log_read_sample.eval and a copy: 1 sample, 2 scored
// epochs, 2 logs) and samples listed every row twice. Each is refused, naming both files.
func TestInspectLogReadTwice(t *testing.T) {
	src := filepath.Join(inspectLogs, "log_read_sample.eval")
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cp := filepath.Join(dir, "copy.eval")
	if err := os.WriteFile(cp, data, 0o644); err != nil {
		t.Fatal(err)
	}
	// The same members written again: other bytes, the same eval id (C3pqnFnsCUx6ZpmsRU9Ape).
	rewritten := filepath.Join(dir, "rewritten.eval")
	if err := os.WriteFile(rewritten, inspecttest.Rewrite(t, data, nil), 0o644); err != nil {
		t.Fatal(err)
	}
	// mj7k, of an Inspect version that wrote no eval id, without its sample members: the
	// same run, task id and model (its summaries stand for the samples).
	mj7k := filepath.Join(inspectLogs, "2025-02-11T15-18-04-05-00_popularity_mj7khqpMM4GBCfVQozKgzB.eval")
	noSamples := inspecttest.RewriteFile(t, mj7k, func(name string, data []byte) []byte {
		if strings.HasPrefix(name, "samples/") {
			return nil
		}
		return data
	})
	summaries := filepath.Join(dir, "summaries.eval")
	if err := os.WriteFile(summaries, noSamples, 0o644); err != nil {
		t.Fatal(err)
	}
	o := Defaults()
	for _, c := range []struct{ src, other, want string }{
		{src, cp, "the same bytes, SHA-256 b5a30c045a3e1af75013f98310c2cc862ea671854692266fe1b2a844417c1756"},
		{src, rewritten, "the same evaluation, eval id C3pqnFnsCUx6ZpmsRU9Ape"},
		{mj7k, summaries, "the same evaluation, run id 2wRuCQ9hGYaGPyAdoobgYV, task id mj7khqpMM4GBCfVQozKgzB, model openai/gpt-4o-mini"},
	} {
		_, err := o.ReadInspect([]string{c.src, c.other})
		// Read in the order of where the files are (paths.Distinct): the second is refused.
		order := paths.Distinct([]string{c.src, c.other})
		want := fmt.Sprintf("%s: the same log as %s (%s): read twice, its samples would count twice", order[1], order[0], c.want)
		if err == nil || err.Error() != want {
			t.Errorf("got %v\nwant %s", err, want)
		}
	}
	// Inspect's test logs, all of them: no two are the same log.
	if _, err := o.ReadInspect([]string{inspectLogs}); err != nil {
		t.Error(err)
	}
}
