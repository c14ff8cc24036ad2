package results_test

import (
	"strings"
	"testing"
)

// TestT4NoteNamesClusteredDraw: with --clustered T4's intervals resample template
// clusters (its Clusters column counts them), but its note said they resample the paired
// cases; it now says clusters, and still says cases without --clustered.
func TestT4NoteNamesClusteredDraw(t *testing.T) {
	o := goldenStats()
	o.Resamples = 20 // the note describes the draw only when there is one
	for _, clustered := range []bool{false, true} {
		o.Clustered = clustered
		want, not := "Each interval resamples the paired cases once", "template clusters once"
		if clustered {
			want, not = "Each interval resamples the paired cases' template clusters once", "paired cases once"
		}
		n := strings.Join(buildOne(t, fixtureRelease(t), "T4", o).Notes, "\n")
		if !strings.Contains(n, want) || strings.Contains(n, not) {
			t.Errorf("clustered %v: T4 notes lack %q (or hold %q):\n%s", clustered, want, not, n)
		}
	}
}
