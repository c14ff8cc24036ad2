package casespec

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// TestLoadBenchCheckoutOfSomeProtocols: a checkout of a bench built like SafeActBench
// with V1 and V2 cases only, which ships no Legacy, V0 or V3 catalog, was refused with
// "catalog is missing" three times, though no case of its manifest is in those catalogs.
// A catalog is needed when the manifest puts a case in it; it is then still a problem.
func TestLoadBenchCheckoutOfSomeProtocols(t *testing.T) {
	root := writeCheckout(t, nil)
	mpath := filepath.Join(root, "env", "case_manifest.json")
	man, p := ingest.ReadJSONObject(mpath)
	if p != nil {
		t.Fatal(p)
	}
	entries, _ := man.List("entries")
	var kept []any
	for _, e := range entries {
		if s, _ := e.(*jsonv.Object).String("protocol"); s == "v1" || s == "v2" {
			kept = append(kept, e)
		}
	}
	man.Set("entries", kept)
	man.Set("case_count", int64(len(kept)))
	if err := os.WriteFile(mpath, jsonv.Marshal(man), 0o644); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(root, "env", "case_evidence.json"), []byte(`{"case_count":0,"cases":[]}`), 0o644)
	for _, f := range []string{"cases.json", "non_execution_cases.json", "multi_step_cases.json"} {
		if err := os.Remove(filepath.Join(root, "env", f)); err != nil {
			t.Fatal(err)
		}
	}
	b, err := LoadBench(root, BenchOptions{})
	if err != nil {
		t.Fatalf("a checkout of V1 and V2 cases: %v", err)
	}
	if len(b.Cases) != 5 {
		t.Errorf("%d cases, want the 5 V1 and V2 cases", len(b.Cases))
	}
	// A catalog the manifest names is still needed.
	if err := os.Remove(filepath.Join(root, "env", "linear_workflow_cases.json")); err != nil {
		t.Fatal(err)
	}
	_, err = LoadBench(root, BenchOptions{})
	if err == nil || !strings.Contains(err.Error(), "linear_workflow_cases.json: catalog is missing") {
		t.Errorf("a missing catalog the manifest names: %v", err)
	}
}
