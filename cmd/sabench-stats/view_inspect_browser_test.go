package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/sabench/sabench-stats/ingest/inspect/inspecttest"
)

// An episode's page in the viewer of Inspect logs names the sample it was read from (its
// id, epoch, log, member and uuid), so that a reader can open it in Inspect's viewer; the
// page said nothing of it. The log is one of Inspect's own, its sample relabelled as a
// SafeActBench case.
func TestViewerNamesTheInspectSample(t *testing.T) {
	t.Parallel()
	chromiumPath(t)
	log := filepath.Join(t.TempDir(), "relabelled.eval")
	data := inspecttest.RewriteFile(t, filepath.Join("..", "..", "ingest", "inspect", "testdata", "logs", "log_message_deduplication.eval"),
		inspecttest.Samples(t, func(_ string, s map[string]any) {
			md, _ := s["metadata"].(map[string]any)
			if md == nil {
				md = map[string]any{}
			}
			md["case_id"] = "SAB-V1-001"
			s["metadata"] = md
		}))
	if err := os.WriteFile(log, data, 0o644); err != nil {
		t.Fatal(err)
	}
	page := buildViewer(t, "--bench", "builtin", "--inspect", log)
	b, stop := newBrowser(t)
	defer stop()
	b.open(t, page, "run=hardcoded%2Fhardcoded%2Fuse_tools%20%E2%86%92%20generate%7CSAB-V1-001%7C0%7Cmain", "#ep-title")
	b.rendered(t)
	want := "Read from Inspect: sample 0, epoch 1 of log " + log + " (member samples/0_epoch_1.json, uuid 5XJAqKPKGtzrXUZ3UhthJM); open the log in Inspect's viewer to see the sample as Inspect recorded it."
	if got := b.text(t, "#ep-inspect"); got != want {
		t.Errorf("the episode's page says\n%q\nwant\n%q", got, want)
	}
}
