package analysis

import (
	"slices"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/oracle"
)

// unitsRelease has clustered cases whose names sort otherwise than their clusters, a
// variant scored under its base case, and a case without a cluster; the verdicts arrive
// out of name order, so interned keys are not in it either.
func unitsRelease() *Release {
	cases := []*casespec.Case{
		{ID: "u-c", Cluster: "k-a"},
		{ID: "u-a", Cluster: "k-b"},
		{ID: "u-a@x", BaseID: "u-a", Variant: "x", Cluster: "k-b"},
		{ID: "u-b"},
		{ID: "u-d", Cluster: "k-a"},
	}
	var vs []oracle.Verdict
	for _, id := range []string{"u-d", "u-a@x", "u-c", "u-b", "u-a", "u-d"} {
		base := id
		if id == "u-a@x" {
			base = "u-a"
		}
		vs = append(vs, oracle.Fields{Config: "m", CaseID: id, BaseCaseID: base, Condition: ingest.DefaultCondition, ECS: id != "u-b"}.Verdict())
	}
	return NewRelease(cases, nil, vs, oracle.SafeAct)
}

// TestUnitIDs checks that each verdict gets its base case's unit (its cluster when
// clustered, the base case for a variant), numbered in sorted order of the names.
func TestUnitIDs(t *testing.T) {
	r := unitsRelease()
	want := map[bool]map[string]string{
		false: {"u-a": "u-a", "u-a@x": "u-a", "u-b": "u-b", "u-c": "u-c", "u-d": "u-d"},
		true:  {"u-a": "k-b", "u-a@x": "k-b", "u-b": "u-b", "u-c": "k-a", "u-d": "k-a"},
	}
	for _, clustered := range []bool{false, true} {
		units := r.unitIDs(clustered)
		for i := range r.Verdicts {
			v := &r.Verdicts[i]
			if got := units.name(units.of(v)); got != want[clustered][v.CaseID()] {
				t.Errorf("clustered %v: %s is unit %q, want %q", clustered, v.CaseID(), got, want[clustered][v.CaseID()])
			}
		}
		names := r.unitTable().names[units.c]
		if !slices.IsSorted(names) || len(names) != len(slices.Compact(slices.Clone(names))) {
			t.Errorf("clustered %v: units %q, want sorted and distinct", clustered, names)
		}
	}
}

// TestUnitIDsForeign checks verdicts the table does not number: another release's case,
// and a case key whose verdicts disagree on the base case. They are numbered by name,
// and sortedIndex still orders every unit by name.
func TestUnitIDsForeign(t *testing.T) {
	r := unitsRelease()
	odd := recordsOf([]oracle.Verdict{
		oracle.Fields{Config: "m", CaseID: "u-0", BaseCaseID: "u-0"}.Verdict(),
		oracle.Fields{Config: "m", CaseID: "u-e", BaseCaseID: "u-e"}.Verdict(),
		oracle.Fields{Config: "m", CaseID: "u-c@y", BaseCaseID: "u-c"}.Verdict(),
	})
	units := r.unitIDs(false)
	var in []bool
	for i := range odd {
		in = mark(in, units.of(&odd[i]))
	}
	in = mark(in, units.of(&r.Verdicts[3])) // u-b
	if got := units.name(units.of(&odd[2])); got != "u-c" {
		t.Errorf("u-c@y is unit %q, want u-c", got)
	}
	idx := units.sortedIndex(in)
	var got []string
	for x := range in {
		if in[x] {
			got = append(got, "")
		}
	}
	for x, ok := range in {
		if ok {
			got[idx.at(int32(x))] = units.name(int32(x))
		}
	}
	if want := []string{"u-0", "u-b", "u-c", "u-e"}; !slices.Equal(got, want) {
		t.Errorf("sorted units %q, want %q", got, want)
	}

	// A case id seen with two base cases is numbered by each verdict's own.
	vs := []oracle.Verdict{
		oracle.Fields{Config: "m", CaseID: "u-amb", BaseCaseID: "u-p"}.Verdict(),
		oracle.Fields{Config: "m", CaseID: "u-amb", BaseCaseID: "u-q"}.Verdict(),
	}
	amb := NewRelease(nil, nil, vs, oracle.SafeAct).unitIDs(true)
	rs := recordsOf(vs)
	for i, want := range []string{"u-p", "u-q"} {
		if got := amb.name(amb.of(&rs[i])); got != want {
			t.Errorf("case id with two base cases: verdict %d is unit %q, want %q", i, got, want)
		}
	}
}

