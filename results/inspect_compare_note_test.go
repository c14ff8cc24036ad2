package results

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/bootstrap"
)

// TestInspectCompareSaysWhyAScorerIsNotCompared: a scorer only one log ran had an empty row
// (no mean, no Δ, test "none") beside compared scorers, and no note said why; the note
// said why only when every row was empty.
func TestInspectCompareSaysWhyAScorerIsNotCompared(t *testing.T) {
	nan := math.NaN()
	diff := func(scorer string, cases, onlyA, onlyB int) analysis.InspectDiff {
		d := analysis.InspectDiff{Scorer: scorer, MeanA: nan, MeanB: nan, McNemarP: nan, PTest: nan, PAdj: nan, UnpairedA: onlyA, UnpairedB: onlyB}
		d.X, d.Lo, d.Hi, d.P, d.Cases = nan, nan, nan, nan, cases
		if cases > 0 {
			d.MeanA, d.MeanB, d.X, d.Units, d.Test, d.PTest, d.PAdj = 0.75, 0.5625, 0.1875, cases, "bootstrap", 0.3, 0.3
		}
		return d
	}
	o := analysis.DefaultStatOptions()
	o.Resamples = 0
	tab := BuildInspectCompare(InspectCompare{A: "a.eval", B: "b.eval", ADesc: "log a.eval", BDesc: "log b.eval",
		Diffs: []analysis.InspectDiff{diff("grade", 0, 10, 0), diff("judge", 0, 0, 4), diff("match", 8, 2, 0), diff("other", 0, 3, 5), diff("unused", 0, 0, 0)}}, o)
	const want = "Not compared, no sample scored by both: grade (only A scored it, on 10 of its samples); judge (only B scored it, on 4 of its samples); " +
		"other (A and B scored it on different samples, 3 only in A and 5 only in B); unused (declared, but neither A nor B has a sample it scored)."
	found := false
	for _, n := range tab.Notes {
		found = found || n == want
		if strings.Contains(n, "nothing to compare") {
			t.Errorf("table-wide note on a table with a compared scorer: %s", n)
		}
	}
	if !found {
		t.Errorf("notes:\n%s\nwant %s", strings.Join(tab.Notes, "\n"), want)
	}
	// Every row empty: the table-wide reason alone.
	tab = BuildInspectCompare(InspectCompare{A: "a.eval", B: "b.eval", Diffs: []analysis.InspectDiff{diff("match", 0, 0, 10)}}, o)
	for _, n := range tab.Notes {
		if strings.HasPrefix(n, "Not compared") {
			t.Errorf("per-scorer note beside the table-wide one: %s", n)
		}
	}
}

// TestInspectLeaderboardNotBinaryNote: "pass^k is empty for 1 rows": one row is singular.
func TestInspectLeaderboardNotBinaryNote(t *testing.T) {
	nan := math.NaN()
	e := analysis.InspectEntry{Task: "popularity", Scorer: "grade", Model: "m", Samples: 10, Rows: 30, NotBinary: true}
	e.X, e.Lo, e.Hi = 0.2833, nan, nan
	o := analysis.DefaultStatOptions()
	tab := BuildInspectLeaderboard(&analysis.InspectBoard{Entries: []analysis.InspectEntry{e}, Level: 0.95}, "", "", []int{1, 2}, nil, o)
	if !slices.Contains(tab.Notes, "pass^k is empty for 1 row whose scores are not all 0 or 1.") {
		t.Errorf("notes:\n%s", strings.Join(tab.Notes, "\n"))
	}
}

// TestInspectCompareNamesIDsOfTheOtherType: a note says why samples "1" and 1 were not
// paired; the table only said that no sample was shared.
func TestInspectCompareNamesIDsOfTheOtherType(t *testing.T) {
	nan := math.NaN()
	d := analysis.InspectDiff{Scorer: "match", MeanA: nan, MeanB: nan, McNemarP: nan, PTest: nan, PAdj: nan, UnpairedA: 10, UnpairedB: 10, OtherType: 10}
	d.X, d.Lo, d.Hi, d.P = nan, nan, nan, nan
	tab := BuildInspectCompare(InspectCompare{A: "a.eval", B: "b.eval", Diffs: []analysis.InspectDiff{d}}, analysis.DefaultStatOptions())
	const want = `match: 10 of the samples only in A have the id of one only in B written as the other JSON type (a string in one log, a number in the other): "1" and 1 are different sample ids to Inspect, and are not paired.`
	if !slices.Contains(tab.Notes, want) {
		t.Errorf("notes:\n%s", strings.Join(tab.Notes, "\n"))
	}
}

