package ingest_test

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/sabench/sabench-stats/ingest"
)

// Stream episodes, keep going past a bad line, and list what was wrong.
func ExampleOpenEpisodes() {
	dir, _ := os.MkdirTemp("", "example")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "runs.jsonl")
	os.WriteFile(path, []byte(`{"schema":"sabench.episode/v1","config":"claude-5/claude-code","case_id":"SAB-V1-001","repeat":0,"record":{"events":[]}}
{"schema":"sabench.episode/v1","config":"claude-5/claude-code","case_id":"SAB-V1-002","repeat":"zero","record":{"events":[]}}
{"schema":"sabench.episode/v1","config":"gpt-6/codex","case_id":"SAB-V1-001","repeat":0,"condition":"withheld","status":"censored"}
`), 0o644)

	r, err := ingest.OpenEpisodes(path, ingest.ReadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer r.Close()
	for {
		e, err := r.Next()
		if err == io.EOF {
			break
		}
		if ps := ingest.AsProblems(err); ps != nil {
			for _, p := range ps {
				fmt.Printf("problem at line %d: %s: %s\n", p.Line, p.Field, p.Msg)
			}
			continue
		}
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(e.RunID, e.Model, e.Harness, e.Status)
	}
	// Output:
	// claude-5/claude-code|SAB-V1-001|0|main claude-5 claude-code completed
	// problem at line 2: repeat: must be an integer, got a string
	// gpt-6/codex|SAB-V1-001|0|withheld gpt-6 codex censored
}

// Load the ten real cases and see how they cluster.
func ExampleLoadBench() {
	b, err := ingest.LoadBench("testdata/safeactbench", ingest.BenchOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(b.Cases), "cases from a", b.Kind)
	for _, cc := range b.ClusterCounts {
		fmt.Printf("%s: %d clusters, %d cases\n", cc.Rule, cc.Clusters, cc.Cases)
	}
	c := b.Case("SAB-V1-011")
	fmt.Println(c.ID, c.Protocol.Label(), c.Domain, c.Cluster)
	// Output:
	// 10 cases from a case-dir
	// user: 0 clusters, 0 cases
	// template_id: 0 clusters, 0 cases
	// contrast_pair_id: 1 clusters, 1 cases
	// derived: 1 clusters, 2 cases
	// case: 7 clusters, 7 cases
	// SAB-V1-011 V1 customer_policy_qa derived:SAB-V0-001
}
