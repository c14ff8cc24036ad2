package harness

import (
	"path/filepath"
	"strings"
	"testing"
)

// tauShared is the real τ-bench file (gpt-4o, airline, tasks 25–49 × 4 trials; MIT, see
// ingest/tau/testdata/NOTICE).
var tauShared = filepath.Join("..", "tau", "testdata", "gpt-4o-airline-tasks25-49.json")

func TestTauAdapter(t *testing.T) {
	res, err := Tau.Read(tauShared, Options{Config: "gpt-4o/tool-calling"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Problems) != 0 || len(res.Episodes) != 100 {
		t.Fatalf("%d episodes, problems %v", len(res.Episodes), res.Problems)
	}
	if len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0], "tau-bench, domain airline, 100 trajectories") {
		t.Errorf("warnings %q", res.Warnings)
	}
	// The domain named by the caller wins over the file: retail does not know airline's
	// writes, so cancel_reservation is no consequential call there.
	res, err = TauIn("retail").Read(tauShared, Options{Config: "gpt-4o/tool-calling"})
	if err != nil || !strings.HasPrefix(res.Episodes[0].CaseID, "TAU-RETAIL-") {
		t.Fatalf("TauIn(retail): %v", err)
	}
	for _, opt := range []Options{
		{Config: "m/h", Repeat: 1},
		{Config: "m/h", RepeatFrom: RepeatFromDirname},
		{Config: "m/h", Mode: ModeRunner},
		{},
	} {
		if _, err := Tau.Read(tauShared, opt); err == nil {
			t.Errorf("options %+v: no error", opt)
		}
	}
}
