package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
)

// TestVerdictDatasetPartitionLost: a dataset written by one process, copied with one
// configuration's partition lost, is refused, whichever partition it is. The partition
// holding the last episodes of the input left no gap in seq and was read as a dataset of
// the other configurations, with no word said.
func TestVerdictDatasetPartitionLost(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "verdicts")
	// Each configuration's episodes in one block, as a runner writes them: a partition
	// lost is a run of seqs, the last one at the end of the input.
	eps := slices.Clone(subsetEpisodes(t))
	slices.SortStableFunc(eps, func(a, b *ingest.Episode) int { return strings.Compare(a.Config, b.Config) })
	mustRun(t, "score", "--bench", "builtin", "--runs", writeRuns(t, eps), "--format", "parquet", "--out", dir)
	parts, _ := filepath.Glob(filepath.Join(dir, "config=*"))
	if len(parts) < 2 {
		t.Fatalf("partitions %v", parts)
	}
	for _, lost := range parts {
		cp := filepath.Join(t.TempDir(), "copy")
		if err := os.CopyFS(cp, os.DirFS(dir)); err != nil {
			t.Fatal(err)
		}
		if err := os.RemoveAll(filepath.Join(cp, filepath.Base(lost))); err != nil {
			t.Fatal(err)
		}
		_, errOut, code := runCLI(t, "tables", "--bench", "builtin", "--verdicts", cp, "--resamples", "0", "T2")
		if code != 1 || !strings.Contains(errOut, "partition") {
			t.Errorf("%s lost: exit %d, stderr %q; want exit 1 naming a missing partition", filepath.Base(lost), code, errOut)
		}
	}
}
