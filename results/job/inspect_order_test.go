package job

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInspectJSONLogRowsInIDEpochOrder: Inspect writes a .json log's samples by epoch,
// then id; the rows came in that order, while the same log as .eval gives them in
// (sample id, epoch) order, so the samples output of one log differed with its form. A
// log's rows are in (sample id, epoch) order now, numeric ids by value.
func TestInspectJSONLogRowsInIDEpochOrder(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join(inspectLogs, "2025-05-12T20-28-13-04-00_popularity.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	base := doc["samples"].([]any)
	var samples []any
	for epoch := 1; epoch <= 2; epoch++ {
		for i, id := range []int{1, 2, 10} {
			var s map[string]any
			b, _ := json.Marshal(base[i])
			if err := json.Unmarshal(b, &s); err != nil {
				t.Fatal(err)
			}
			s["id"], s["epoch"] = id, epoch
			delete(s, "uuid")
			samples = append(samples, s)
		}
	}
	doc["samples"] = samples
	out, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "by-epoch.json")
	if err := os.WriteFile(path, out, 0o644); err != nil {
		t.Fatal(err)
	}
	o := Defaults()
	in, err := o.ReadInspect([]string{path})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range in.Rows {
		got = append(got, fmt.Sprintf("%s/%d", r.SampleID, r.Epoch))
	}
	if want := "1/1 1/2 2/1 2/2 10/1 10/2"; strings.Join(got, " ") != want {
		t.Errorf("rows %s, want %s", strings.Join(got, " "), want)
	}
}
