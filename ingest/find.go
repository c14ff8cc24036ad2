package ingest

import (
	"errors"
	"io"
	"os"
	"path/filepath"
)

// FindEpisodes reads next until io.EOF and returns the episodes that match, in input
// order; every other episode is handed to miss (for near-miss suggestions). The first
// read error stops the search.
func FindEpisodes(next func() (*Episode, error), match func(*Episode) bool, miss func(*Episode)) ([]*Episode, error) {
	var out []*Episode
	for {
		ep, err := next()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		if match(ep) {
			out = append(out, ep)
		} else if miss != nil {
			miss(ep)
		}
	}
}

// RunsBeside is the episode file of a bench directory on disk, the first of runs.jsonl,
// runs.jsonl.gz, runs.jsonl.zst and runs.parquet that exists, or "" when none does.
func RunsBeside(dir string) string {
	for _, name := range []string{"runs.jsonl", "runs.jsonl.gz", "runs.jsonl.zst", "runs.parquet"} {
		p := filepath.Join(dir, name)
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return p
		}
	}
	return ""
}
