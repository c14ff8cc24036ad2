package verdicts

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results/fsx"
)

// TestVerdictDatasetRoundTrip: two parts of a two-policy dataset read back as the
// verdicts in input order, every field the tables read intact (configs with "/" and
// spaces in their partition names); a file from another schema is refused by name.
func TestVerdictDatasetRoundTrip(t *testing.T) {
	var vs []oracle.Verdict
	for i := 0; i < 40; i++ {
		config := []string{"m/h one", "m/h=two"}[i%2]
		v := fuzzVerdict("run-"+string(rune('a'+i)), config, "SAB-V2-001", "O", "F", i, i%7 == 0, i%3 == 0, i%2 == 0, i%5-1, int8(i%3-1))
		f := v.Fields()
		f.ToolsBeforeAttempt = uint64(i) << 60
		// Usage with some fields reported, some not (null columns), none at all.
		f.Usage = oracle.Usage{CostUSD: 0.25 * float64(i), WallSeconds: 1.5 + float64(i), Known: uint8(i % 16)}
		f.Usage.InputTokens, f.Usage.OutputTokens = float64(i*100)*float64(f.Usage.Known>>1&1), float64(i)*float64(f.Usage.Known>>2&1)
		if f.Usage.Known&oracle.UsageCost == 0 {
			f.Usage.CostUSD = 0
		}
		if f.Usage.Known&oracle.UsageWall == 0 {
			f.Usage.WallSeconds = 0
		}
		f.TrustedKeys = i%4 == 1
		if i == 4 { // the evaluator's empty outcome is "" in the file, not null, and reads back so
			f.Outcome, f.CanonicalOutcome, f.EmptyOutcome = "", "", true
		}
		vs = append(vs, f.Verdict())
	}
	pols := []oracle.Policy{oracle.SafeAct, oracle.Presets[1]}
	dir := t.TempDir()
	// Shard-style parts: even input indices in part 0, odd in part 1.
	for part := 0; part < 2; part++ {
		var sub []oracle.Verdict
		for i := part; i < len(vs); i += 2 {
			sub = append(sub, vs[i])
		}
		if err := WriteDataset(dir, part, pols, [][]oracle.Verdict{sub, sub}, func(i int) int64 { return int64(part + 2*i) }); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "config=m%2Fh%20one", "part-0000.parquet")); err != nil {
		t.Fatal(err)
	}
	got, back, err := ReadDataset(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Name != "safeact" || got[1].Hash != pols[1].Hash() || len(back[0]) != len(vs) || len(back[1]) != len(vs) {
		t.Fatalf("policies %v, %d and %d verdicts", got, len(back[0]), len(back[1]))
	}
	for i := range vs {
		w, g := vs[i].Fields(), back[0][i].Fields()
		if w.Excluded { // null columns of an excluded verdict read back as zero values
			w.ECS, w.Outcome, w.CanonicalOutcome, w.FailureType, w.Attempted, w.FirstAttemptIndex, w.TrustedKeys = false, "", "", "", false, -1, false
		} else if !w.Attempted || w.FirstAttemptIndex < 0 {
			w.FirstAttemptIndex = -1
		}
		if g != w {
			t.Errorf("verdict %d:\n got %+v\nwant %+v", i, g, w)
		}
	}
	bad := filepath.Join(dir, "config=x", "part-0009.parquet")
	os.MkdirAll(filepath.Dir(bad), 0o755)
	if err := fsx.WriteFileAtomic(bad, func(w io.Writer) error {
		return Write(w, "parquet", pols[:1], [][]oracle.Verdict{vs[:1]}, false)
	}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := ReadDataset(dir); err == nil || !strings.Contains(err.Error(), "part-0009.parquet") {
		t.Errorf("a plain verdict file in the dataset: %v", err)
	}
}
