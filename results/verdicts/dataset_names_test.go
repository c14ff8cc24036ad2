package verdicts

import (
	"os"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/oracle"
)

// A configuration whose partition directory name passes 255 bytes (a 162-character name
// of accented letters escapes to 571) failed at mkdir with "file name too long" after the
// partitions before it were written; it is refused before any file is written, naming
// the configuration. A name that fits (255 bytes escaped) is written.
func TestDatasetRefusesAPartitionNameTooLong(t *testing.T) {
	long := strings.Repeat("Ünïcödé-", 20) + "/h"
	fits := strings.Repeat("m", 255-len("config=")-len("%2Fh")) + "/h"
	mk := func(configs ...string) []oracle.Verdict {
		var vs []oracle.Verdict
		for i, c := range configs {
			vs = append(vs, fuzzVerdict("run-"+c, c, "SAB-V2-001", "O", "F", i, false, false, false, 0, 0))
		}
		return vs
	}
	dir := t.TempDir()
	err := WriteDataset(dir, 0, []oracle.Policy{oracle.SafeAct}, [][]oracle.Verdict{mk("a/h", long)}, func(i int) int64 { return int64(i) }, nil)
	if err == nil || !strings.Contains(err.Error(), `configuration "`+long+`" needs a partition directory name of 571 bytes`) || !strings.Contains(err.Error(), "nothing written") {
		t.Fatalf("err %v", err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("%d entries written before the refusal", len(ents))
	}
	if err := WriteDataset(dir, 0, []oracle.Policy{oracle.SafeAct}, [][]oracle.Verdict{mk(fits)}, func(i int) int64 { return int64(i) }, nil); err != nil {
		t.Errorf("a name of 255 bytes escaped: %v", err)
	}
}
