package verdicts

import (
	"encoding/binary"
	"fmt"

	"github.com/sabench/sabench-stats/oracle"
	"github.com/zeebo/xxh3"
)

// A dataset's parts may come from shards that each read part of the episode files
// (score --shard): a shard checks duplicate episodes within its part only, so reading
// the parts together is where duplicates across shards are found, and refused as one
// process refuses them: two episodes with one key (config, case_id, repeat, condition),
// or two with one run_id.

// episodeID is what the duplicate check keeps of an episode: 128-bit hashes of its key
// and run id (a match is taken as a duplicate; distinct values collide with probability
// 2^-128), and the dataset file and row it came from, for the message.
type episodeID struct {
	key, run xxh3.Uint128
	path     string
	row      int
}

// episodeKey hashes an episode's key: each string with its length, then the repeat.
func episodeKey(f *oracle.Fields) xxh3.Uint128 {
	// On the stack unless the labels are long: one call per row read.
	var buf [192]byte
	b := buf[:0]
	for _, s := range [...]string{f.Config, f.CaseID, f.Condition} {
		b = binary.LittleEndian.AppendUint64(b, uint64(len(s)))
		b = append(b, s...)
	}
	b = binary.LittleEndian.AppendUint64(b, uint64(f.Repeat))
	return xxh3.Hash128(b)
}

// checkDuplicates refuses two episodes with one key or (with runIDs, when the run ids were
// read) one run id; ids are in input order, verdict(i) is the i-th episode's verdict (for
// the message).
func checkDuplicates(ids []*episodeID, runIDs bool, verdict func(i int) *oracle.Verdict) error {
	keys := make(map[xxh3.Uint128]int, len(ids))
	var runs map[xxh3.Uint128]int // a table as large as keys, made only when it is used
	if runIDs {
		runs = make(map[xxh3.Uint128]int, len(ids))
	}
	for i, id := range ids {
		if j, dup := keys[id.key]; dup {
			v := verdict(i)
			return fmt.Errorf("%s: row %d: duplicate episode key (config %q, case_id %q, repeat %d, condition %q); first seen at %s row %d (the shards' episode files hold one episode twice: score in one process with --dedupe to keep one)",
				id.path, id.row, v.Config(), v.CaseID(), v.Repeat(), v.Condition(), ids[j].path, ids[j].row)
		}
		keys[id.key] = i
		if !runIDs {
			continue
		}
		if j, dup := runs[id.run]; dup {
			return fmt.Errorf("%s: row %d: duplicate run_id %q (run ids are unique within a release); first seen at %s row %d",
				id.path, id.row, verdict(i).RunID(), ids[j].path, ids[j].row)
		}
		runs[id.run] = i
	}
	return nil
}
