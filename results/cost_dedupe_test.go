package results_test

import (
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/results"
)

// TestCostSaysDroppedDuplicatesAreNotCounted: with --dedupe, the coverage table counts the
// duplicates dropped as read (and excluded), while the cost table, whose note said "Every
// episode read counts", counted the episodes kept: its total was 2 short of coverage's with
// nothing said. The note now says the dropped duplicates are not counted, and how many.
func TestCostSaysDroppedDuplicatesAreNotCounted(t *testing.T) {
	r := fixtureRelease(t)
	dropped := []ingest.Problem{
		{File: "runs.jsonl", Line: 9, Msg: "duplicate", Dropped: &ingest.Key{Config: "M1/Family", CaseID: "SAB-V0-001", Condition: "main"}},
		{File: "runs.jsonl", Line: 10, Msg: "duplicate", Dropped: &ingest.Key{Config: "M2/Inspect", CaseID: "SAB-V1-001", Repeat: 1, Condition: "main"}},
	}
	in := &results.Input{Releases: []*analysis.Release{r}, Stats: goldenStats(), Choices: analysis.PaperChoices(), Dropped: dropped}
	total := func(id, col string) float64 {
		s, err := results.Lookup(id)
		if err != nil {
			t.Fatal(err)
		}
		tb, err := s.Build(in)
		if err != nil {
			t.Fatal(err)
		}
		v, _ := tb.Rows[len(tb.Rows)-1].Cells[tb.Column(col)].Value()
		if id == "cost" {
			const want = "Every episode read but the 2 duplicates --dedupe dropped counts (the copy kept counts once), in every condition"
			if n := strings.Join(tb.Notes, "\n"); !strings.Contains(n, want) {
				t.Errorf("cost notes lack %q:\n%s", want, n)
			}
		}
		return v
	}
	if read, counted := total("coverage", "read"), total("cost", "episodes"); read-counted != 2 {
		t.Errorf("coverage reads %v, cost counts %v: want the 2 dropped duplicates between them", read, counted)
	}
}

// TestCoverageOneDroppedDuplicateSingular: one duplicate dropped read "1 episodes whose key
// (or run id) was read before".
func TestCoverageOneDroppedDuplicateSingular(t *testing.T) {
	in := &results.Input{Releases: []*analysis.Release{fixtureRelease(t)}, Stats: goldenStats(), Choices: analysis.PaperChoices(),
		Dropped: []ingest.Problem{{File: "runs.jsonl", Line: 9, Msg: "duplicate", Dropped: &ingest.Key{Config: "M1/Family", CaseID: "SAB-V0-001", Condition: "main"}}}}
	s, err := results.Lookup("coverage")
	if err != nil {
		t.Fatal(err)
	}
	tb, err := s.Build(in)
	if err != nil {
		t.Fatal(err)
	}
	const want = "Excluded: duplicate: 1 episode whose key (or run id) was read before, dropped by --dedupe."
	if n := strings.Join(tb.Notes, "\n"); !strings.Contains(n, want) {
		t.Errorf("coverage notes lack %q:\n%s", want, n)
	}
}
