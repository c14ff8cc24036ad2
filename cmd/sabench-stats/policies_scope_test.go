package main

import (
	"strings"
	"testing"
)

// TestEveryPolicyTableSaysItsEpisodes: with two policies, domains (and each leaderboard of
// the viewer) built the second policy's table from a release of the main condition's
// verdicts alone, whose reconciliation then counted only those: the first policy's table said
// its episodes were the main condition's of more scored, the second's nothing. Both say the
// same now, as what was read, scored and excluded does not depend on the policy.
func TestEveryPolicyTableSaysItsEpisodes(t *testing.T) {
	out, _ := mustRun(t, "domains", "--bench", "builtin", "--runs", subsetRuns(t), "--resamples", "0", "--policy", "safeact", "--policy", "near-miss")
	var notes []string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "Episodes: ") {
			notes = append(notes, l)
		}
	}
	if len(notes) != 2 || notes[0] != notes[1] || !strings.Contains(notes[0], "of the main condition, of the ") {
		t.Errorf("want the same Episodes note under both policies, got %q:\n%s", notes, out)
	}
}
