package main

import (
	"strings"
	"testing"
)

// TestCoverageSaysInfraFailuresScored: under --infra-failures fail the coverage table
// counted the infra_failure episodes among Scored, its only note saying what the flag does
// in general: nothing said how many of the scored were such episodes. The real-case runs
// hold one; the note now counts it.
func TestCoverageSaysInfraFailuresScored(t *testing.T) {
	runs := realRuns(t)
	out, _ := mustRun(t, "tables", "coverage", "--bench", realCases, "--runs", runs, "--infra-failures", "fail")
	const want = "Scored includes 1 infra_failure episode scored as a failure (--infra-failures fail), not excluded."
	if !strings.Contains(out, want) || !strings.Contains(out, "│ All       │           │   17 │     17 │") {
		t.Errorf("coverage lacks %q or the All row read 17, scored 17:\n%s", want, out)
	}
	out, _ = mustRun(t, "tables", "coverage", "--bench", realCases, "--runs", runs)
	if strings.Contains(out, "Scored includes") {
		t.Errorf("without the flag the infra_failure is excluded, yet:\n%s", out)
	}
}
