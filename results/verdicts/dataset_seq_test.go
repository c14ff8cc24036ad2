package verdicts

import (
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/oracle"
)

// TestDatasetSeqGaps: parts whose seqs leave a gap or repeat one are refused, naming
// the first seq the episodes in input order would show wrong.
func TestDatasetSeqGaps(t *testing.T) {
	var vs []oracle.Verdict
	for i := 0; i < 6; i++ {
		vs = append(vs, fuzzVerdict("run-"+string(rune('a'+i)), "m/h", "SAB-V2-001", "O", "F", i, false, i%2 == 0, false, 0, 1))
	}
	pols := []oracle.Policy{oracle.SafeAct}
	for _, c := range []struct {
		name string
		seqs [][]int64 // per part, the seq of each verdict
		want string
	}{
		{"even seqs alone", [][]int64{{0, 2, 4, 6, 8, 10}}, "episode seq 1 is missing"},
		{"from 1", [][]int64{{1, 2, 3, 4, 5, 6}}, "episode seq 0 is missing"},
		{"two parts, one seq twice", [][]int64{{0, 1, 2}, {2, 3, 4}}, "episode seq 3 is repeated"},
		{"two parts, the first seq twice", [][]int64{{0, 1, 2}, {0, 4, 5}}, "episode seq 1 is repeated"},
	} {
		dir := t.TempDir()
		at := 0
		for part, seqs := range c.seqs {
			if err := WriteDataset(dir, part, pols, [][]oracle.Verdict{vs[at : at+len(seqs)]}, func(i int) int64 { return seqs[i] }, nil); err != nil {
				t.Fatal(err)
			}
			at += len(seqs)
		}
		if _, _, err := ReadDatasetWith(dir, DatasetRead{}); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
}
