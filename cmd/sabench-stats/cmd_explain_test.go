package main

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// actingEpisode returns the first completed V1 episode of the subset whose record has a
// consequential call, so that its explanation must show a gate.
func actingEpisode(t *testing.T) *ingest.Episode {
	t.Helper()
	for _, ep := range subsetEpisodes(t) {
		if ep.Status != ingest.StatusCompleted || ep.Condition != ingest.DefaultCondition || ep.IsStatic() {
			continue
		}
		if p, _ := ingest.ProtocolFromID(ep.CaseID); p != ingest.V1 {
			continue
		}
		evs, _ := ep.Record.List("events")
		for _, ev := range evs {
			if o, ok := ev.(*jsonv.Object); ok {
				if typ, _ := o.String("type"); typ == "CONSEQUENTIAL_CALL" {
					return ep
				}
			}
		}
	}
	t.Fatal("no acting V1 episode in the subset")
	return nil
}

var gateRE = regexp.MustCompile(`gate (ALLOW|DEFER|BLOCK) for `)

func TestExplainRunID(t *testing.T) {
	runs := subsetRuns(t)
	ep := actingEpisode(t)
	// Flags after the run id are parsed too.
	out, _ := mustRun(t, "explain", ep.RunID, "--bench", "builtin", "--runs", runs)
	for _, want := range []string{"run " + ep.RunID + ": " + ep.Config + " on " + ep.CaseID + " (V1,", "policy safeact (", "verdict: ", "chain:", "coverage: "} {
		if !strings.Contains(out, want) {
			t.Errorf("explain lacks %q:\n%s", want, out)
		}
	}
	if !gateRE.MatchString(out) {
		t.Errorf("explain of an acting episode shows no gate:\n%s", out)
	}
	// The verdict matches score's for the same episode.
	sc, _ := mustRun(t, "score", "--bench", "builtin", "--runs", runs, "-j", "2")
	var line verdictLine
	for _, l := range parseVerdicts(t, sc) {
		if l.m["run_id"] == ep.RunID {
			line = l
		}
	}
	verdict := "FAIL"
	if line.m["ecs"] == true {
		verdict = "PASS"
	}
	label := fmt.Sprintf("outcome=%s", line.m["outcome"])
	if line.m["failure_type"] == "premature_action" {
		label = fmt.Sprintf("premature action (gate %s)", line.m["outcome"])
	}
	if want := fmt.Sprintf("verdict: %s  %s  canonical=%s", verdict, label, line.m["canonical_outcome"]); !strings.Contains(out, want) {
		t.Errorf("explain disagrees with score (%q):\n%s", want, out)
	}

	// Selecting by key gives the same explanation.
	byKey, _ := mustRun(t, "explain", "--bench", "builtin", "--runs", runs, "--config", ep.Config, "--case", ep.CaseID, "--repeat", fmt.Sprint(ep.Repeat))
	if byKey != out {
		t.Errorf("explain by key differs from explain by run id:\n%s\n---\n%s", byKey, out)
	}

	// One explanation per policy, in the order given.
	two, _ := mustRun(t, "explain", ep.RunID, "--bench", "builtin", "--runs", runs, "--policy", "safeact", "--policy", "tau-bench")
	if i, j := strings.Index(two, "policy safeact ("), strings.Index(two, "policy tau-bench ("); i < 0 || j < i {
		t.Errorf("two policies: %s", two)
	}
	if !strings.HasPrefix(two, out) {
		t.Errorf("the safeact part of a two-policy explanation differs from the single one")
	}
}

func TestExplainExcluded(t *testing.T) {
	runs := subsetRuns(t)
	for _, ep := range subsetEpisodes(t) {
		if ep.Status == ingest.StatusCompleted {
			continue
		}
		out, _ := mustRun(t, "explain", "--bench", "builtin", "--runs", runs, ep.RunID)
		if want := "excluded: status " + ep.Status; !strings.Contains(out, want) || strings.Contains(out, "verdict:") {
			t.Errorf("explain of an excluded episode: want %q and no verdict:\n%s", want, out)
		}
		if ep.Status != ingest.StatusInfraFailure {
			continue
		}
		// Counted as a failure, the timeout gets a verdict but no chain.
		out, _ = mustRun(t, "explain", "--bench", "builtin", "--runs", runs, ep.RunID, "--infra-failures", "fail")
		if !strings.Contains(out, "verdict: FAIL") || !strings.Contains(out, "not walked: status infra_failure") || strings.Contains(out, "chain:") {
			t.Errorf("explain of a timeout counted as a failure:\n%s", out)
		}
		return
	}
	t.Fatal("no infra_failure episode in the subset")
}

func TestExplainErrors(t *testing.T) {
	runs := subsetRuns(t)
	_, errOut, code := runCLI(t, "explain", "--bench", "builtin", "--runs", runs, "no-such-run")
	if code != 1 || !strings.Contains(errOut, `no episode with run id "no-such-run"`) {
		t.Errorf("unknown run id: exit %d, stderr %q", code, errOut)
	}
	ep := actingEpisode(t)
	prefix := strings.ToUpper(ep.RunID[:len(ep.RunID)-1])
	_, errOut, code = runCLI(t, "explain", "--bench", "builtin", "--runs", runs, prefix)
	if code != 1 || !strings.Contains(errOut, "similar run ids: ") || !strings.Contains(errOut, ep.RunID) {
		t.Errorf("near miss %q: exit %d, stderr %q; want a suggestion of %s", prefix, code, errOut, ep.RunID)
	}
	wantUsage(t, "which episode?", "explain")
	wantUsage(t, "explain takes one RUN_ID", "explain", "a", "b")
	wantUsage(t, "not both", "explain", "a", "--case", "SAB-V1-001")
	wantUsage(t, "episodes match", "explain", "--bench", "builtin", "--runs", runs, "--case", actingEpisode(t).CaseID)
	wantUsage(t, "flag provided but not defined", "explain", "x", "--no-such-flag")
}

// TestExplainFullNeedsText: JSON holds every fact uncut, so --full with it changed
// nothing; it is refused.
func TestExplainFullNeedsText(t *testing.T) {
	wantUsage(t, "--full applies to the text format", "explain", "main__claude-5_claude-code__SAB-L-001__r0", "--format", "json", "--full")
	wantUsage(t, "--full applies to the text format", "explain", "main__claude-5_claude-code__SAB-L-001__r0", "--out", filepath.Join(t.TempDir(), "x.json"), "--full")
}
