package harness

import (
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
)

// TestConfigNamesTheReaderTakes: ingest wrote episodes under a --config that the episode
// reader refuses (white space at an end, an empty model or harness around the last "/"),
// so its own output could not be scored; each is refused before reading, with the
// reader's words, and a name the reader takes is written as given.
func TestConfigNamesTheReaderTakes(t *testing.T) {
	for _, c := range []string{"trail ", " lead", "/lead", "m/", "a/ "} {
		_, err := ReadBatchDir("testdata/batch", Options{Config: c})
		if err == nil || !strings.Contains(err.Error(), "--config: "+ingest.ConfigProblem(c)) || ingest.ConfigProblem(c) == "" {
			t.Errorf("--config %q: %v", c, err)
		}
		if err := (Options{Config: c}).CheckInspect(); err == nil {
			t.Errorf("Inspect, --config %q: taken", c)
		}
	}
	for _, c := range []string{"Llama 3.1 70B, temp=0.7", "a/b/c", "x<y>z/..", "-leading", "模型/A"} {
		res, err := ReadBatchDir("testdata/batch", Options{Config: c})
		if err != nil {
			t.Fatalf("--config %q: %v", c, err)
		}
		for _, ep := range res.Episodes {
			if ep.Config != c {
				t.Errorf("--config %q: episode of %q", c, ep.Config)
			}
			if p := ingest.ConfigProblem(ep.Config); p != "" {
				t.Errorf("--config %q: %s", c, p)
			}
		}
	}
}
