package main

import (
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
)

// The notes listed configurations joined with ", " (T2's tie groups, {a, b}) or "; " (the
// interval caveats, the configurations left out), unquoted, so a configuration named
// "GLM-5.2/Inspect, temp=0.7" read as two in a tie group, and one named "Claude-5/Claude
// Code; v2" as two in a caveat. Where a listed name holds the list's separator, each
// name of the list is quoted.
func TestNotesQuoteNamesWithSeparators(t *testing.T) {
	t.Parallel()
	const comma, semi = "GLM-5.2/Inspect, temp=0.7", "Claude-5/Claude Code; v2"
	var eps []*ingest.Episode
	for _, ep := range subsetEpisodes(t) {
		if to := map[string]string{"GLM-5.2/Inspect": comma, "Claude-5/Claude Code": semi}[ep.Config]; to != "" {
			c := *ep
			c.Config = to
			ep = &c
		}
		eps = append(eps, ep)
	}
	out, _ := mustRun(t, "tables", "T2", "--bench", "builtin", "--runs", writeRuns(t, eps), "--resamples", "100", "--force", "--format", "json")
	notes := parseTables(t, out)[0].Notes
	var tie, caveat string
	for _, n := range notes {
		if strings.Contains(n, "tie groups") {
			tie = n
		}
		if strings.HasPrefix(n, "Interval caveat small_sample") {
			caveat = n
		}
	}
	if !strings.Contains(tie, `"`+comma+`"`) || !strings.Contains(tie, `"GLM-5.2/ZCode"`) {
		t.Errorf("the tie groups do not quote the names: %q", tie)
	}
	if !strings.Contains(caveat, `: "`+semi+`" v0; "`+semi+`" v1;`) {
		t.Errorf("the caveat note does not quote the names: %q", caveat)
	}
}
