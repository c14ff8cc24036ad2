package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDisagreementWithoutSharedCases: the batch fixture's claude-5 episodes split between
// two harnesses, SAB-V1-001 on Inspect and the rest on claude-code, so that the pair's only
// scored V0–V3 cases (SAB-V0-001 and SAB-V1-001) are on different sides. The disagreement
// table printed McNemar p 1.000 (and a Holm-adjusted 1.000) for this pair of 0 shared
// cases, a test on no data; it now has no p-value, as compare has none, and says why.
func TestDisagreementWithoutSharedCases(t *testing.T) {
	t.Parallel()
	f, err := os.Open(filepath.Join(harnessTestdata, "batch.golden.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var buf bytes.Buffer
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var ep map[string]any
		if err := json.Unmarshal(sc.Bytes(), &ep); err != nil {
			t.Fatal(err)
		}
		if ep["case_id"] == "SAB-V1-001" {
			ep["config"], ep["harness"] = "claude-5/Inspect", "Inspect"
			ep["run_id"] = strings.Replace(ep["run_id"].(string), "claude-5/claude-code", "claude-5/Inspect", 1)
		}
		line, err := json.Marshal(ep)
		if err != nil {
			t.Fatal(err)
		}
		buf.Write(append(line, '\n'))
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	runs := filepath.Join(t.TempDir(), "runs.jsonl")
	if err := os.WriteFile(runs, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _ := mustRun(t, "tables", "disagreement", "--bench", filepath.Join(ingestTestdata, "safeactbench"), "--runs", runs,
		"--format", "json")
	tb := parseTables(t, out)[0]
	if len(tb.Rows) != 1 {
		t.Fatalf("%d rows, want the claude-5 pair:\n%s", len(tb.Rows), out)
	}
	row := tb.Rows[0]
	if row["a"] != "claude-5/claude-code" || row["b"] != "claude-5/Inspect" || num(t, row, "shared") != 0 {
		t.Fatalf("row %v, want claude-code vs Inspect on 0 shared cases", row)
	}
	if row["mcnemar_p"] != nil || row["mcnemar_p_adj"] != nil {
		t.Errorf("McNemar p %v (adjusted %v) on no shared case, want none", row["mcnemar_p"], row["mcnemar_p_adj"])
	}
	const want = "p (Holm): no McNemar tests (one per harness pair) could be run in this table (no shared case), so there is nothing to adjust."
	if !strings.Contains(strings.Join(tb.Notes, "\n"), want) {
		t.Errorf("notes lack %q:\n%s", want, strings.Join(tb.Notes, "\n"))
	}
}
