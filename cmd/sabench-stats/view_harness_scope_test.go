package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
)

// TestViewHarnessLinkNamesWhatWasRun: on a bench whose V3 cases nobody ran, the
// harness_differences figure's title names V0, V1 and V2, but the viewer's link under it
// said "it plots the V0–V3 cases"; it names what the figure plots.
func TestViewHarnessLinkNamesWhatWasRun(t *testing.T) {
	t.Parallel()
	var eps []*ingest.Episode
	for _, ep := range subsetEpisodes(t) {
		if p, ok := ingest.ProtocolFromID(ep.CaseID); !ok || p != ingest.V3 {
			eps = append(eps, ep)
		}
	}
	page := filepath.Join(t.TempDir(), "index.html")
	mustRun(t, "view", "--bench", "builtin", "--runs", writeRuns(t, eps), "--out", page, "--resamples", "0")
	b, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "it plots the V0, V1 and V2 cases both configurations of a model ran") || strings.Contains(string(b), "it plots the V0–V3 cases") {
		t.Errorf("the harness figure's link does not name V0, V1 and V2 alone")
	}
}
