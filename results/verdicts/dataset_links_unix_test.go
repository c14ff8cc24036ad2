//go:build unix

package verdicts

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sabench/sabench-stats/oracle"
)

// TestVerdictDatasetStaysInsideItsDirectory: a shard file or a partition folder that is a
// symbolic link out of the dataset, and a shard that is a named pipe, are refused with the
// path named, before anything is opened.
func TestVerdictDatasetStaysInsideItsDirectory(t *testing.T) {
	outside := t.TempDir()
	for name, tc := range map[string]struct {
		setup func(part, partDir string)
		want  string
	}{
		"shard linked out":     {func(part, _ string) { linkOut(t, part, filepath.Join(outside, "p.parquet")) }, "part-0000.parquet: a symbolic link on the way leads out of"},
		"partition linked out": {func(_, partDir string) { linkOut(t, partDir, filepath.Join(outside, "partition")) }, "part-0000.parquet: a symbolic link on the way leads out of"},
		"shard is a named pipe": {func(part, _ string) {
			os.Remove(part)
			if err := syscall.Mkfifo(part, 0o644); err != nil {
				t.Skip("no named pipes here:", err)
			}
		}, "part-0000.parquet: a named pipe, not a regular file"},
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			v := fuzzVerdict("run-a", "m/h", "SAB-V2-001", "O", "F", 0, true, false, false, 0, 0)
			if err := WriteDataset(dir, 0, []oracle.Policy{oracle.SafeAct}, [][]oracle.Verdict{{v}}, func(i int) int64 { return int64(i) }, nil); err != nil {
				t.Fatal(err)
			}
			partDir := filepath.Join(dir, DatasetPartition("m/h"))
			tc.setup(filepath.Join(partDir, "part-0000.parquet"), partDir)
			done := make(chan error, 1)
			go func() { _, _, err := ReadDatasetWith(dir, DatasetRead{}); done <- err }()
			select {
			case err := <-done:
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("ReadDataset: %v; want an error containing %q", err, tc.want)
				}
			case <-time.After(20 * time.Second):
				t.Fatal("ReadDataset blocked")
			}
		})
	}
}

// linkOut moves p to dst and leaves a symbolic link to dst at p.
func linkOut(t *testing.T, p, dst string) {
	t.Helper()
	if err := os.Rename(p, dst); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(dst, p); err != nil {
		t.Fatal(err)
	}
}
