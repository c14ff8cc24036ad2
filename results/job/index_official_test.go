package job

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/results/render"
)

// TestIndexSaysWhyOfficialTablesAreNotWritten: the report of a SafeActBench bench writes
// none of the three official tables (they are for benches whose cases take task success
// from the benchmark's own verdict), and index.md did not say so, where it says why the
// tables a τ-bench report leaves out are left out.
func TestIndexSaysWhyOfficialTablesAreNotWritten(t *testing.T) {
	o := testOptions(t)
	r, err := o.Release(Scoring{All: true})
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "report")
	idx, _, err := o.Report(out, r, render.RenderOptions{})
	if err != nil {
		t.Fatal(err)
	}
	md, err := os.ReadFile(filepath.Join(out, "index.md"))
	if err != nil {
		t.Fatal(err)
	}
	const want = "- Not written: official, official_passk and official_unauthorized: the cases do not take task success from the benchmark's own verdict (task_success \"official\": benches with action rules, such as tau-bench:airline).\n"
	if !strings.Contains(string(md), want) {
		t.Errorf("index.md lacks\n%s\n%s", want, md)
	}
	for _, tb := range idx.Tables {
		if strings.HasPrefix(tb.ID, "official") {
			t.Errorf("the report writes %s", tb.ID)
		}
	}
}

// TestIndexCountsTrustedKeys: the interactive fixture's two scored SAB-V3-001 runs (the
// reference, and one that read twice and stopped), scored from a case directory, which
// holds no query shard: their walks take the recorded evidence_delta_key where the
// evaluator replays the shard, and index.md said nothing of it (only the verdicts'
// trusted_keys column did).
func TestIndexCountsTrustedKeys(t *testing.T) {
	o := testOptions(t)
	o.Source.Runs = []string{"../../ingest/harness/testdata/interactive.golden.jsonl"}
	r, err := o.Release(Scoring{All: true})
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "report")
	if _, _, err := o.Report(out, r, render.RenderOptions{}); err != nil {
		t.Fatal(err)
	}
	md, err := os.ReadFile(filepath.Join(out, "index.md"))
	if err != nil {
		t.Fatal(err)
	}
	const want = "- 2 episodes were scored without the shard replay the evaluator performs (the bench holds no V3 query shard, or a V2 shared-world shard is not replayed): each read's recorded `evidence_delta_key` was trusted, and a read without one adds no facts (verdict column `trusted_keys`). Their verdicts can differ from the evaluator's.\n"
	if !strings.Contains(string(md), want) {
		t.Errorf("index.md lacks\n%s\n%s", want, md)
	}
}