// TestPairedDiffUnits pairs an arm of the release with one of other episodes: the shared
// cases and the resampled units (clusters) are those of the names.
func TestPairedDiffUnits(t *testing.T) {
	r := unitsRelease()
	other := []oracle.Verdict{
		oracle.Fields{Config: "m", CaseID: "u-a", BaseCaseID: "u-a", ECS: true}.Verdict(),
		oracle.Fields{Config: "m", CaseID: "u-d", BaseCaseID: "u-d"}.Verdict(),
		oracle.Fields{Config: "m", CaseID: "u-z", BaseCaseID: "u-z", ECS: true}.Verdict(),
		oracle.Fields{Config: "m", CaseID: "u-c", BaseCaseID: "u-c"}.Verdict(),
	}
	a := Arm{Verdicts: r.mainOf("m"), Indicator: ECSOf}
	b := Arm{Verdicts: recordsOf(other), Indicator: ECSOf}
	o := DefaultStatOptions()
	o.Resamples = 0
	for _, c := range []struct {
		clustered bool
		units     int
	}{{false, 3}, {true, 2}} {
		o.Clustered = c.clustered
		d, err := r.PairedDiff(a, b, "t", o)
		if err != nil {
			t.Fatal(err)
		}
		// Shared: u-a (A: u-a and u-a@x), u-c and u-d (A: two), all ECS in A; clustered,
		// u-c and u-d are one unit (k-a).
		if d.Cases != 3 || d.Units != c.units || d.A != (Rate{Num: 5, Den: 5}) || d.B != (Rate{Num: 1, Den: 3}) {
			t.Errorf("clustered %v: cases %d units %d A %v B %v, want 3, %d, 5/5, 1/3", c.clustered, d.Cases, d.Units, d.A, d.B, c.units)
		}
	}
}

// TestConfigAndDomainOf checks the positions by interned key against the names, for the
// built-in release and for a case key whose verdicts disagree on the domain.
func TestConfigAndDomainOf(t *testing.T) {
	if testing.Short() {
		t.Skip("scores the built-in release")
	}
	r := builtinRelease(t)
	tab := r.unitTable()
	for i := range r.Verdicts {
		v := &r.Verdicts[i]
		if j := r.configOf(v); j < 0 || r.Configs()[j] != v.Config() {
			t.Fatalf("%s: configuration position %d", v.Config(), j)
		}
		if d := tab.domainOf(v); d != slices.Index(r.Domains(), v.Domain()) {
			t.Fatalf("%s: domain position %d", v.Domain(), d)
		}
	}
	vs := []oracle.Verdict{
		oracle.Fields{Config: "m", CaseID: "u-dom", BaseCaseID: "u-dom", Domain: "d-z"}.Verdict(),
		oracle.Fields{Config: "m", CaseID: "u-dom", BaseCaseID: "u-dom", Domain: "d-y"}.Verdict(),
	}
	cases := []*casespec.Case{{ID: "u-y", Domain: "d-y"}, {ID: "u-z", Domain: "d-z"}}
	amb := NewRelease(cases, nil, vs, oracle.SafeAct)
	rs := recordsOf(vs)
	for i := range vs {
		if d := amb.unitTable().domainOf(&rs[i]); d != slices.Index(amb.Domains(), vs[i].Domain()) || d < 0 {
			t.Errorf("case id with two domains: verdict %d in domain %d, want %s of %q", i, d, vs[i].Domain(), amb.Domains())
		}
	}
}

// TestInSetByNumber checks inSet against membership of the base case by name, with a set
// naming a case no verdict has.
func TestInSetByNumber(t *testing.T) {
	r := unitsRelease()
	ids := []string{"u-a", "u-d", "u-none"}
	other := oracle.Fields{Config: "m", CaseID: "u-none@x", BaseCaseID: "u-none"}.Verdict()
	in := r.inSet(ids)
	for _, v := range append(slices.Clone(r.Verdicts), recordsOf([]oracle.Verdict{other})...) {
		if want := slices.Contains(ids, v.BaseCaseID()); in(&v) != want {
			t.Errorf("%s: inSet %v, want %v (base case %s)", v.CaseID(), in(&v), want, v.BaseCaseID())
		}
	}
}
