package results_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/figures"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/synth"
	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results"
)

// subsetRelease is fixtureRelease cut down to the cases of the given protocols, as a bench
// built like SafeActBench with some of its protocols only would be.
func subsetRelease(t *testing.T, keep ...ingest.Protocol) *analysis.Release {
	t.Helper()
	cases, sets, all := fixtureVerdicts(t)
	var in []*casespec.Case
	for _, c := range cases {
		if slices.Contains(keep, c.Protocol) {
			in = append(in, c)
		}
	}
	var vs []oracle.Verdict
	for _, v := range all {
		if slices.Contains(keep, v.Protocol()) {
			vs = append(vs, v)
		}
	}
	return analysis.NewRelease(in, sets, vs, oracle.SafeAct)
}

// TestVarianceCountsTheBenchsCases: the variance table said "Over the V0–V3 cases (570 in
// the paper; Legacy left out)" of a bench with 9 such cases, a count the bench does not
// have; it now gives the bench's own, of the protocols it has (a bench of V1 and V2 cases
// read "5 V0–V3 cases", then a note that V0–V3 meant V1 and V2).
func TestVarianceCountsTheBenchsCases(t *testing.T) {
	o := goldenStats()
	o.Resamples = 0
	for _, c := range []struct {
		r    *analysis.Release
		want string
	}{
		{fixtureRelease(t), "Over the bench's 9 V0–V3 cases (Legacy left out)."},
		{subsetRelease(t, ingest.V1, ingest.V2), "Over the bench's 5 V1 and V2 cases (Legacy left out)."},
	} {
		notes := strings.Join(buildOne(t, c.r, "variance", o).Notes, "\n")
		if !strings.Contains(notes, c.want) || strings.Contains(notes, "570") {
			t.Errorf("variance notes:\n%s\nwant %q and no 570", notes, c.want)
		}
	}
	// A bench of Legacy cases: empty because the bench has none, not over "0 V0–V3 cases".
	tb := buildOne(t, subsetRelease(t, ingest.Legacy), "variance", o)
	if want := "the bench has no V0, V1, V2 or V3 case"; tb.Empty != want || strings.Contains(strings.Join(tb.Notes, "\n"), "0 V0–V3") {
		t.Errorf("Legacy only: empty because %q, notes\n%s\nwant %q", tb.Empty, strings.Join(tb.Notes, "\n"), want)
	}
}

// TestVarianceSaysHowManyCasesRan: on a bench whose V3 episodes nobody ran, the note said
// "Over the bench's 9 V0–V3 cases (Legacy left out)" while every row was on fewer; it now
// says how many were run, and only where that differs (TestVarianceCountsTheBenchsCases).
func TestVarianceSaysHowManyCasesRan(t *testing.T) {
	o := goldenStats()
	o.Resamples = 0
	cases, sets, vs := fixtureVerdictsWithoutV3(t)
	r := analysis.NewRelease(cases, sets, vs, oracle.SafeAct)
	run := map[string]bool{} // the V0–V3 cases of the scored main-condition episodes
	for _, v := range r.Main() {
		if v.Protocol() != ingest.Legacy {
			run[v.CaseID()] = true
		}
	}
	tb := buildOne(t, r, "variance", o)
	notes := strings.Join(tb.Notes, "\n")
	want := fmt.Sprintf("Over the bench's 9 V0–V3 cases (Legacy left out), %d of them run.", len(run))
	if len(run) >= 9 || !strings.Contains(notes, want) {
		t.Errorf("variance notes:\n%s\nwant %q", notes, want)
	}
	for _, row := range tb.Rows {
		if n := row.Cells[1].N(); n > int64(len(run)) {
			t.Errorf("row %s on %d cases, where %d were run", row.Cells[0].Str(), n, len(run))
		}
	}
}

// TestStrategyTablesSayWhichProtocolsTheBenchLacks: on a bench of V1 and V2 cases, T13's
// Δ Legacy, Δ V0 and Δ V3 columns (T14's Δ V0 and Δ V3) were "—" in every row with no
// word, where T2, T3 and domains say the bench has no case of those protocols; they are
// now left out, as T2's are (TestProtocolColumnsLeftOutKeepTheFamily).
func TestStrategyTablesSayWhichProtocolsTheBenchLacks(t *testing.T) {
	o := goldenStats()
	o.Resamples = 0
	ch := analysis.PaperChoices()
	ch.StrategyExec = "scgr_eg" // the fixture's one strategy condition
	for id, want := range map[string]string{
		"T13": "The bench has no Legacy, V0 or V3 case: their columns are left out.",
		"T14": "The bench has no V0 or V3 case: their columns are left out.",
	} {
		tb := buildOneWith(t, subsetRelease(t, ingest.V1, ingest.V2), id, o, ch)
		if len(tb.Rows) == 0 || !slices.Contains(tb.Notes, want) {
			t.Errorf("%s: %d rows, notes\n%s\nwant rows and %q", id, len(tb.Rows), strings.Join(tb.Notes, "\n"), want)
		}
		if n := strings.Join(buildOneWith(t, fixtureRelease(t), id, o, ch).Notes, "\n"); strings.Contains(n, "The bench has no") {
			t.Errorf("%s of the complete fixture:\n%s", id, n)
		}
	}
	// T14 is on V0–V3: a bench of Legacy cases has none, whatever was run on it.
	tb := buildOneWith(t, subsetRelease(t, ingest.Legacy), "T14", o, ch)
	if want := "the bench has no V0, V1, V2 or V3 case"; tb.Empty != want {
		t.Errorf("T14 of Legacy cases: empty because %q, want %q", tb.Empty, want)
	}
}

