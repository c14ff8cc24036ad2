package results_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results"
)

// TestTablesNameConfigsOnFewerCases: a configuration that ran only V2 and V3, and one whose
// every episode of a case was excluded, were ranked in T2 and the policy tables beside
// configurations scored on all ten cases, and their D-M in T8 averaged other cases, without
// a word (T2 noted only the incomplete P-M). Each table now names them with their cases,
// and says per protocol whether the missing cases were not run or run and excluded (the
// note said "none on" and pointed to the excluded episodes for a protocol never run).
func TestTablesNameConfigsOnFewerCases(t *testing.T) {
	r := fewerCasesRelease(t)
	const who = "Scored on fewer cases than the 10 the configurations scored together: M2/Inspect 9 (V0: 1 case with every episode excluded); M3/Family 4 (none run on Legacy, V0, V1); "
	o := goldenStats()
	o.Resamples = 0
	for id, what := range map[string]string{"T2": "their ECS, P-M, D-M and ranks", "T8": "their domain rates and D-M",
		"policies": "their ECS and ranks under every policy", "policy_ranks": "their ranks in each leaderboard"} {
		tb := buildOne(t, r, id, o)
		want := who + what + " rest on those cases only, not on the same cases as the others' (the coverage table counts the excluded episodes)."
		if !strings.Contains(strings.Join(tb.Notes, "\n"), want) {
			t.Errorf("%s notes lack %q:\n%s", id, want, strings.Join(tb.Notes, "\n"))
		}
	}
	// The fixture itself: every configuration scored every case, so no such note.
	tb := buildOne(t, fixtureRelease(t), "T2", o)
	if n := strings.Join(tb.Notes, "\n"); strings.Contains(n, "fewer cases") {
		t.Errorf("T2 of the complete fixture notes fewer cases:\n%s", n)
	}
}

// fewerCasesRelease is fixtureRelease with M2/Inspect's main episodes of SAB-V0-001 all
// excluded (harness failures) and M3/Family, which ran the V2 and V3 cases only.
func fewerCasesRelease(t *testing.T) *analysis.Release {
	t.Helper()
	cases, sets, all := fixtureVerdicts(t)
	var vs []oracle.Verdict
	for _, v := range all {
		if v.Config() == "M2/Inspect" && v.Condition() == "main" && v.CaseID() == "SAB-V0-001" {
			vs = append(vs, oracle.Fields{Config: "M2/Inspect", Model: "M2", Harness: "Inspect", CaseID: v.CaseID(), BaseCaseID: v.CaseID(),
				Protocol: ingest.V0, Domain: v.Domain(), Repeat: v.Repeat(), Condition: "main", Status: "harness_failure", Excluded: true,
				ExclusionReason: "harness_failure", FirstAttemptIndex: -1, Official: -1}.Verdict())
			continue
		}
		vs = append(vs, v)
	}
	for rep := 0; rep < 3; rep++ {
		for _, c := range cases[:10] {
			if c.Protocol < ingest.V2 {
				continue
			}
			vs = append(vs, oracle.Fields{RunID: "M3|" + c.ID + "|" + string(rune('0'+rep)), Config: "M3/Family", Model: "M3", Harness: "Family",
				CaseID: c.ID, BaseCaseID: c.ID, Protocol: c.Protocol, Domain: c.Domain, Repeat: rep, Condition: "main", Status: "completed",
				ECS: rep != 1, FirstAttemptIndex: -1, Official: -1}.Verdict())
		}
	}
	return analysis.NewRelease(cases, sets, vs, oracle.SafeAct)
}

// TestStrategyTablesNameConfigsWithoutTheCondition: a configuration that ran the main
// condition only had no row in T13 and T14, and nothing said why. The tables now name it.
func TestStrategyTablesNameConfigsWithoutTheCondition(t *testing.T) {
	cases, sets, all := fixtureVerdicts(t)
	var vs []oracle.Verdict
	for _, v := range all {
		if v.Config() != "M2/Inspect" || v.Condition() == "main" {
			vs = append(vs, v)
		}
	}
	r := analysis.NewRelease(cases, sets, vs, oracle.SafeAct)
	o := goldenStats()
	o.Resamples = 0
	for id, want := range map[string]string{"T13": "Left out of the table: M2/Inspect (no scored scgr_eg episodes).",
		"T14": "Left out of the table: M2/Inspect (no scored scgr_eg episodes on V0–V3)."} {
		ch := analysis.PaperChoices()
		ch.StrategyExec = "scgr_eg" // the fixture's one strategy condition
		tb := buildOneWith(t, r, id, o, ch)
		if len(tb.Rows) != 3 {
			t.Errorf("%s has %d rows, want the 3 configurations that ran scgr_eg", id, len(tb.Rows))
		}
		if !slices.Contains(tb.Notes, want) {
			t.Errorf("%s notes lack %q:\n%s", id, want, strings.Join(tb.Notes, "\n"))
		}
	}
}

