package job

import (
	"encoding/json"
	"fmt"
	"os"
	"testing"

	"github.com/sabench/sabench-stats/ingest/inspect/inspecttest"
)

// TestInspectKeysOfDictScoresFilled: a run that stopped on an error writes no results,
// which is where Inspect names a dict-valued scorer's keys; a sample whose value lacked a
// key the others have then had no row for it, so the samples output of mj7k so altered
// (status error, a "judge" score {"accuracy", "f1"} on every sample, sample 4's without
// "f1") had 29 rows, not 10 samples × 3 scorers. Sample 4 now has a judge.f1 row, unscored.
func TestInspectKeysOfDictScoresFilled(t *testing.T) {
	log := rewriteLog(t, "2025-02-11T15-18-04-05-00_popularity_mj7khqpMM4GBCfVQozKgzB.eval", func(member string, doc map[string]any) {
		var id int
		fmt.Sscanf(member, "samples/%d_epoch_1.json", &id)
		v := map[string]any{"accuracy": "C", "f1": 0.5}
		if id == 4 {
			delete(v, "f1")
		}
		doc["scores"].(map[string]any)["judge"] = map[string]any{"value": v}
	})
	data := rewriteHeader(t, log, func(h map[string]any) {
		h["status"] = "error"
		delete(h, "results")
	})
	o := Defaults()
	in, err := o.ReadInspect([]string{data})
	if err != nil {
		t.Fatal(err)
	}
	if len(in.Rows) != 30 {
		t.Fatalf("%d rows, want 30", len(in.Rows))
	}
	var got []string
	for _, r := range in.Rows {
		if r.SampleID.String() == "4" {
			got = append(got, fmt.Sprintf("%s:%s:%v", r.Scorer, r.Value, r.Scored))
		}
	}
	if want := `[judge.accuracy:"C":true judge.f1::false match:"C":true]`; fmt.Sprint(got) != want {
		t.Errorf("sample 4: %v, want %s", got, want)
	}
}

// rewriteHeader rewrites the header.json of the .eval log at path in place, passed
// through edit as a JSON document, and returns path.
func rewriteHeader(t *testing.T, path string, edit func(h map[string]any)) string {
	t.Helper()
	data := inspecttest.RewriteFile(t, path, func(name string, b []byte) []byte {
		if name != "header.json" {
			return b
		}
		var h map[string]any
		if err := json.Unmarshal(b, &h); err != nil {
			t.Fatal(err)
		}
		edit(h)
		out, err := json.Marshal(h)
		if err != nil {
			t.Fatal(err)
		}
		return out
	})
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