// TestHarnessTablesSayWhyARowIsEmpty: on a bench of Legacy cases only (and where a
// model's two configurations ran no V0–V3 case in common), T4 showed each model's row
// empty and the disagreement table counted 0 shared cases, with no word of why, and the
// disagreement note gave the paper's majority, "2 of 3", of configurations with no V0–V3
// repeat at all.
func TestHarnessTablesSayWhyARowIsEmpty(t *testing.T) {
	o := goldenStats()
	o.Resamples = 0
	cases, sets, all := fixtureVerdicts(t)
	var vs []oracle.Verdict
	for _, v := range all {
		if v.Config() != "M1/Inspect" || v.Protocol() == ingest.Legacy {
			vs = append(vs, v)
		}
	}
	apart := analysis.NewRelease(cases, sets, vs, oracle.SafeAct)
	const both = "M1/Family and M1/Inspect; M2/Family and M2/Inspect (the bench has no V0, V1, V2 or V3 case)."
	const one = "M1/Family and M1/Inspect (no V0–V3 case that both configurations ran)."
	for _, c := range []struct {
		r        *analysis.Release
		id, want string
	}{
		{subsetRelease(t, ingest.Legacy), "T4", "No paired case, so the row is empty (—): " + both},
		{subsetRelease(t, ingest.Legacy), "disagreement", "No shared case, so the row counts none and has no McNemar p: " + both},
		{apart, "T4", "No paired case, so the row is empty (—): " + one},
		{apart, "disagreement", "No shared case, so the row counts none and has no McNemar p: " + one},
	} {
		tb := buildOne(t, c.r, c.id, o)
		notes := strings.Join(tb.Notes, "\n")
		if !slices.Contains(tb.Notes, c.want) {
			t.Errorf("%s notes:\n%s\nlack %q", c.id, notes, c.want)
		}
		if c.id == "disagreement" && c.r != apart && strings.Contains(notes, "of 3") {
			t.Errorf("disagreement of configurations without V0–V3 repeats gives a majority count:\n%s", notes)
		}
	}
	for _, id := range []string{"T4", "disagreement"} {
		if n := strings.Join(buildOne(t, fixtureRelease(t), id, o).Notes, "\n"); strings.Contains(n, "No paired case") || strings.Contains(n, "No shared case") {
			t.Errorf("%s of the complete fixture:\n%s", id, n)
		}
	}
}

// TestV0V3TablesNameTheBenchsProtocols: on a bench of V1 and V2 cases the variance table
// said "the bench's 5 V0–V3 cases" and then "The bench has no V0 or V3 case: V0–V3 in these
// notes is V1 and V2."; T4 and the disagreement table said the same of a pair without a
// shared case. Their notes now name the bench's protocols, as their titles do, and need no
// such explanation.
func TestV0V3TablesNameTheBenchsProtocols(t *testing.T) {
	o := goldenStats()
	o.Resamples = 0
	noV0V3 := func(id string, notes []string) {
		t.Helper()
		if n := strings.Join(notes, "\n"); strings.Contains(n, "V0–V3") {
			t.Errorf("%s on a bench of V1 and V2 cases says V0–V3:\n%s", id, n)
		}
	}
	for _, id := range []string{"T4", "disagreement", "variance"} {
		tb := buildOne(t, subsetRelease(t, ingest.V1, ingest.V2), id, o)
		if len(tb.Rows) == 0 {
			t.Errorf("%s: no rows", id)
		}
		noV0V3(id, tb.Notes)
	}
	// M1's two harnesses ran no V1 or V2 case in common: the note naming the pair says so.
	cases, sets, all := fixtureVerdicts(t)
	var in []*casespec.Case
	for _, c := range cases {
		if c.Protocol == ingest.V1 || c.Protocol == ingest.V2 {
			in = append(in, c)
		}
	}
	var vs []oracle.Verdict
	for _, v := range all {
		p := v.Protocol()
		if (p == ingest.V1 && v.Config() != "M1/Family") || (p == ingest.V2 && v.Config() != "M1/Inspect") {
			vs = append(vs, v)
		}
	}
	for _, id := range []string{"T4", "disagreement"} {
		notes := buildOne(t, analysis.NewRelease(in, sets, vs, oracle.SafeAct), id, o).Notes
		if !slices.ContainsFunc(notes, func(n string) bool { return strings.Contains(n, "(no V1 or V2 case that both configurations ran)") }) {
			t.Errorf("%s with a pair of no shared case: notes\n%s\nwant the pair named with the bench's protocols", id, strings.Join(notes, "\n"))
		}
		noV0V3(id, notes)
	}
}

