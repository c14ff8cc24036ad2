package verdicts

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/jsonv"
	"github.com/sabench/sabench-stats/oracle"
)

// TestFirstAttemptColumnSaysWhatItHolds: the real SAB-V1-001's reference with the refund
// on the other charge (ch_90A1). All five required reads come first, so information
// coverage is complete at the action, yet coverage_complete_at_first_attempt is false: a
// case requirement bound to the action's charge (refund_preview_matches_action) is
// MISSING there. The column holds the investigation the diagnostic rates use (coverage
// and no MISSING requirement), and its documented meaning must say so.
func TestFirstAttemptColumnSaysWhatItHolds(t *testing.T) {
	path := filepath.Join("..", "..", "ingest", "testdata", "safeactbench", "cases", "SAB-V1-001.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	spec, err := jsonv.ParseObject(data)
	if err != nil {
		t.Fatal(err)
	}
	c := &casespec.Case{ID: "SAB-V1-001", BaseID: "SAB-V1-001", Protocol: ingest.V1, Domain: "customer_policy_qa", Spec: spec, Source: path}
	ep, err := oracle.ReferenceEpisode(c)
	if err != nil {
		t.Fatal(err)
	}
	list, _ := ep.Record.List("events")
	act := jsonv.DeepCopy(list[len(list)-1]).(*jsonv.Object)
	args, _ := act.Obj("arguments")
	args.Set("charge_id", "ch_90A1")
	ep.Record.Set("events", append(append([]any{}, list[:len(list)-1]...), act))
	p, err := oracle.Prepare(c)
	if err != nil {
		t.Fatal(err)
	}
	v := p.Score(ep, oracle.SafeAct, false)
	row := Row{Verdict: &v, Policy: &oracle.SafeAct}
	var col Column
	for _, c := range Columns {
		if c.Name == "coverage_complete_at_first_attempt" {
			col = c
		}
	}
	if got := col.Get(row); got != false || !v.CoverageComplete() || v.FirstAttemptIndex() != 5 {
		t.Fatalf("column %v, coverage complete %v, first attempt %d: want false, true, 5", got, v.CoverageComplete(), v.FirstAttemptIndex())
	}
	if !strings.Contains(col.Meaning, "MISSING") {
		t.Errorf("coverage_complete_at_first_attempt is documented as %q, which a complete coverage with a MISSING requirement contradicts", col.Meaning)
	}
}
