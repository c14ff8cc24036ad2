package casespec_test

import (
	"fmt"

	"github.com/sabench/sabench-stats/ingest/casespec"
)

// Load the ten real cases and see how they cluster.
func ExampleLoadBench() {
	b, err := casespec.LoadBench("../testdata/safeactbench", casespec.BenchOptions{})
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
