package analysis

import (
	"testing"

	"github.com/sabench/sabench-stats/oracle"
)

// TestPolicyNamesOnOneLine: the summary line of score, view and report named a policy
// file's name as it is, so "strict\tone" printed a tab and "two\nlines" a line of its own,
// and "strict " read as "strict" (quoted now, as the tables quote it).
func TestPolicyNamesOnOneLine(t *testing.T) {
	s := &ScoredRelease{}
	for _, n := range []string{"safeact", "strict\tone", "two\nlines", "Cl\x00aude", "strict "} {
		s.Releases = append(s.Releases, &Release{Policy: oracle.Policy{Name: n}})
	}
	if got, want := s.PolicyNames(), `safeact, strict\tone, two\nlines, Cl\x00aude, "strict "`; got != want {
		t.Errorf("PolicyNames() = %q, want %q", got, want)
	}
}
