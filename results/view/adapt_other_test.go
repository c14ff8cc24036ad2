package view_test

import (
	"slices"
	"testing"

	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/tau"
	"github.com/sabench/sabench-stats/results/view"
)

// A τ-bench case's tools that read nothing and write nothing (a transfer to a human agent)
// reach the page, so that their INFO_CALLs are not shown as reads; a SafeActBench case has
// none.
func TestCaseOtherTools(t *testing.T) {
	b, err := tau.LoadBench("tau-bench:airline", casespec.BenchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	got := view.CaseOf(b.Case("TAU-AIRLINE-30")).Other
	if want := []string{"calculate", "think", "transfer_to_human_agents"}; !slices.Equal(got, want) {
		t.Errorf("airline's other tools %q, want %q", got, want)
	}
}