// buildOneWith is buildOne with the release's choices given.
func buildOneWith(t *testing.T, r *analysis.Release, id string, o analysis.StatOptions, ch analysis.Choices) *results.Table {
	t.Helper()
	s, err := results.Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := s.Build(&results.Input{Releases: []*analysis.Release{r}, Stats: o, Choices: ch})
	if err != nil {
		t.Fatalf("%s: %v", id, err)
	}
	return tb
}

// TestT3SaysWhyColumnsAreEmpty: a configuration that ran V2 and V3 only had "—" under BSR,
// PAR, CAS and Gap V1 with no word; T3 now says it has no episodes of those protocols.
func TestT3SaysWhyColumnsAreEmpty(t *testing.T) {
	o := goldenStats()
	o.Resamples = 0
	tb := buildOne(t, fewerCasesRelease(t), "T3", o)
	const want = "Empty (—): no scored episodes of the column's protocol: M3/Family (V0, V1)."
	if !slices.Contains(tb.Notes, want) {
		t.Errorf("T3 notes lack %q:\n%s", want, strings.Join(tb.Notes, "\n"))
	}
	if n := strings.Join(buildOne(t, fixtureRelease(t), "T3", o).Notes, "\n"); strings.Contains(n, "Empty (—)") {
		t.Errorf("T3 of the complete fixture:\n%s", n)
	}
}

// TestVarianceSaysWhyNoNoiseFloor: a configuration with one V0–V3 case has no noise floor;
// the note read "No noise floor for Solo/One: bootstrap: noise floor: 1 cases, want at
// least 2." (the estimator's error), and now says it in words.
func TestVarianceSaysWhyNoNoiseFloor(t *testing.T) {
	cases, sets, vs := fixtureVerdicts(t)
	var c *casespec.Case
	for _, x := range cases {
		if x.Protocol == ingest.V0 {
			c = x
			break
		}
	}
	vs = append(vs, oracle.Fields{RunID: "solo-1", Config: "Solo/One", Model: "Solo", Harness: "One", CaseID: c.ID, BaseCaseID: c.ID,
		Protocol: c.Protocol, Domain: c.Domain, Condition: "main", Status: "completed", ECS: true, FirstAttemptIndex: -1, Official: -1}.Verdict())
	o := goldenStats()
	o.Resamples = 0
	notes := strings.Join(buildOne(t, analysis.NewRelease(cases, sets, vs, oracle.SafeAct), "variance", o).Notes, "\n")
	if want := "No noise floor for Solo/One: 1 case scored, and it needs at least two."; !strings.Contains(notes, want) || strings.Contains(notes, "bootstrap:") {
		t.Errorf("variance notes:\n%s\nwant %q", notes, want)
	}
}

// TestT2CountsOneEpisodeInTheSingular: T2 on one scored episode (a real Inspect log
// relabelled as a case) said "ECS pools all repeats (1 scored episodes)".
func TestT2CountsOneEpisodeInTheSingular(t *testing.T) {
	cases, sets, vs := fixtureVerdicts(t)
	var one []oracle.Verdict
	for _, v := range vs {
		if !v.Excluded() && v.Condition() == "main" && v.Protocol() != ingest.Legacy {
			one = append(one, v)
			break
		}
	}
	o := goldenStats()
	o.Resamples = 0
	notes := strings.Join(buildOne(t, analysis.NewRelease(cases, sets, one, oracle.SafeAct), "T2", o).Notes, "\n")
	if want := "ECS pools all repeats (1 scored episode);"; !strings.Contains(notes, want) {
		t.Errorf("T2 notes:\n%s\nwant %q", notes, want)
	}
}
