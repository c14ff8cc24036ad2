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

// TestVarianceNamesRepeatsNotRunOnEveryCase: M1/Inspect carries a fourth repeat on two of
// its nine V0–V3 cases (a stray repeat index). The variance table showed a Repeat 4 column
// over those two cases beside columns over nine, and its planned pass^k counted the other
// seven short "(excluded episodes)", though none was excluded; T3 averaged its rates over
// the four repeats alike. Neither said so. A note in both now names the repeat, its cases
// and the cases without it. M1/Family's one excluded episode, of a repeat no other case
// has, is not such a repeat.
func TestVarianceNamesRepeatsNotRunOnEveryCase(t *testing.T) {
	cases, sets, vs := fixtureVerdicts(t)
	var extra int
	for _, c := range cases {
		if c.Protocol == ingest.V0 && extra < 2 {
			extra++
			vs = append(vs, oracle.Fields{RunID: fmt.Sprintf("M1/Inspect|%s|3|main", c.ID), Config: "M1/Inspect", Model: "M1", Harness: "Inspect",
				CaseID: c.ID, BaseCaseID: c.ID, Protocol: c.Protocol, Domain: c.Domain, Repeat: 3, Condition: "main", Status: "completed",
				ECS: true, FirstAttemptIndex: -1, Official: -1}.Verdict())
		}
	}
	r := analysis.NewRelease(cases, sets, vs, oracle.SafeAct)
	o := goldenStats()
	o.Resamples = 0
	tb := buildOne(t, r, "variance", o)
	const want = "Repeats not run on every case: M1/Inspect ran repeat 4 on 2 of its 9 cases, so 7 of them lack a repeat no exclusion explains. "
	var got []string
	for _, n := range tb.Notes {
		if strings.HasPrefix(n, "Repeats not run") {
			got = append(got, n)
		}
	}
	if len(got) != 1 || !strings.HasPrefix(got[0], want) {
		t.Errorf("variance notes on repeats not run: %q, want one beginning %q", got, want)
	}
	// The row's short count is the seven cases, though nothing of M1/Inspect was excluded.
	col := slices.IndexFunc(tb.Columns, func(c results.Column) bool { return c.Key == "short" })
	for _, row := range tb.Rows {
		if row.Cells[0].Str() == "M1/Inspect" && row.Cells[col].N() != 7 {
			t.Errorf("M1/Inspect short cases %d, want 7", row.Cells[col].N())
		}
	}
	// T3 averages its rates over repeats, the two-case repeat with a full one's weight.
	t3 := buildOne(t, r, "T3", o)
	if n := strings.Join(t3.Notes, "\n"); !strings.Contains(n, want+"The rates weigh such a repeat as much as a full one") {
		t.Errorf("T3 notes lack %q:\n%s", want, n)
	}
	// The fixture alone: no such note.
	if n := strings.Join(buildOne(t, fixtureRelease(t), "variance", o).Notes, "\n"); strings.Contains(n, "not run on every case") {
		t.Errorf("the fixture's variance table notes repeats not run:\n%s", n)
	}
}

// TestDisagreementSaysTheMajorityOfEachRepeatCount: with M1/Family run twice per case and
// M1/Inspect three times, a strict majority is 2 of 2 for the one (a 1–1 tie fails) and 2
// of 3 for the other, but the note said "(2 of 3)" for every configuration, and so it did
// when every configuration ran 2 (or, at synth --scale 5, 15).
func TestDisagreementSaysTheMajorityOfEachRepeatCount(t *testing.T) {
	cases, sets, all := fixtureVerdicts(t)
	var vs []oracle.Verdict
	for _, v := range all {
		if v.Config() == "M1/Family" && v.Condition() == "main" && v.Repeat() == 2 {
			continue
		}
		vs = append(vs, v)
	}
	o := goldenStats()
	o.Resamples = 0
	const want = "A case succeeds for a configuration when a strict majority of its repeats succeed (2 of 3; 2 of 2, a tie failing for M1/Family, whose cases mostly have 2). "
	tb := buildOne(t, analysis.NewRelease(cases, sets, vs, oracle.SafeAct), "disagreement", o)
	if n := strings.Join(tb.Notes, "\n"); !strings.Contains(n, want) {
		t.Errorf("disagreement notes lack %q:\n%s", want, n)
	}
	// Two repeats each: the table's count is 2, none named apart.
	var two []oracle.Verdict
	for _, v := range all {
		if v.Condition() != "main" || v.Repeat() != 2 {
			two = append(two, v)
		}
	}
	if n := strings.Join(buildOne(t, analysis.NewRelease(cases, sets, two, oracle.SafeAct), "disagreement", o).Notes, "\n"); !strings.Contains(n, "succeed (2 of 2, a tie failing). ") {
		t.Errorf("two repeats each, the disagreement notes:\n%s", n)
	}
	// Three repeats each: the note as it was.
	if n := strings.Join(buildOne(t, fixtureRelease(t), "disagreement", o).Notes, "\n"); !strings.Contains(n, "succeed (2 of 3). ") {
		t.Errorf("the fixture's disagreement notes:\n%s", n)
	}
}

// TestCompareSaysTiesOfAnEvenRepeatCount: M1/Family, run twice per case, fails every case
// whose two repeats split 1–1, so compare's only-B count and McNemar's p leaned to
// M1/Inspect (three repeats) with nothing said; the note now counts those cases. With three
// repeats each there is no such note.
func TestCompareSaysTiesOfAnEvenRepeatCount(t *testing.T) {
	cases, sets, all := fixtureVerdicts(t)
	var vs []oracle.Verdict
	ties := map[string][2]int{}
	for _, v := range all {
		if v.Config() == "M1/Family" && v.Condition() == "main" && v.Repeat() == 2 {
			continue
		}
		if v.Config() == "M1/Family" && v.Condition() == "main" && !v.Excluded() {
			x := ties[v.CaseID()]
			x[0]++
			if v.ECS() {
				x[1]++
			}
			ties[v.CaseID()] = x
		}
		vs = append(vs, v)
	}
	split := 0
	for _, x := range ties {
		if 2*x[1] == x[0] {
			split++
		}
	}
	if split == 0 {
		t.Fatal("the fixture has no 1–1 split to test")
	}
	o := goldenStats()
	o.Resamples = 0
	spec := analysis.CompareSpec{A: "M1/Family", B: "M1/Inspect", Condition: "main"}
	r := analysis.NewRelease(cases, sets, vs, oracle.SafeAct)
	scopes, err := r.Compare(spec, o)
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("Ties: A's shared cases mostly have 2 repeats (a majority is 2 of 2), and %d of the 10 split evenly and count as failing.", split)
	if n := strings.Join(buildCompare(t, r, spec, scopes, o).Notes, "\n"); !strings.Contains(n, want) {
		t.Errorf("compare notes lack %q:\n%s", want, n)
	}
	r = fixtureRelease(t)
	if scopes, err = r.Compare(spec, o); err != nil {
		t.Fatal(err)
	}
	if n := strings.Join(buildCompare(t, r, spec, scopes, o).Notes, "\n"); strings.Contains(n, "Ties:") {
		t.Errorf("three repeats each, yet a note on ties:\n%s", n)
	}
}
