package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReportRealCasesDrawPolicyRanks: report on the ten real cases under four
// configurations named as the results fixture names them (M1/Family …) left policy_ranks
// out: "not written: policy_ranks: cannot be drawn: Options.Width: the policy names needs
// 49 pt, only 48 pt available" (the first turned policy name reached past the left edge,
// and widening never moved the columns). It is drawn.
func TestReportRealCasesDrawPolicyRanks(t *testing.T) {
	bench := filepath.Join(ingestTestdata, "safeactbench")
	runs := writeRepeats(t, bench, []string{"M1/Family", "M1/Inspect", "M2/Family", "M2/Inspect"}, 3, func(config, caseID string, repeat int) bool {
		return (len(config)*7+len(caseID)*3+repeat*5+int(caseID[len(caseID)-1]))%4 == 0
	})
	out := t.TempDir()
	_, errOut := mustRun(t, "report", "--bench", bench, "--runs", runs, "--resamples", "1000", "--out", out)
	if strings.Contains(errOut, "policy_ranks") {
		t.Errorf("report says of policy_ranks:\n%s", errOut)
	}
	if _, err := os.Stat(filepath.Join(out, "figures", "policy_ranks.svg")); err != nil {
		t.Error(err)
	}
}
