package harness_test

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/harness"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// TestInspectPlaceInExtra: an episode read from an Inspect log, given its place
// (PlaceInExtra, as ingest --inspect does), carries it (log, sample id, epoch, member) as
// extra.inspect_sample, beside the error of a sample that failed, and keeps it written to JSONL and to Parquet in either layout and read
// back, so that ingest --inspect's output leads back to the sample.
func TestInspectPlaceInExtra(t *testing.T) {
	_, files := writeInspectSubset(t, t.TempDir(), func(i int, ep *ingest.Episode) bool {
		return i%400 == 0 || ep.Status == ingest.StatusHarnessFailure
	})
	res, err := harness.ReadInspectFiles(files, harness.Options{Bench: builtinBench(t)})
	if err != nil {
		t.Fatal(err)
	}
	failed := 0
	for _, ep := range res.Episodes {
		harness.PlaceInExtra(ep)
		s := ep.Inspect
		want := fmt.Sprintf(`{"log":%q,"sample_id":%q,"epoch":%d,"member":%q}`, s.Log, s.ID, s.Epoch, s.Member)
		if got := string(jsonv.Marshal(mustGet(ep.Extra, "inspect_sample"))); got != want {
			t.Fatalf("%s: extra.inspect_sample %s, want %s", ep.RunID, got, want)
		}
		if ep.Status == ingest.StatusHarnessFailure {
			failed++
			if msg, _ := ep.Extra.String("inspect_error"); msg == "" {
				t.Errorf("%s: extra %s has no inspect_error", ep.RunID, jsonv.Marshal(ep.Extra))
			}
		}
	}
	if failed == 0 || len(res.Episodes) < 50 {
		t.Fatalf("%d episodes, %d failed: the subset misses a kind", len(res.Episodes), failed)
	}
	for _, f := range []struct{ format, layout, name string }{
		{ingest.FormatJSONL, "", "e.jsonl"},
		{ingest.FormatParquet, ingest.ParquetLayoutTyped, "typed.parquet"},
		{ingest.FormatParquet, ingest.ParquetLayoutJSON, "json.parquet"},
	} {
		path := filepath.Join(t.TempDir(), f.name)
		out, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		w, err := ingest.NewEpisodeWriter(out, f.format, f.layout)
		if err != nil {
			t.Fatal(err)
		}
		for _, ep := range res.Episodes {
			if err := w.Write(ep); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		out.Close()
		r, err := ingest.OpenEpisodes(path, ingest.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; ; i++ {
			ep, err := r.Next()
			if err == io.EOF {
				if i != len(res.Episodes) {
					t.Fatalf("%s: %d episodes read back, %d written", f.name, i, len(res.Episodes))
				}
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			if got, want := jsonv.Marshal(ep.Extra), jsonv.Marshal(res.Episodes[i].Extra); string(got) != string(want) {
				t.Fatalf("%s, episode %d: extra %s, want %s", f.name, i+1, got, want)
			}
		}
		r.Close()
	}
}
