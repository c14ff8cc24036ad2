package results_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results"
)

// TestMainTablesSayTheirEpisodes: T2 said "ECS pools all repeats (N scored episodes)" and
// failures and domains counted episodes per row, all of the main condition alone, beside a
// reconciliation (score, the index, coverage) that counts every condition's: nothing said why
// the numbers differ, nor, under a domains filter, that the rows hold fewer still. Each
// names the main condition's count, the scored count, the other conditions, and the rows'.
func TestMainTablesSayTheirEpisodes(t *testing.T) {
	cases, sets, vs := fixtureVerdicts(t)
	r := analysis.NewRelease(cases, sets, vs, oracle.SafeAct)
	// Counted here from the verdicts, not from the release.
	main, scored, v1 := 0, 0, 0
	var others []string
	for _, v := range vs {
		if v.Excluded() {
			continue
		}
		scored++
		cond := v.Condition()
		if v.Static() && v.Protocol() != ingest.Legacy && !strings.Contains(cond, "static") {
			cond += " (static)"
		}
		if cond == "main" {
			main++
			if v.Protocol() == ingest.V1 && v.Config() == "M1/Family" {
				v1++
			}
		} else if !slices.Contains(others, cond) {
			others = append(others, cond)
		}
	}
	if main == scored || v1 == 0 {
		t.Fatalf("the fixture should have other conditions and M1/Family V1 episodes: main %d, scored %d, v1 %d", main, scored, v1)
	}
	want := fmt.Sprintf("Episodes: %d scored episodes of the main condition, of the %d scored; the other %d are of conditions %s, which the coverage table counts",
		main, scored, scored-main, strings.Join(others, ", "))
	o := goldenStats()
	o.Resamples = 0
	for _, id := range []string{"T2", "failures", "domains"} {
		tb := buildOne(t, r, id, o)
		if !slices.Contains(tb.Notes, want+".") {
			t.Errorf("%s notes lack %q:\n%s", id, want+".", strings.Join(tb.Notes, "\n"))
		}
	}
	tb, err := results.BuildDomains(r, analysis.DomainFilter{Configs: []string{"M1/Family"}, Protocols: []ingest.Protocol{ingest.V1}}, o)
	if err != nil {
		t.Fatal(err)
	}
	if w := fmt.Sprintf("%s; the rows shown hold %d of the main condition's %d.", want, v1, main); !slices.Contains(tb.Notes, w) {
		t.Errorf("filtered domains notes lack %q:\n%s", w, strings.Join(tb.Notes, "\n"))
	}
}
