package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A bench author's copy of SAB-V2-018 (real case, CC BY 4.0, see
// ingest/testdata/safeactbench) under an id of their own keeps its
// metadata.stateful_observation_protocol, but the evaluator projects re-observed evidence
// for the two released cases only, by id, so its reference solution fails; validate said
// nothing of it.
func TestValidateWarnsOfAnUnprojectedStatefulCase(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(filepath.Join(realCases, "SAB-V2-018.json"))
	if err != nil {
		t.Fatal(err)
	}
	var spec map[string]any
	if err := json.Unmarshal(data, &spec); err != nil {
		t.Fatal(err)
	}
	spec["episode_id"], spec["protocol"] = "ACME-SH-01", "v2"
	dir := filepath.Join(t.TempDir(), "cases")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	out, _ := json.Marshal(spec)
	if err := os.WriteFile(filepath.Join(dir, "ACME-SH-01.json"), out, 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr, code := runCLI(t, "validate", "--bench", dir)
	want := "warning: " + filepath.Join(dir, "ACME-SH-01.json") + ": metadata.stateful_observation_protocol: case ACME-SH-01 declares v2_sauna_refresh_v1, but the evaluator projects re-observed evidence only for SAB-V2-018"
	if code != 0 || !strings.Contains(stderr, want) {
		t.Errorf("exit %d, stderr:\n%s\nwant exit 0 and %q", code, stderr, want)
	}
	if _, stderr, _ := runCLI(t, "validate", "--bench", realCases); strings.Contains(stderr, "stateful_observation_protocol") {
		t.Errorf("the real cases (SAB-V2-018 itself) warned:\n%s", stderr)
	}
}
