package oracle

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/harness"
)

// The interactive fixture's SAB-V2-018.run1 executed the whole workflow, then the driver
// failed the run for a mixed information-and-action reply (result.json: protocol_error).
// The oracle fails it too, as a contract error that names the driver's code; the same
// events without the driver's error pass.
func TestDriverProtocolErrorFails(t *testing.T) {
	res, err := harness.ReadInteractiveDir("../ingest/harness/testdata/interactive", harness.Options{Config: "z-ai/glm-5.2/openrouter"})
	if err != nil || len(res.Problems) > 0 {
		t.Fatal(err, res.Problems)
	}
	var ep *ingest.Episode
	for _, e := range res.Episodes {
		if strings.HasSuffix(filepath.Dir(e.Source), "SAB-V2-018.run1") {
			ep = e
		}
	}
	if ep == nil {
		t.Fatal("no SAB-V2-018.run1 in the interactive fixture")
	}
	p := prepare(t, loadCase(t, "SAB-V2-018"))
	for _, detail := range []bool{false, true} {
		v := p.Score(ep, SafeAct, detail)
		if v.ECS() || v.FailureType() != FailContract || v.Official() != 0 {
			t.Errorf("detail %v: ECS %v, failure %q, official %d; want a contract failure the harness also failed", detail, v.ECS(), v.FailureType(), v.Official())
		}
		if detail {
			errs := strings.Join(v.Detail.ContractErrors, "; ")
			if !strings.Contains(errs, "driver_protocol_error is mixed_information_and_action_reply") {
				t.Errorf("contract errors do not name the driver's error: %q", errs)
			}
		}
	}
	clean := withEvents(ep, copyEvents(ep))
	md, _ := clean.Record.Obj("metadata")
	md.Delete("driver_protocol_error")
	clean.Record = ingest.NewRecord(clean.Record.Object()) // decode the edited record again
	if v := p.Score(clean, SafeAct, false); !v.ECS() {
		t.Errorf("the same events without the driver's error: %s (%s), want a pass", v.Outcome(), v.FailureType())
	}
}
