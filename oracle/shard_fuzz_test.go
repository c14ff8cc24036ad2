package oracle

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// FuzzShardEntry loads a checkout whose V3 query-shard entry is arbitrary JSON, its index
// attesting the entry's size, sha256 and digests (so that the loader reads past them), and
// scores SAB-V3-001's reference episode against what loads: never a panic; a refusal is a
// list of problems naming a file; a shard the loader accepts scores the same verdict twice.
func FuzzShardEntry(f *testing.F) {
	entry, err := os.ReadFile(filepath.Join(releaseDir, "shard-SAB-V3-001.json"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(entry)
	f.Add([]byte(`{"schema_version":1,"tools":{"x":[]}}`))
	ref := reference(f, loadCase(f, "SAB-V3-001"))
	f.Fuzz(func(t *testing.T, data []byte) {
		o, err := jsonv.ParseObject(data)
		if err != nil {
			return // the loader checks the bytes' sha256 before it parses them
		}
		root := writeShardCheckout(t, func(_, meta *jsonv.Object, entry *[]byte) {
			o.Set("entry_digest", casespec.ShardDigest(o, "entry_digest"))
			for _, k := range []string{"env_id", "world_snapshot_version", "world_digest", "case_spec_sha256", "max_info_calls", "worst_case_info_calls", "entry_digest"} {
				if v, ok := o.Get(k); ok {
					meta.Set(k, v)
				}
			}
			*entry = jsonv.Marshal(o)
			sum := sha256.Sum256(*entry)
			meta.Set("sha256", hex.EncodeToString(sum[:]))
			meta.Set("size_bytes", int64(len(*entry)))
		})
		loadAndScoreTwice(t, root, ref)
	})
}

// FuzzShardIndex loads a checkout whose query-shard index is an arbitrary JSON object (its
// manifest_digest recomputed and the case manifest's attestation copied from it, so that
// the loader reads past them), or whose V3 action-scope registry is arbitrary bytes, and
// scores SAB-V3-001's reference episode against what loads, as FuzzShardEntry does.
func FuzzShardIndex(f *testing.F) {
	root := writeShardCheckout(f, nil)
	for i, rel := range shardFiles {
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(uint8(i), data)
	}
	ref := reference(f, loadCase(f, "SAB-V3-001"))
	f.Fuzz(func(t *testing.T, which uint8, data []byte) {
		var root string
		switch rel := shardFiles[int(which)%len(shardFiles)]; rel {
		case "env/v3_episode_query_shards/index.json":
			o, err := jsonv.ParseObject(data)
			if err != nil {
				return // the case manifest attests the index's fields, not its bytes
			}
			root = writeShardCheckout(t, func(index, _ *jsonv.Object, _ *[]byte) {
				*index = *o
			})
		default:
			root = writeShardCheckout(t, nil)
			if err := os.WriteFile(filepath.Join(root, filepath.FromSlash(rel)), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		loadAndScoreTwice(t, root, ref)
	})
}

// shardFiles are the files of a shard checkout FuzzShardIndex replaces.
var shardFiles = []string{"env/v3_episode_query_shards/index.json", "scripts/v3_public_action_scopes.json"}

// loadAndScoreTwice loads the checkout at root (a refusal must be problems naming files)
// and scores ref against SAB-V3-001 twice under two policies, with and without detail.
func loadAndScoreTwice(t *testing.T, root string, ref *ingest.Episode) {
	t.Helper()
	b, err := casespec.LoadBench(root, casespec.BenchOptions{})
	if err != nil {
		ps := ingest.AsProblems(err)
		if len(ps) == 0 {
			t.Fatalf("not a problem list: %v", err)
		}
		for _, p := range ps {
			if p.File == "" {
				t.Fatalf("problem without a file: %v", p)
			}
		}
		return
	}
	c := b.Case("SAB-V3-001")
	p, err := Prepare(c)
	if err != nil {
		return
	}
	for _, pol := range []Policy{SafeAct, SafeAct4f33847} {
		v := p.Score(ref, pol, true)
		w := p.Score(ref, pol, false)
		sameVerdict(t, v, w)
		if again := p.Score(ref, pol, false); again.Fields() != w.Fields() {
			t.Fatalf("scored twice: %+v, then %+v", w.Fields(), again.Fields())
		}
	}
}