// TestDomainsNamedLikeAColumn: a bench whose domains are called "cases" and "dm" failed the
// whole report ("table T1: column "cases": field "cases" is used twice"), since T1 and T8
// key each domain's column by its name beside their own cases and dm columns.
func TestDomainsNamedLikeAColumn(t *testing.T) {
	cases, sets, all := fixtureVerdicts(t)
	rename := map[string]string{"customer_policy_qa": "cases", "legal_finance_advice": "dm", "smart_home_agent": "group"}
	for i, c := range cases {
		if n, ok := rename[c.Domain]; ok {
			cc := *c
			cc.Domain = n
			cases[i] = &cc
		}
	}
	var vs []oracle.Verdict
	for _, v := range all {
		f := v.Fields()
		if n, ok := rename[f.Domain]; ok {
			f.Domain = n
		}
		vs = append(vs, f.Verdict())
	}
	r := analysis.NewRelease(cases, sets, vs, oracle.SafeAct)
	o := goldenStats()
	for id, want := range map[string][]string{"T1": {"domain_cases", "dm", "domain_group"}, "T8": {"cases", "domain_dm", "domain_group"}} {
		tb := buildOne(t, r, id, o)
		var keys, headers []string
		for _, c := range tb.Columns {
			keys, headers = append(keys, c.Key), append(headers, c.Header)
		}
		for _, k := range want {
			if !slices.Contains(keys, k) {
				t.Errorf("%s keys %q lack %q", id, keys, k)
			}
		}
		for _, h := range []string{"cases", "dm", "group"} {
			if !slices.Contains(headers, h) {
				t.Errorf("%s headers %q lack the domain %q", id, headers, h)
			}
		}
		if err := tb.Validate(); err != nil {
			t.Errorf("%s: %v", id, err)
		}
		if !strings.Contains(strings.Join(tb.Notes, "\n"), "is keyed apart: ") {
			t.Errorf("%s notes do not say which domains are keyed otherwise:\n%s", id, strings.Join(tb.Notes, "\n"))
		}
	}
}

// TestDomainsFilterOnAProtocolTheBenchLacks: domains --protocol v0 on a bench of V1 and V2
// cases said only that no scored episode matched, as if none had been run or scored.
func TestDomainsFilterOnAProtocolTheBenchLacks(t *testing.T) {
	o := goldenStats()
	o.Resamples = 0
	r := subsetRelease(t, ingest.V1, ingest.V2)
	tb, err := results.BuildDomains(r, analysis.DomainFilter{Protocols: []ingest.Protocol{ingest.V0, ingest.V3}}, o)
	if err != nil {
		t.Fatal(err)
	}
	if want := "the bench has no V0 or V3 case"; tb.Empty != want {
		t.Errorf("empty because %q, want %q", tb.Empty, want)
	}
	tb, err = results.BuildDomains(r, analysis.DomainFilter{Protocols: []ingest.Protocol{ingest.V1}, Configs: []string{"M1/Family"}, Domains: []string{"healthcare_operations_agent"}}, o)
	if err != nil {
		t.Fatal(err)
	}
	if len(tb.Rows) != 0 && tb.Empty != "" || len(tb.Rows) == 0 && tb.Empty != "no scored main-condition episodes match" {
		t.Errorf("%d rows, empty because %q", len(tb.Rows), tb.Empty)
	}
}

// TestInterventionsOfTheBenchsOwnVariants: a bench built like SafeActBench with an
// intervention variant of its own (BASE@redacted, run as condition "redacted") had no
// row of it in the interventions table, which compared only the paper's four conditions,
// and said of a configuration that ran only it "no episodes of an intervention condition".
func TestInterventionsOfTheBenchsOwnVariants(t *testing.T) {
	cases, sets, all := fixtureVerdicts(t)
	v1 := cases[len(cases)-1] // SAB-V1-001@withheld
	red := *v1
	red.ID, red.Variant = "SAB-V1-001@redacted", "redacted"
	cases = append(cases, &red)
	var vs []oracle.Verdict
	for _, v := range all {
		vs = append(vs, v)
		if v.Condition() == "withheld" {
			f := v.Fields()
			f.RunID, f.CaseID, f.Condition = f.RunID+"|redacted", red.ID, "redacted"
			f.Attempted = !f.Attempted
			vs = append(vs, f.Verdict())
		}
	}
	o := goldenStats()
	o.Resamples = 0
	tb := buildOne(t, analysis.NewRelease(cases, sets, vs, oracle.SafeAct), "interventions", o)
	var conds []string
	for _, r := range tb.Rows {
		conds = append(conds, r.Cells[1].Str())
	}
	if want := []string{"withheld", "redacted"}; len(conds) != 8 || !slices.Equal(conds[:2], want) {
		t.Errorf("conditions %q, want each configuration's withheld, then redacted", conds)
	}
}

