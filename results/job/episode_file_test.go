package job

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/synth"
)

func episodes(t *testing.T, n int) func() (*ingest.Episode, error) {
	t.Helper()
	rel, err := synth.Default()
	if err != nil {
		t.Fatal(err)
	}
	eps := rel.Episodes[:n]
	return func() (*ingest.Episode, error) {
		if len(eps) == 0 {
			return nil, io.EOF
		}
		ep := eps[0]
		eps = eps[1:]
		return ep, nil
	}
}

func TestWriteEpisodeFile(t *testing.T) {
	var stdout bytes.Buffer
	n, err := WriteEpisodeFile(&stdout, "-", ingest.DefaultParquetLayout, episodes(t, 3), func(p ingest.Problem) { t.Error(p) })
	if err != nil || n != 3 || strings.Count(stdout.String(), "\n") != 3 {
		t.Fatalf("stdout: %d episodes, %d lines, %v", n, strings.Count(stdout.String(), "\n"), err)
	}
	path := filepath.Join(t.TempDir(), "eps.jsonl")
	if n, err := WriteEpisodeFile(nil, path, ingest.DefaultParquetLayout, episodes(t, 2), nil); err != nil || n != 2 {
		t.Fatalf("file: %d, %v", n, err)
	}
	data, err := os.ReadFile(path)
	if err != nil || strings.Count(string(data), "\n") != 2 {
		t.Fatalf("file: %d lines, %v", strings.Count(string(data), "\n"), err)
	}
	if _, err := WriteEpisodeFile(nil, filepath.Join(t.TempDir(), "eps.txt"), ingest.DefaultParquetLayout, episodes(t, 1), nil); err == nil {
		t.Error(".txt accepted")
	}
}
