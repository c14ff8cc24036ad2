package job

import (
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest/inspect"
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
	if got := in.checkMetrics(); got != "samples: the rows reproduce the header's accuracy and stderr for 1 of 1 logs with both\n" {
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
