package job

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/results"
	"github.com/sabench/sabench-stats/results/verdicts"
)

// TestShardsOfTwoBuildsRefused: shard 1 of 2 written by an older sabench-stats (commit
// 3b837c60, testdata/older/README.md) and shard 2 written by this one, of the same input,
// bench and policy, were read together as one dataset: the manifests named the tool
// "sabench-stats (devel)" for every build from a checkout, so the verdicts of two oracles
// made one table. The manifest names the build's revision, and the read is refused naming
// the tool.
func TestShardsOfTwoBuildsRefused(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "dataset")
	if err := os.CopyFS(dir, os.DirFS("testdata/older/shard1of2")); err != nil {
		t.Fatal(err)
	}
	o := testOptions(t)
	o.Source.Runs = []string{"testdata/older/runs.jsonl"}
	o.Tool = results.Tool{Name: "sabench-stats", Version: "(devel)", Revision: "0123456789abcdef0123456789abcdef01234567"}
	if _, _, err := o.ScoreVerdicts(nil, VerdictRequest{Format: "parquet", Out: dir, Shard: "2/2"}); err != nil {
		t.Fatal(err)
	}
	_, _, err := verdicts.ReadDatasetWith(dir, verdicts.DatasetRead{})
	if err == nil {
		t.Fatal("shards of two builds read together")
	}
	for _, want := range []string{"scored differently: tool (sabench-stats (devel) vs sabench-stats (devel) revision 0123456789abcdef0123456789abcdef01234567", "score every shard with one build"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%v\nwant %q in it", err, want)
		}
	}
	// The same build's two shards read together.
	again := filepath.Join(t.TempDir(), "again")
	for _, shard := range []string{"1/2", "2/2"} {
		if _, _, err := o.ScoreVerdicts(nil, VerdictRequest{Format: "parquet", Out: again, Shard: shard}); err != nil {
			t.Fatal(err)
		}
	}
	if _, vs, err := verdicts.ReadDatasetWith(again, verdicts.DatasetRead{}); err != nil || len(vs[0]) != 8 {
		t.Fatalf("one build's shards: %v", err)
	}
}