// TestInspectCompareFamilyNamesItsScorers: with one of three scorers tested, the family
// note said "over the family of the 1 per-scorer tests" and left the reader to find which;
// it names the scorer in the family and why each other one is not.
func TestInspectCompareFamilyNamesItsScorers(t *testing.T) {
	nan := math.NaN()
	d := func(scorer, test string, cases int, p float64) analysis.InspectDiff {
		x := analysis.InspectDiff{Scorer: scorer, MeanA: 0.5, MeanB: 0.4, McNemarP: nan, PTest: p, PAdj: p, Test: test, Binary: test == "McNemar"}
		x.X, x.Lo, x.Hi, x.P, x.Cases, x.Units = 0.1, nan, nan, nan, cases, cases
		return x
	}
	o := analysis.DefaultStatOptions()
	tab := BuildInspectCompare(InspectCompare{A: "a.eval", B: "b.eval", Diffs: []analysis.InspectDiff{
		d("match", "McNemar", 10, 0.25), d("judge", "bootstrap", 10, nan), d("grade", "", 0, nan)}}, o)
	const want = "p (Holm): only one of the per-scorer tests (McNemar for a binary scorer, the bootstrap p otherwise) in this table ran, so its adjusted p is its p (--adjust holm|bh|none). " +
		"In the family: match (McNemar); not in it: judge (no bootstrap p: no resamples, or no interval); grade (no sample scored by both A and B)."
	if !slices.Contains(tab.Notes, want) {
		t.Errorf("notes:\n%s\nwant %s", strings.Join(tab.Notes, "\n"), want)
	}
}

// TestInspectLeaderboardNeverRanNote: a sample a log planned and never ran is a failure
// of the planned pass^k, and the note names the row and how many.
func TestInspectLeaderboardNeverRanNote(t *testing.T) {
	nan := math.NaN()
	e := analysis.InspectEntry{Task: "popularity", Scorer: "match", Model: "m", Samples: 1, Rows: 2, NeverRan: 1,
		PassKPlanned: []bootstrap.PassK{{K: 1, Value: 0.25}}, PassKPerCase: []bootstrap.PassK{{K: 1, Value: 0.5}}}
	e.X, e.Lo, e.Hi = 0.5, nan, nan
	tab := BuildInspectLeaderboard(&analysis.InspectBoard{Entries: []analysis.InspectEntry{e}, Level: 0.95}, "", "", []int{1}, nil, analysis.DefaultStatOptions())
	const want = "Planned pass^k counts the samples a log's header plans (its dataset sample ids, each for its configured epochs) that no log of the row ran, as a stopped run leaves them, as failing every planned epoch; the mean, Samples and per-case pass^k are over the samples that ran. Never run: popularity · match · m: 1 sample."
	if !slices.Contains(tab.Notes, want) {
		t.Errorf("notes:\n%s", strings.Join(tab.Notes, "\n"))
	}
}

// TestInspectLeaderboardNeverRanNoPassK: without --passk the samples a stopped run never
// reached were in no note: a board of a log stopped after 6 of its 10 planned samples
// gave its mean over 6 with only the log's status to tell. The note names the row and
// how many, and says the mean is over the samples that ran.
func TestInspectLeaderboardNeverRanNoPassK(t *testing.T) {
	nan := math.NaN()
	e := analysis.InspectEntry{Task: "popularity", Scorer: "match", Model: "m", Samples: 6, Rows: 6, NeverRan: 4}
	e.X, e.Lo, e.Hi = 0.5, nan, nan
	tab := BuildInspectLeaderboard(&analysis.InspectBoard{Entries: []analysis.InspectEntry{e}, Level: 0.95}, "", "", nil, nil, analysis.DefaultStatOptions())
	const want = "The mean and Samples are over the samples that ran; a log's header plans samples (its dataset sample ids) that no log of the row ran, as a stopped run leaves them. Never run: popularity · match · m: 4 samples."
	if !slices.Contains(tab.Notes, want) {
		t.Errorf("notes:\n%s", strings.Join(tab.Notes, "\n"))
	}
}

// TestNoResamplesPOneWording: under --resamples 0 the paired tables and compare --inspect say
// that there is no p in one wording; compare --inspect said "none (--resamples 0: no
// bootstrap was run)" where the paired tables say "none (--resamples 0): no bootstrap was
// run, so Δ = 0 is not tested".
func TestNoResamplesPOneWording(t *testing.T) {
	o := analysis.DefaultStatOptions()
	o.Resamples = 0
	tab := BuildInspectCompare(InspectCompare{A: "a.eval", B: "b.eval"}, o)
	want := "Bootstrap p: none (--resamples 0): no bootstrap was run, so Δ = 0 is not tested."
	if !slices.Contains(tab.Notes, want) {
		t.Errorf("compare --inspect notes:\n%s\nwant %s", strings.Join(tab.Notes, "\n"), want)
	}
	if got := pValueNote(o); got != "p: none (--resamples 0): no bootstrap was run, so Δ = 0 is not tested." {
		t.Errorf("paired tables: %s", got)
	}
}
