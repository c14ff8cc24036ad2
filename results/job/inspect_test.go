package job

import (
	"strings"
	"testing"
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
	if !strings.Contains(got, "match accuracy is 0.5 in the header, 0.75 from the rows") || !strings.Contains(got, "for 0 of 1 logs") {
		t.Errorf("%q", got)
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