// TestT1ListsTheBenchsProtocols: T1 listed all five protocols, a row of zeros for each the
// bench has no case of (Legacy, V0 and V3 of a bench of V1 and V2 cases), where T7 lists
// the bench's own; it now lists those and names the others.
func TestT1ListsTheBenchsProtocols(t *testing.T) {
	o := goldenStats()
	tb := buildOne(t, subsetRelease(t, ingest.V1, ingest.V2), "T1", o)
	var labels []string
	for _, r := range tb.Rows {
		labels = append(labels, r.Cells[0].Str())
	}
	if want := []string{"V1", "V2", "All"}; !slices.Equal(labels, want) {
		t.Errorf("rows %q, want %q", labels, want)
	}
	if want := "The bench has no Legacy, V0 or V3 case."; !slices.Contains(tb.Notes, want) {
		t.Errorf("notes %q lack %q", tb.Notes, want)
	}
	if n := len(buildOne(t, fixtureRelease(t), "T1", o).Rows); n != 6 {
		t.Errorf("T1 of the complete fixture has %d rows, want 5 protocols and All", n)
	}
}

// TestCompareOnAProtocolTheBenchLacks: compare --protocol v0,v1 on a bench of V1 and V2
// cases said of V0 that "A or B has no scored episodes" of it, as if they had not run it.
func TestCompareOnAProtocolTheBenchLacks(t *testing.T) {
	o := goldenStats()
	o.Resamples = 0
	r := subsetRelease(t, ingest.V1, ingest.V2)
	spec := analysis.CompareSpec{A: "M1/Family", B: "M2/Family", Condition: "main", Protocols: []ingest.Protocol{ingest.V0, ingest.V1}}
	scopes, err := r.Compare(spec, o)
	if err != nil {
		t.Fatal(err)
	}
	notes := strings.Join(buildCompare(t, r, spec, scopes, o).Notes, "\n")
	if want := "No row for V0: the bench has no V0 case."; !strings.Contains(notes, want) || strings.Contains(notes, "scored episodes of those") {
		t.Errorf("compare notes:\n%s\nwant %q only", notes, want)
	}
}

// TestPowerOnAProtocolTheBenchLacks: power --protocol v0 on a bench of V1 and V2 cases was
// refused for "0 shared cases, want at least 2", not for the bench having no V0 case.
func TestPowerOnAProtocolTheBenchLacks(t *testing.T) {
	r := subsetRelease(t, ingest.V1, ingest.V2)
	_, err := r.Power(analysis.PowerSpec{Compare: analysis.CompareSpec{A: "M1/Family", B: "M2/Family", Condition: "main",
		Protocols: []ingest.Protocol{ingest.V0, ingest.V3}}, Alpha: 0.05, Power: 0.8}, goldenStats())
	if want := "power: M1/Family − M2/Family: the bench has no V0 or V3 case"; err == nil || err.Error() != want {
		t.Errorf("error %v, want %q", err, want)
	}
}

// TestV0V3TitlesNameTheBenchsProtocols: T4, T14, the disagreement and the variance tables
// were titled "V0–V3" on a bench of V1 and V2 cases, true only with a note; their titles
// name the protocols the bench has, and keep "V0–V3" on a bench with all four.
func TestV0V3TitlesNameTheBenchsProtocols(t *testing.T) {
	o := goldenStats()
	o.Resamples = 0
	for _, c := range []struct{ id, full, part string }{
		{"T4", "Paired harness comparison (family harness − Inspect, V0–V3)", "Paired harness comparison (family harness − Inspect, V1 and V2)"},
		{"T14", "Strategy scgr_select vs main (ECS %, V0–V3)", "Strategy scgr_select vs main (ECS %, V1 and V2)"},
		{"disagreement", "Case-level disagreement between harnesses (majority of repeats, V0–V3)", "Case-level disagreement between harnesses (majority of repeats, V1 and V2)"},
		{"variance", "Repeat-to-repeat variation of ECS and the noise floor (V0–V3)", "Repeat-to-repeat variation of ECS and the noise floor (V1 and V2)"},
	} {
		if got := buildOne(t, subsetRelease(t, ingest.V1, ingest.V2), c.id, o).Title; got != c.part {
			t.Errorf("%s on a bench of V1 and V2: %q, want %q", c.id, got, c.part)
		}
		if got := buildOne(t, fixtureRelease(t), c.id, o).Title; got != c.full {
			t.Errorf("%s on the complete fixture: %q, want %q", c.id, got, c.full)
		}
	}
}

