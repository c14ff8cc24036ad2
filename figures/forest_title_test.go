package figures

import (
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/oracle"
)

// TestForestTitleNamesTheBenchsProtocols: the harness forest plot's title said "V0–V3"
// of a bench with V1 and V2 cases only (T4 says in a note what "V0–V3" stands for there;
// a figure has no note); it names the protocols the bench has. A bench with all four
// keeps "V0–V3".
func TestForestTitleNamesTheBenchsProtocols(t *testing.T) {
	var cases []*casespec.Case
	var vs []oracle.Verdict
	for _, id := range []string{"SAB-V1-001", "SAB-V1-011", "SAB-V2-001", "SAB-V2-016"} {
		c := realCase(t, id, "devops")
		cases = append(cases, c)
		for i, config := range []string{"m/Inspect", "m/family"} {
			model, h := ingest.SplitConfig(config)
			vs = append(vs, oracle.Fields{RunID: config + id, Config: config, Model: model, Harness: h, CaseID: id, BaseCaseID: id,
				Protocol: c.Protocol, Domain: "devops", Condition: "main", Status: "completed", ECS: i == 0, FirstAttemptIndex: -1, Official: -1}.Verdict())
		}
	}
	o := analysis.DefaultStatOptions()
	o.Resamples = 20
	f, _, _, err := harnessForest(analysis.NewRelease(cases, nil, vs, oracle.SafeAct), o, analysis.PaperChoices())
	if err != nil {
		t.Fatal(err)
	}
	if want := "Family harness − Inspect (ECS, V1 and V2)"; f.Title != want {
		t.Errorf("title %q, want %q", f.Title, want)
	}
}
