package job_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/results/job"
	"github.com/sabench/sabench-stats/results/render"
)

// The report job from Go, as `sabench-stats report --bench B --runs R --resamples 0` does
// it: the ten real SafeActBench cases (CC BY 4.0, ingest/testdata/safeactbench) and eight
// episodes converted from a SafeActBench batch runner's output folder, scored under
// safeact and near-miss; tables and figures are built side by side and written into one
// directory, with what could not be built and why in the index.
func Example() {
	out, err := os.MkdirTemp("", "report")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(out)
	o := job.Defaults()
	o.Source.Bench = "../../ingest/testdata/safeactbench"
	o.Source.Runs = []string{"../../ingest/harness/testdata/batch.golden.jsonl"}
	o.Policies = []string{"safeact", "near-miss"}
	o.Choices = analysis.PaperChoices() // as the report command sets them
	o.Stats.Resamples = 0               // no intervals: the example stays fast
	if err := o.Check(); err != nil {
		fmt.Println(err)
		return
	}
	r, err := o.Release(job.Scoring{})
	if err != nil {
		fmt.Println(err)
		return
	}
	c := r.ScoredRelease.Counts
	fmt.Printf("episodes: read %d, scored %d\n", c.Read, c.Scored)
	idx, _, err := o.Report(filepath.Join(out, "report"), r, render.RenderOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d tables, %d figures, %d not built\n", len(idx.Tables), len(idx.Figures), len(idx.Skipped))
	for _, s := range idx.Skipped {
		fmt.Println("not built:", s)
	}
	t2, err := os.ReadFile(filepath.Join(out, "report", "tables", "T2.md"))
	if err != nil {
		fmt.Println(err)
		return
	}
	lines := strings.SplitAfter(string(t2), "\n")
	fmt.Print(strings.Join(lines[:5], "")) // the title and the table
	// Output:
	// episodes: read 8, scored 5
	// 20 tables, 3 figures, 2 not built
	// not built: harness_differences: no model has both a configuration with the shared harness Inspect and another one (--shared-harness)
	// not built: policy_ranks: only one configuration ranked (claude-5/claude-code): its rank is 1 under every policy
	// **T2: Main results: Exact Case Success (%)**
	//
	// | Config               |  ECS |  P-M |  D-M | Legacy |   V0 |    V1 |  V2 |  V3 | Rank [no set] |
	// | :------------------- | ---: | ---: | ---: | -----: | ---: | ----: | --: | --: | ------------: |
	// | claude-5/claude-code | 60.0 | 77.8 | 33.3 |  100.0 | 33.3 | 100.0 |   — |   — |      1 [—, —] |
}
