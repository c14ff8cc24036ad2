package harness

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
)

var update = flag.Bool("update", false, "rewrite golden files")

// golden compares got with testdata/name, or rewrites it under -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs:\n got: %s\nwant: %s", path, got, want)
	}
}

// jsonlBytes is the episodes as the JSONL writer lays them out, one per line.
func jsonlBytes(eps []*ingest.Episode) []byte {
	var b []byte
	for _, e := range eps {
		b = ingest.AppendEpisodeJSON(b, e)
		b = append(b, '\n')
	}
	return b
}
