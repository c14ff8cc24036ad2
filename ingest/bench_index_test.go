package ingest_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
)

// Reading and validating episodes against a real bench: external tests, since the bench
// package (ingest/casespec) imports ingest.

func TestUnknownCaseWithBench(t *testing.T) {
	b, err := casespec.LoadBench(filepath.Join("testdata", "safeactbench"), casespec.BenchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "e.jsonl")
	os.WriteFile(p, []byte(`{"schema":"sabench.episode/v1","config":"c/h","case_id":"SAB-V1-001","repeat":0,"record":{}}`+"\n"+
		`{"schema":"sabench.episode/v1","config":"c/h","case_id":"SAB-V1-999","repeat":0,"record":{}}`+"\n"), 0o644)
	r, _ := ingest.OpenEpisodes(p, ingest.ReadOptions{Bench: b})
	eps, probs := ingest.Collect(t, r)
	r.Close()
	if len(eps) != 1 || len(probs) != 1 || probs[0].Field != "case_id" || probs[0].Line != 2 {
		t.Errorf("episodes %d, problems %v", len(eps), probs)
	}
}

func TestValidateGolden(t *testing.T) {
	b, err := casespec.LoadBench(filepath.Join("testdata", "safeactbench"), casespec.BenchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := ingest.Validate([]string{"testdata/validate/bad.jsonl", "testdata/validate/missing.jsonl"}, ingest.ReadOptions{Bench: b, MaxLineBytes: 2048})
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	for _, p := range rep.Problems {
		out.WriteString(p.String() + "\n")
	}
	ingest.Golden(t, "validate/bad.problems", []byte(out.String()))
	if rep.Files != 2 || rep.Lines != 9 || rep.Episodes != 2 {
		t.Errorf("files %d, lines %d, good episodes %d; want 2, 9, 2", rep.Files, rep.Lines, rep.Episodes)
	}
}
