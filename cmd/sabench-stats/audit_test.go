package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// score --audit reports the oracle's agreement with audited labels: one passing and one
// failing episode labelled as the oracle sees them, and one failing episode labelled pass
// (a false accept) that is listed as a disagreement.
func TestScoreAudit(t *testing.T) {
	t.Parallel() // CPU-bound
	runs := subsetRuns(t)
	out, _ := mustRun(t, "score", "--bench", "builtin", "--runs", runs, "-j", "2")
	var pass, fail []map[string]any
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatal(err)
		}
		switch m["ecs"] {
		case true:
			pass = append(pass, m)
		case false:
			fail = append(fail, m)
		}
	}
	if len(pass) == 0 || len(fail) < 2 {
		t.Fatalf("subset has %d passing and %d failing episodes", len(pass), len(fail))
	}
	dir := t.TempDir()
	audit := filepath.Join(dir, "audit.csv")
	body := fmt.Sprintf("case_id,run_id,label\n%s,%s,pass\n%s,%s,0\n%s,%s,true\n",
		pass[0]["case_id"], pass[0]["run_id"], fail[0]["case_id"], fail[0]["run_id"], fail[1]["case_id"], fail[1]["run_id"])
	if err := os.WriteFile(audit, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr := mustRun(t, "score", "--bench", "builtin", "--runs", runs, "-j", "2", "--audit", audit)
	want := "agreement with the audit " + audit + " (oracle as reference): 3 episodes, raw agreement 0.6667"
	if !strings.Contains(stderr, want) || !strings.Contains(stderr, "false accepts 1 (audit pass, oracle fail), false rejects 0") {
		t.Errorf("audit summary missing; stderr:\n%s", stderr)
	}
	if !strings.Contains(stderr, fmt.Sprintf("disagreement: run %s, case %s, audit pass, oracle fail", fail[1]["run_id"], fail[1]["case_id"])) {
		t.Errorf("the false accept is not listed; stderr:\n%s", stderr)
	}

	for name, content := range map[string]string{
		"bad label":     "c,r,maybe\n",
		"unknown run":   "SAB-V1-001,no-such-run,pass\n",
		"wrong case id": fmt.Sprintf("SAB-V3-999,%s,pass\n", pass[0]["run_id"]),
	} {
		p := filepath.Join(dir, strings.ReplaceAll(name, " ", "_")+".csv")
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		outFile := filepath.Join(dir, "v.jsonl")
		_, stderr, code := runCLI(t, "score", "--bench", "builtin", "--runs", runs, "-j", "2", "--audit", p, "--out", outFile)
		if code != 1 || !strings.Contains(stderr, p+":1: ") {
			t.Errorf("%s: exit %d, stderr %q; want exit 1 naming %s:1", name, code, stderr, p)
		}
		if _, err := os.Stat(outFile); !os.IsNotExist(err) {
			t.Errorf("%s: verdicts were written despite the bad audit file", name)
		}
	}
}