// TestMainTablesShowTheBenchsProtocols: on a bench of V1 and V2 cases, T2 and domains kept
// a Legacy, a V0 and a V3 column empty in every row; they now have a column for each
// protocol the bench has, and a note names the ones left out. The complete fixture keeps
// all five.
func TestMainTablesShowTheBenchsProtocols(t *testing.T) {
	o := goldenStats()
	o.Resamples = 0
	keys := func(tb *results.Table) string {
		var ks []string
		for _, c := range tb.Columns {
			ks = append(ks, c.Key)
		}
		return strings.Join(ks, ",")
	}
	for _, c := range []struct {
		id, sub, all, note string
	}{
		{"T2", "config,ecs,pm,dm,v1,v2,", "config,ecs,pm,dm,legacy,v0,v1,v2,v3,", "The bench has no Legacy, V0 or V3 case: their columns are left out. P-M is the mean over V1 and V2 only."},
		{"domains", "config,domain,v1,v2,all,n", "config,domain,legacy,v0,v1,v2,v3,all,n", "The bench has no Legacy, V0 or V3 case: their columns are left out."},
	} {
		tb := buildOne(t, subsetRelease(t, ingest.V1, ingest.V2), c.id, o)
		if got := keys(tb); !strings.HasPrefix(got, c.sub) || len(tb.Rows) == 0 || !slices.Contains(tb.Notes, c.note) {
			t.Errorf("%s on V1 and V2 cases: columns %s, %d rows, notes\n%s\nwant columns %s… and %q", c.id, got, len(tb.Rows), strings.Join(tb.Notes, "\n"), c.sub, c.note)
		}
		for _, row := range tb.Rows {
			if len(row.Cells) != len(tb.Columns) {
				t.Errorf("%s: a row of %d cells under %d columns", c.id, len(row.Cells), len(tb.Columns))
			}
		}
		full := buildOne(t, fixtureRelease(t), c.id, o)
		if got := keys(full); !strings.HasPrefix(got, c.all) || strings.Contains(strings.Join(full.Notes, "\n"), "The bench has no") {
			t.Errorf("%s of the complete fixture: columns %s, notes\n%s", c.id, got, strings.Join(full.Notes, "\n"))
		}
	}
}

