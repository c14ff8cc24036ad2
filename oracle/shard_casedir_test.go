package oracle

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest/casespec"
)

// TestShardBesideCaseDirectory: a case directory laid out as the release is (cases/ beside
// env/v3_episode_query_shards/, as in a copy of the release's own folders) is not a
// checkout, so its shard is not loaded (its index is attested by env/case_manifest.json).
// The verdict must not say the bench has no shard directory: it says why the shard there
// was not read, and loading the bench warns about it.
func TestShardBesideCaseDirectory(t *testing.T) {
	root := t.TempDir()
	copyFile := func(src, rel string) {
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		dst := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	copyFile(filepath.Join(releaseDir, "SAB-V3-001.json"), "cases/SAB-V3-001.json")
	copyFile(filepath.Join(releaseDir, "shard-SAB-V3-001.json"), "env/v3_episode_query_shards/episodes/SAB-V3-001.json")
	copyFile(filepath.Join(releaseDir, "index.SAB-V3-001.extract.json"), "env/v3_episode_query_shards/index.SAB-V3-001.extract.json")
	b, err := casespec.LoadBench(root, casespec.BenchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	c := b.Case("SAB-V3-001")
	if c == nil || c.Shard != nil {
		t.Fatalf("case %+v: want the case, without a shard", c)
	}
	warned := false
	for _, w := range b.Warnings {
		// One case, counted in the singular (it read "for 1 released V3 case(s)").
		warned = warned || strings.HasPrefix(w.Msg, "query shards not loaded for 1 released V3 case: the bench is not a SafeActBench checkout")
	}
	if !warned {
		t.Errorf("no warning about the unread shard directory: %v", b.Warnings)
	}
	v := prepare(t, c).Score(reference(t, c), SafeAct, true)
	if !v.TrustedKeys() {
		t.Error("the verdict is not marked as trusting the keys")
	}
	notes := strings.Join(v.Detail.Notes, "\n")
	if strings.Contains(notes, "has no env/v3_episode_query_shards/") {
		t.Errorf("the note says the shard directory is absent, though the bench has one:\n%s", notes)
	}
	if !strings.Contains(notes, "query-shard replay not performed") || !strings.Contains(notes, "read only in a SafeActBench checkout") {
		t.Errorf("the note does not say why the shard was not replayed:\n%s", notes)
	}
}
