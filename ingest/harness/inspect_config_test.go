package harness_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest/harness"
)

// TestInspectConfigFollowsModelAndHarness: without --config the configuration is
// model/harness, each part --model or --harness when given, else the log's. A --harness
// alone set the harness field and left the configuration the log's model/solver
// ("m/react" beside harness "Inspect"), so the two disagreed; a log's own run id is not
// kept once its configuration is renamed. With --config, --harness still sets the field
// alone (the user named both).
func TestInspectConfigFollowsModelAndHarness(t *testing.T) {
	b := builtinBench(t)
	path := filepath.Join(t.TempDir(), "log.eval")
	writeEval(t, path, header("m", "react", nil), map[string]any{"id": "SAB-L-001", "epoch": 1,
		"metadata": map[string]any{"case_id": "SAB-L-001", "run_id": "mine-1"},
		"output":   map[string]any{"completion": `{"decision":"allow"}`}})
	for _, tc := range []struct {
		opt  harness.Options
		want string // config model harness run_id
	}{
		{harness.Options{}, "m/react m react mine-1"},
		{harness.Options{Harness: "Inspect"}, "m/Inspect m Inspect m/Inspect|SAB-L-001|0|main"},
		{harness.Options{Model: "M-2"}, "M-2/react M-2 react M-2/react|SAB-L-001|0|main"},
		{harness.Options{Model: "M-2", Harness: "Inspect"}, "M-2/Inspect M-2 Inspect M-2/Inspect|SAB-L-001|0|main"},
		{harness.Options{Config: "a/b", Harness: "h"}, "a/b a h a/b|SAB-L-001|0|main"},
	} {
		tc.opt.Bench = b
		if err := tc.opt.CheckInspect(); err != nil {
			t.Fatalf("%+v: %v", tc.opt, err)
		}
		res, err := harness.ReadInspectFiles([]string{path}, tc.opt)
		if err != nil || len(res.Problems) > 0 || len(res.Episodes) != 1 {
			t.Fatalf("%+v: %v %v", tc.opt, err, res.Problems)
		}
		ep := res.Episodes[0]
		if got := strings.Join([]string{ep.Config, ep.Model, ep.Harness, ep.RunID}, " "); got != tc.want {
			t.Errorf("Model %q Harness %q Config %q: got %q, want %q", tc.opt.Model, tc.opt.Harness, tc.opt.Config, got, tc.want)
		}
	}
	// A harness with a "/" would split the configuration elsewhere.
	if err := (harness.Options{Harness: "x/y"}).CheckInspect(); err == nil || !strings.Contains(err.Error(), "give --config too") {
		t.Errorf("--harness x/y without --config: %v", err)
	}
	if err := (harness.Options{Config: "a/b", Harness: "x/y"}).CheckInspect(); err != nil {
		t.Errorf("--harness x/y with --config: %v", err)
	}
}

// TestInspectConfigTheReaderTakes: a log's model or solver with white space at the
// configuration's ends (" m", "react ") made a configuration model/solver that ingest
// wrote and the episode reader then refused; such a log is a problem naming the header
// field, and --config, or --model and --harness, name the episodes instead.
func TestInspectConfigTheReaderTakes(t *testing.T) {
	b := builtinBench(t)
	for _, tc := range []struct{ model, solver, field string }{
		{" m", "react", "header.json: eval.model"},
		{"m", "react ", "header.json: eval.solver"},
	} {
		path := filepath.Join(t.TempDir(), "log.eval")
		writeEval(t, path, header(tc.model, tc.solver, nil), map[string]any{"id": "SAB-L-001", "epoch": 1,
			"metadata": map[string]any{"case_id": "SAB-L-001"},
			"output":   map[string]any{"completion": `{"decision":"allow"}`}})
		res, err := harness.ReadInspectFiles([]string{path}, harness.Options{Bench: b})
		if err != nil || (len(res.Problems) != 1 || res.Problems[0].Field != tc.field || !strings.Contains(res.Problems[0].Msg, "has leading or trailing white space")) {
			t.Errorf("model %q solver %q: %v", tc.model, tc.solver, res.Problems)
		}
		res, err = harness.ReadInspectFiles([]string{path}, harness.Options{Bench: b, Model: "m", Harness: "react"})
		if err != nil || len(res.Problems) > 0 || len(res.Episodes) != 1 || res.Episodes[0].Config != "m/react" {
			t.Errorf("model %q solver %q with --model m --harness react: %v %v", tc.model, tc.solver, err, res)
		}
	}
}
