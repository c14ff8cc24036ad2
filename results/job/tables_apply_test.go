package job

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/harness"
	"github.com/sabench/sabench-stats/results"
)

// TestTablesRefuseWhatDoesNotApply: asked through the library for a table the τ-bench
// report leaves out (T3), Tables refuses it with the report's reason as an OptionError,
// where it built T3's SafeActBench rates over the τ-bench writes; official is built.
func TestTablesRefuseWhatDoesNotApply(t *testing.T) {
	runs := filepath.Join(t.TempDir(), "tau.jsonl")
	out, _ := noting(nil, runs)
	opt := harness.Options{Config: "gpt-4o/tool-calling", Condition: ingest.DefaultCondition, Mode: harness.ModeAnalyst}
	if _, err := IngestTau([]string{filepath.Join("..", "..", "ingest", "tau", "testdata", "gpt-4o-airline-tasks25-49.json")}, "", opt, *out); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(runs); err != nil {
		t.Fatal(err)
	}
	o := Defaults()
	o.Source.Bench, o.Source.Runs, o.Workers, o.Stats.Resamples = "tau-bench:airline", []string{runs}, 1, 0
	if err := o.Check(); err != nil {
		t.Fatal(err)
	}
	r, err := o.Release(Scoring{})
	if err != nil {
		t.Fatal(err)
	}
	specs, err := results.LookupAll([]string{"official", "T3"})
	if err != nil {
		t.Fatal(err)
	}
	var oe *OptionError
	if _, err := o.Tables(r, specs); !errors.As(err, &oe) || !strings.HasPrefix(err.Error(), "T3 does not apply: ") {
		t.Errorf("T3 on tau-bench:airline: %v, want an OptionError saying it does not apply", err)
	}
	if ts, err := o.Tables(r, specs[:1]); err != nil || len(ts) != 1 || ts[0].ID != "official" {
		t.Errorf("official: %v", err)
	}
}

// TestClusteredOnTauBench: --clustered on a τ-bench domain without a clusters file is
// refused before anything is read (each task is its own cluster: the numbers were those
// of case resampling, the notes saying clusters); with a clusters file it is accepted.
func TestClusteredOnTauBench(t *testing.T) {
	o := Defaults()
	o.Source.Bench, o.Source.Runs, o.Stats.Clustered = "tau-bench:airline", []string{filepath.Join(t.TempDir(), "none.jsonl")}, true
	var oe *OptionError
	if err := o.Check(); !errors.As(err, &oe) || !strings.Contains(err.Error(), "--clustered on tau-bench:airline needs --clusters FILE") {
		t.Errorf("--clustered: %v, want an OptionError", err)
	}
	o.Source.ClustersFile = "groups.csv"
	if err := o.Check(); err != nil {
		t.Errorf("--clustered --clusters: %v", err)
	}
}
