//go:build unix

package oracle

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sabench/sabench-stats/ingest/casespec"
)

// TestShardTreeStaysInsideTheCheckout: a query-shard entry or the whole shards folder that
// is a symbolic link out of the checkout, and an entry that is a named pipe, are refused
// with the path named; the pipe is not opened (opening it would block until a writer
// comes). Links that stay inside the checkout are followed.
func TestShardTreeStaysInsideTheCheckout(t *testing.T) {
	entryRel := filepath.Join("env", "v3_episode_query_shards", "episodes", "SAB-V3-001.json")
	outside := t.TempDir()
	for name, tc := range map[string]struct {
		setup func(root string)
		want  string
	}{
		"entry linked out": {func(root string) {
			p := filepath.Join(root, entryRel)
			moveAndLink(t, p, filepath.Join(outside, "entry.json"))
		}, entryRel + ": a symbolic link on the way leads out of"},
		"shards folder linked out": {func(root string) {
			p := filepath.Join(root, "env", "v3_episode_query_shards")
			moveAndLink(t, p, filepath.Join(outside, "shards"))
		}, "index.json: a symbolic link on the way leads out of"},
		"entry is a named pipe": {func(root string) {
			p := filepath.Join(root, entryRel)
			os.Remove(p)
			if err := syscall.Mkfifo(p, 0o644); err != nil {
				t.Skip("no named pipes here:", err)
			}
		}, entryRel + ": a named pipe, not a regular file"},
	} {
		t.Run(name, func(t *testing.T) {
			root := writeShardCheckout(t, nil)
			tc.setup(root)
			done := make(chan error, 1)
			go func() { _, err := casespec.LoadBench(root, casespec.BenchOptions{}); done <- err }()
			select {
			case err := <-done:
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("LoadBench: %v; want an error containing %q", err, tc.want)
				}
			case <-time.After(20 * time.Second):
				t.Fatal("LoadBench blocked")
			}
		})
	}
	// A link that stays inside the checkout is followed.
	root := writeShardCheckout(t, nil)
	moveAndLink(t, filepath.Join(root, entryRel), filepath.Join(root, "elsewhere.json"))
	if b, err := casespec.LoadBench(root, casespec.BenchOptions{}); err != nil || b.Case("SAB-V3-001").Shard == nil {
		t.Errorf("an entry linked inside the checkout: %v", err)
	}
}

// moveAndLink moves p to dst and leaves a symbolic link to dst at p.
func moveAndLink(t *testing.T, p, dst string) {
	t.Helper()
	if err := os.Rename(p, dst); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(dst, p); err != nil {
		t.Fatal(err)
	}
}
