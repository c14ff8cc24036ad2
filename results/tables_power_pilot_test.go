package results_test

import (
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/results"
)

// TestPowerNoteCountsPilotTemplates: the pilot note printed the pilot's templates beside
// the whole release's cluster count, "2 templates (template_id 4)" for a pilot on some of
// the cases; the release's count now says it is the release's.
func TestPowerNoteCountsPilotTemplates(t *testing.T) {
	r := fewerCasesRelease(t)
	p, err := r.Power(analysis.PowerSpec{Compare: analysis.CompareSpec{A: "M3/Family", B: "M1/Family", Condition: "main"}, Alpha: 0.05, Power: 0.8}, goldenStats())
	if err != nil {
		t.Fatal(err)
	}
	notes := strings.Join(results.BuildPower(p, false).Notes, "\n")
	all := p.ClusterBy
	want := "templates (the whole release's clusters: " + all + ")"
	if !strings.Contains(notes, want) {
		t.Errorf("power notes lack %q:\n%s", want, notes)
	}
}
