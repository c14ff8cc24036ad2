package results

import (
	"os"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
)

// TestDataDictionary: docs/verdicts.md is what VerdictDictionary generates from the one
// column list (go test -update rewrites it), and it documents every episode field.
func TestDataDictionary(t *testing.T) {
	got, err := VerdictDictionary()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range episodeDocs {
		names = append(names, f.Name)
	}
	if want := ingest.EpisodeFields(); strings.Join(names, ",") != strings.Join(want, ",") {
		t.Errorf("episode fields documented %v, the format has %v", names, want)
	}
	for _, c := range VerdictColumns {
		if !strings.Contains(got, "| `"+c.Name+"` |") {
			t.Errorf("column %s missing from the dictionary", c.Name)
		}
	}
	const path = "../docs/verdicts.md"
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test ./results -run TestDataDictionary -update writes it)", err)
	}
	if string(want) != got {
		t.Errorf("%s is stale (go test ./results -run TestDataDictionary -update):\n%s", path, firstDiff(string(want), got))
	}
}
