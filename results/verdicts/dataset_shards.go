package verdicts

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"

	"github.com/sabench/sabench-stats/results/fsx"
)

// Shards of one input write their parts of a dataset on their own, and each holds a run
// of consecutive episodes. A part's files alone cannot show that a shard is missing (the
// last one leaves no gap), nor can a shard without episodes of a configuration write a
// file for it; so each shard also writes a small manifest, _shards/part-NNNN.json (a
// leading underscore: engines reading the config=… partitions pass over it), saying
// which shard it was and which episodes it scored. Reading the dataset checks that the
// manifests cover the input without a gap and that the files hold exactly those
// episodes.

// shardManifest is one shard's record of what it scored.
type shardManifest struct {
	Shard    int   `json:"shard"`    // from 1
	Of       int   `json:"of"`       // the number of shards
	First    int64 `json:"first"`    // the input index of its first episode
	Episodes int64 `json:"episodes"` // how many it scored
}

const shardDir = "_shards"

// WriteShardManifest records in dataset dir that shard i (from 0) of n scored the
// episodes numbered first to first+episodes-1 of the input.
func WriteShardManifest(dir string, i, n int, first, episodes int64) error {
	d := filepath.Join(dir, shardDir)
	if err := os.MkdirAll(d, 0o777); err != nil {
		return err
	}
	data, err := json.Marshal(shardManifest{Shard: i + 1, Of: n, First: first, Episodes: episodes})
	if err != nil {
		return err
	}
	return fsx.WriteFileAtomic(filepath.Join(d, fmt.Sprintf("part-%04d.json", i)), func(w io.Writer) error {
		_, err := w.Write(append(data, '\n'))
		return err
	})
}

// shardTotal reads the shard manifests of dataset dir: the number of episodes of the
// input they cover together and the number of shards, or -1 and 0 when there are none (a
// dataset written by one process). Manifests that disagree on the number of shards, a missing one, or a gap or
// overlap between shards are errors.
func shardTotal(dir string) (total int64, shards int, err error) {
	paths, err := filepath.Glob(filepath.Join(dir, shardDir, "part-*.json"))
	if err != nil || len(paths) == 0 {
		return -1, 0, err
	}
	var ms []shardManifest
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			return 0, 0, err
		}
		var m shardManifest
		if err := json.Unmarshal(data, &m); err != nil {
			return 0, 0, fmt.Errorf("%s: not a shard manifest: %v", p, err)
		}
		if m.Of < 1 || m.Shard < 1 || m.Shard > m.Of || m.First < 0 || m.Episodes < 0 || filepath.Base(p) != fmt.Sprintf("part-%04d.json", m.Shard-1) {
			return 0, 0, fmt.Errorf("%s: shard %d of %d, first %d, %d episodes: not a manifest score --shard writes", p, m.Shard, m.Of, m.First, m.Episodes)
		}
		if len(ms) > 0 && m.Of != ms[0].Of {
			return 0, 0, fmt.Errorf("%s: shard %d of %d, but %s says of %d (shards of two different splits?)", p, m.Shard, m.Of, paths[0], ms[0].Of)
		}
		ms = append(ms, m)
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].Shard < ms[j].Shard })
	var next int64
	for k := 0; k < ms[0].Of; k++ {
		if k >= len(ms) || ms[k].Shard != k+1 {
			return 0, 0, fmt.Errorf("%s: shard %d of %d wrote no manifest (is a shard not written?)", dir, k+1, ms[0].Of)
		}
		if ms[k].First != next {
			return 0, 0, fmt.Errorf("%s: shard %d of %d starts at episode %d, the shards before it end at %d (shards of different inputs?)", dir, k+1, ms[k].Of, ms[k].First, next)
		}
		next += ms[k].Episodes
	}
	return next, ms[0].Of, nil
}