// TestVarianceNamesNoPaperCount: a bench with as many V0–V3 cases as the paper's release
// (the built-in release's catalog, as a bench of one's own copied from `synth --out` has)
// read "Over the V0–V3 cases (570 in the paper; Legacy left out)", a sentence about the
// paper on data that is not the paper's; it now gives the bench's count, as on any bench.
func TestVarianceNamesNoPaperCount(t *testing.T) {
	rel, err := synth.Default()
	if err != nil {
		t.Fatal(err)
	}
	b, err := casespec.NewBench("builtin", rel.Cases, rel.Sets, casespec.BenchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var eps []*ingest.Episode // one configuration's main condition: enough for the notes
	for _, ep := range rel.Episodes {
		if ep.Config == "Qwen3.8/Qwen Code" && ep.Condition == ingest.DefaultCondition {
			eps = append(eps, ep)
		}
	}
	s, err := analysis.Score(&ingest.SliceSource{Episodes: eps}, b.Case, analysis.ScoreOptions{Policies: []oracle.Policy{oracle.SafeAct}, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	o := goldenStats()
	o.Resamples = 0
	notes := strings.Join(buildOne(t, analysis.NewScoredRelease("builtin", b, s, nil).Releases[0], "variance", o).Notes, "\n")
	if want := "Over the bench's 570 V0–V3 cases (Legacy left out)."; !strings.Contains(notes, want) || strings.Contains(notes, "paper") {
		t.Errorf("variance notes:\n%s\nwant %q and no word of the paper", notes, want)
	}
}

// TestEmptyFamilyNoteSaysNoRows: T4 and disagreement with no configuration of the shared
// harness have no rows; their adjusted-p note said no test could be run "(no resamples, or
// no interval)" and "(no shared case)", with 5000 resamples and nothing to pair. It now
// says the table has no rows.
func TestEmptyFamilyNoteSaysNoRows(t *testing.T) {
	o := goldenStats()
	ch := analysis.PaperChoices()
	ch.SharedHarness = "nobody-ran-this"
	for _, id := range []string{"T4", "disagreement"} {
		tb := buildOneWith(t, fixtureRelease(t), id, o, ch)
		notes := strings.Join(tb.Notes, "\n")
		if tb.Empty == "" || !strings.Contains(notes, "could be run in this table (it has no rows), so there is nothing to adjust.") ||
			strings.Contains(notes, noResamples) || strings.Contains(notes, "no shared case") {
			t.Errorf("%s: empty %q, notes:\n%s\nwant the family note to say it has no rows", id, tb.Empty, notes)
		}
	}
}

const noResamples = "no resamples, or no interval"

// TestProtocolColumnsLeftOutKeepTheFamily: on a bench of V1 and V2 cases, T3, T13 and T14
// kept a column empty in every row for each protocol the bench lacks. Such a column's Δ
// has no p-value, so it was no test of T13's and T14's multiplicity family: leaving it out
// (as T2 does) changes no other cell. Each adjusted p-value is the Holm adjustment of the
// p-values the table shows, overall and per protocol, and the family counts those alone.
func TestProtocolColumnsLeftOutKeepTheFamily(t *testing.T) {
	o := goldenStats()
	ch := analysis.PaperChoices()
	ch.StrategyExec = "scgr_eg" // the fixture's one strategy condition
	r := subsetRelease(t, ingest.V1, ingest.V2)
	for _, c := range []struct{ id, keys, note string }{
		{"T3", "config,par,cas,gap_v1,gap_v2,part_v2", "The bench has no V0 or V3 case: BSR (V0), Gap V3 and Part. V3 are left out."},
		{"T13", "config,cases,main,strategy,delta,delta_p,delta_p_adj,delta_v1,delta_v2,delta_v1_p,delta_v1_p_adj,delta_v2_p,delta_v2_p_adj", "The bench has no Legacy, V0 or V3 case: their columns are left out."},
		{"T14", "config,cases,main,strategy,delta,delta_p,delta_p_adj,delta_v1,delta_v2,delta_v1_p,delta_v1_p_adj,delta_v2_p,delta_v2_p_adj", "The bench has no V0 or V3 case: their columns are left out."},
	} {
		tb := buildOneWith(t, r, c.id, o, ch)
		var keys []string
		col := map[string]int{}
		for i, k := range tb.Columns {
			keys = append(keys, k.Key)
			col[k.Key] = i
		}
		if got := strings.Join(keys, ","); got != c.keys || len(tb.Rows) == 0 || !slices.Contains(tb.Notes, c.note) {
			t.Errorf("%s: columns %s, %d rows, notes\n%s\nwant columns %s and %q", c.id, got, len(tb.Rows), strings.Join(tb.Notes, "\n"), c.keys, c.note)
		}
		if c.id == "T3" {
			continue
		}
		var ps, adj []float64
		for _, row := range tb.Rows {
			if len(row.Cells) != len(tb.Columns) {
				t.Fatalf("%s: a row of %d cells under %d columns", c.id, len(row.Cells), len(tb.Columns))
			}
			for _, k := range []string{"delta", "delta_v1", "delta_v2"} {
				p, ok := row.Cells[col[k+"_p"]].Value()
				a, ok2 := row.Cells[col[k+"_p_adj"]].Value()
				if ok != ok2 {
					t.Fatalf("%s: %s_p shown %v, %s_p_adj shown %v", c.id, k, ok, k, ok2)
				}
				if !ok {
					continue // a degenerate Δ has no p and is no test of the family
				}
				ps, adj = append(ps, p), append(adj, a)
			}
		}
		want := analysis.AdjustHolm.Apply(ps)
		if !slices.Equal(adj, want) {
			t.Errorf("%s: adjusted p-values %v, want the Holm adjustment of the shown ones %v", c.id, adj, want)
		}
		family := fmt.Sprintf("over the family of the %d Δ tests", len(ps))
		if n := strings.Join(tb.Notes, "\n"); !strings.Contains(n, family) {
			t.Errorf("%s: notes\n%s\nwant %q", c.id, n, family)
		}
	}
}

// TestHarnessScopeIsWhatThePairsCover: on a bench whose V3 cases nobody ran, T4 and the
// harness_differences figure said "V0–V3" in their titles (and T4 "the V0–V3 cases both
// configurations ran") where the pairs cover V0, V1 and V2; they name those. The complete
// fixture keeps "V0–V3".
func TestHarnessScopeIsWhatThePairsCover(t *testing.T) {
	o := goldenStats()
	o.Resamples = 0
	cases, sets, vs := fixtureVerdictsWithoutV3(t)
	for _, c := range []struct {
		r     *analysis.Release
		scope string
	}{
		{analysis.NewRelease(cases, sets, vs, oracle.SafeAct), "V0, V1 and V2"},
		{fixtureRelease(t), "V0–V3"},
	} {
		tb := buildOne(t, c.r, "T4", o)
		title := "Paired harness comparison (family harness − Inspect, " + c.scope + ")"
		note := "Both arms, Δ and Complete are computed on the paired cases (the " + c.scope + " cases both configurations ran)."
		if tb.Title != title || !slices.Contains(tb.Notes, note) {
			t.Errorf("T4: title %q, notes\n%s\nwant %q and %q", tb.Title, strings.Join(tb.Notes, "\n"), title, note)
		}
		figs, _, err := figures.Report(c.r, nil, o, analysis.PaperChoices())
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, f := range figs {
			if f.Name == "harness_differences" {
				found = true
				if got, want := f.Fig.(figures.Forest).Title, "Family harness − Inspect (ECS, "+c.scope+")"; got != want {
					t.Errorf("harness_differences: title %q, want %q", got, want)
				}
			}
		}
		if !found {
			t.Errorf("no harness_differences figure")
		}
		// The other V0–V3 titles name what was run, by the same mechanism; T14 leaves out
		// the column of a protocol no configuration ran in both conditions, saying so.
		// (The fixture's strategy condition is scgr_eg: T14 is asked for it.)
		ch := analysis.PaperChoices()
		ch.StrategyExec = "scgr_eg"
		for id, want := range map[string]string{
			"T14":          "Strategy scgr_eg vs main (ECS %, " + c.scope + ")",
			"disagreement": "Case-level disagreement between harnesses (majority of repeats, " + c.scope + ")",
			"variance":     "Repeat-to-repeat variation of ECS and the noise floor (" + c.scope + ")",
		} {
			if got := buildOneWith(t, c.r, id, o, ch).Title; got != want {
				t.Errorf("%s: title %q, want %q", id, got, want)
			}
		}
		t14 := buildOneWith(t, c.r, "T14", o, ch)
		hasV3 := slices.ContainsFunc(t14.Columns, func(col results.Column) bool { return strings.HasPrefix(col.Key, "delta_v3") })
		noted := slices.Contains(t14.Notes, "No configuration ran both main and scgr_eg on a V3 case: its column is left out.")
		if wantV3 := c.scope == "V0–V3"; hasV3 != wantV3 || noted == wantV3 {
			t.Errorf("T14 (%s): V3 column %v, note %v; notes\n%s", c.scope, hasV3, noted, strings.Join(t14.Notes, "\n"))
		}
	}
}

// fixtureVerdictsWithoutV3 is the golden fixture as run on a bench whose V3 cases nobody
// ran: its cases and sets, and its verdicts but the V3 ones.
func fixtureVerdictsWithoutV3(t *testing.T) ([]*casespec.Case, map[string][]string, []oracle.Verdict) {
	t.Helper()
	cases, sets, all := fixtureVerdicts(t)
	var vs []oracle.Verdict
	for _, v := range all {
		if v.Protocol() != ingest.V3 {
			vs = append(vs, v)
		}
	}
	return cases, sets, vs
}

// TestInterventionsNamesVariantsWithoutAffectedTool: a variant whose spec is its base's
// (SAB-V1-001@same, run as condition "same") has no affected tool, so the looked column
// leaves its acted episodes out, and its denominator fell short of Acted with nothing said
// ("—" here; 2/4 beside Acted 6/9 where other variants had an affected tool, in the
// recomputation of docs/command-checks.md). A note names the configuration, condition and
// case.
func TestInterventionsNamesVariantsWithoutAffectedTool(t *testing.T) {
	cases, sets, all := fixtureVerdicts(t)
	var base *casespec.Case
	for _, c := range cases {
		if c.ID == "SAB-V1-001" {
			base = c
		}
	}
	if base == nil {
		t.Fatal("no SAB-V1-001 in the fixture")
	}
	same := *base
	same.ID, same.Variant = "SAB-V1-001@same", "same"
	cases = append(cases, &same)
	vs := slices.Clone(all)
	for _, v := range all {
		if v.Condition() == "withheld" {
			f := v.Fields()
			f.RunID, f.CaseID, f.Condition, f.Attempted = f.RunID+"|same", same.ID, "same", true
			vs = append(vs, f.Verdict())
		}
	}
	o := goldenStats()
	o.Resamples = 0
	tb := buildOne(t, analysis.NewRelease(cases, sets, vs, oracle.SafeAct), "interventions", o)
	var found []string
	for _, n := range tb.Notes {
		if strings.HasPrefix(n, "Acted after calling the affected tool leaves out") {
			found = append(found, n)
		}
	}
	// The fixture's own withheld variant has its base's spec too, so it is named as well.
	var cfgs []string
	for _, r := range tb.Rows {
		cond := r.Cells[1].Str()
		cfgs = append(cfgs, r.Cells[0].Str()+" "+cond)
		if got := r.Cells[len(r.Cells)-1].Str(); got != "" {
			t.Errorf("%s %s: looked %q, want empty (no affected tool)", r.Cells[0].Str(), cond, got)
		}
	}
	want := "Acted after calling the affected tool leaves out the acted episodes of 2 variant cases in which no information tool's evidence differs from the base case's, or one that does is not among the first 64 of the case's info_tools (which the verdicts track): SAB-V1-001@same, SAB-V1-001@withheld; in " +
		strings.Join(cfgs, "; ") + "."
	if len(cfgs) == 0 || len(found) != 1 || found[0] != want {
		t.Errorf("notes %q, want one %q", found, want)
	}
}

// TestFailuresColumnsOfTheBenchsProtocols: on a bench of Legacy, V1 and V2 cases the
// failures table had columns of V0's types (unsafe attempt, early stop, wrong stop label),
// 0.0 in every row, where no episode could have been otherwise; a column is now kept for
// the types the rows' protocols can give, or that an episode has.
func TestFailuresColumnsOfTheBenchsProtocols(t *testing.T) {
	o := goldenStats()
	o.Resamples = 0
	// One configuration, each case run twice: a success and a failure of its protocol's
	// first type (the other failure types have no episode: their columns stay for the
	// protocols that can give them).
	release := func(types map[string]string, ids ...string) *analysis.Release {
		var cases []*casespec.Case
		var vs []oracle.Verdict
		for _, id := range ids {
			c := realCase(t, id)
			cases = append(cases, c)
			for rep := range 2 {
				x := oracle.Fields{RunID: fmt.Sprintf("m/h|%s|%d", id, rep), Config: "m/h", Model: "m", Harness: "h", CaseID: id, BaseCaseID: id,
					Protocol: c.Protocol, Domain: c.Domain, Repeat: rep, Condition: "main", Status: "completed", Static: c.Protocol == ingest.Legacy,
					FirstAttemptIndex: -1, Official: -1, ECS: rep == 0}
				if !x.ECS {
					x.FailureType = oracle.ProtocolFailureTypes(c.Protocol)[0]
					if ft, ok := types[id]; ok {
						x.FailureType = ft
					}
				}
				vs = append(vs, x.Verdict())
			}
		}
		return analysis.NewRelease(cases, nil, vs, oracle.SafeAct)
	}
	cols := func(r *analysis.Release) []string {
		var ks []string
		for _, c := range buildOne(t, r, "failures", o).Columns[3:] {
			ks = append(ks, c.Key)
		}
		return ks
	}
	for _, c := range []struct {
		ids   []string
		types map[string]string
		want  []string
	}{
		{[]string{"SAB-L-001", "SAB-V0-001", "SAB-V1-001", "SAB-V2-001"}, nil, append([]string{"success"}, oracle.FailureTypes...)},
		{[]string{"SAB-L-001", "SAB-V1-001", "SAB-V2-001"}, nil, []string{"success", "premature_action", "wrong_action", "inaction", "partial_workflow", "broken_dependency", "wrong_decision", "contract_or_invalid", "extra_event"}},
		{[]string{"SAB-V1-001"}, nil, []string{"success", "premature_action", "wrong_action", "inaction", "contract_or_invalid"}},
		{[]string{"SAB-V0-001", "SAB-L-001"}, nil, []string{"success", "unsafe_attempt", "early_stop", "wrong_stop_label", "wrong_decision", "contract_or_invalid"}},
		// A type an episode has keeps its column, whatever its protocol.
		{[]string{"SAB-V1-001"}, map[string]string{"SAB-V1-001": "early_stop"}, []string{"success", "premature_action", "wrong_action", "inaction", "early_stop", "contract_or_invalid"}},
	} {
		if got := cols(release(c.types, c.ids...)); !slices.Equal(got, c.want) {
			t.Errorf("cases %v: columns %v, want %v", c.ids, got, c.want)
		}
	}
}

// TestInterventionsTitleNamesTheSetsProtocols: the interventions title said "(V1)", the paper's set,
// whatever protocols the bench's own intervention set holds (V1 and V2 cases of payroll
// with redacted variants of both); it names the set's protocols.
func TestInterventionsTitleNamesTheSetsProtocols(t *testing.T) {
	o := goldenStats()
	o.Resamples = 0
	cases, sets, vs := fixtureVerdicts(t)
	set := analysis.PaperChoices().SetInterventions
	if tb := buildOne(t, analysis.NewRelease(cases, sets, vs, oracle.SafeAct), "interventions", o); tb.Title != "Evidence interventions: probability of acting (V1)" {
		t.Errorf("the paper's set of V1 cases: title %q", tb.Title)
	}
	sets[set] = []string{"SAB-V2-001", "SAB-V1-001"}
	tb := buildOne(t, analysis.NewRelease(cases, sets, vs, oracle.SafeAct), "interventions", o)
	if want := "Evidence interventions: probability of acting (V1 and V2)"; tb.Title != want {
		t.Errorf("a set of V1 and V2 cases: title %q, want %q", tb.Title, want)
	}
	// T9 said "on the matched V1 cases" of a --t9-set of V2 cases.
	t9 := analysis.PaperChoices().SetT9
	if tb := buildOne(t, analysis.NewRelease(cases, sets, vs, oracle.SafeAct), "T9", o); tb.Title != "Static judgment vs interactive ECS on the matched V1 cases" {
		t.Errorf("the paper's T9 set of V1 cases: title %q", tb.Title)
	}
	sets[t9] = []string{"SAB-V2-001", "SAB-V2-016"}
	tb = buildOne(t, analysis.NewRelease(cases, sets, vs, oracle.SafeAct), "T9", o)
	if want := "Static judgment vs interactive ECS on the matched V2 cases"; tb.Title != want {
		t.Errorf("a T9 set of V2 cases: title %q, want %q", tb.Title, want)
	}
}

// TestT3DefinesTheRatesItShows: on a bench of V1 and V2 cases T3 defined BSR ("V0 episodes
// that stopped …") beside a note that BSR is left out; it defines the rates it has columns
// for, and all of them on a bench of every protocol.
func TestT3DefinesTheRatesItShows(t *testing.T) {
	o := goldenStats()
	o.Resamples = 0
	for _, c := range []struct {
		r          *analysis.Release
		want, lack []string
	}{
		{fixtureRelease(t), []string{"BSR:", "PAR:", "CAS:", "Gap:", "Part.:"}, nil},
		{subsetRelease(t, ingest.V1, ingest.V2), []string{"PAR:", "CAS:", "Gap:", "Part.:"}, []string{"BSR:"}},
		{subsetRelease(t, ingest.V0, ingest.V1), []string{"BSR:", "PAR:", "CAS:", "Gap:"}, []string{"Part.:"}},
	} {
		notes := strings.Join(buildOne(t, c.r, "T3", o).Notes, "\n")
		for _, w := range c.want {
			if !strings.Contains(notes, w) {
				t.Errorf("T3 notes lack %q:\n%s", w, notes)
			}
		}
		for _, w := range c.lack {
			if strings.Contains(notes, w) {
				t.Errorf("T3 notes define %q, which has no column:\n%s", w, notes)
			}
		}
	}
}
