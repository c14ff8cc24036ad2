package figures

import (
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/oracle"
)

// holding is a release under policy p with an episode of each configuration and condition
// spec names, so that CompareForest resolves spec in it.
func holding(spec analysis.CompareSpec, p oracle.Policy) *analysis.Release {
	const id = "SAB-V1-001"
	f := oracle.Fields{CaseID: id, BaseCaseID: id, Protocol: ingest.V1, Domain: "ops_code_agent", Condition: "main", Status: "completed", FirstAttemptIndex: -1}
	var vs []oracle.Verdict
	if spec.Conditions {
		for _, c := range []string{spec.A, spec.B} {
			f.Config, f.Condition = spec.Config, c
			vs = append(vs, f.Verdict())
		}
	} else {
		for _, c := range []string{spec.A, spec.B} {
			f.Config = c
			vs = append(vs, f.Verdict())
		}
	}
	cases := []*casespec.Case{{ID: id, BaseID: id, Protocol: ingest.V1, Domain: "ops_code_agent"}}
	return analysis.NewRelease(cases, nil, vs, p)
}

// TestCompareForestResolvesItsSpec: CompareForest read the spec as given where the command
// resolves it first, so a spec built by hand without a condition was captioned "condition "
// with no name, and a configuration spelt in another case was titled so. It resolves the
// spec as the command does, and refuses one naming what the release lacks.
func TestCompareForestResolvesItsSpec(t *testing.T) {
	cases, vs := abcRelease(func(int, oracle.Fields) []oracle.Verdict { return nil })
	r := analysis.NewRelease(cases, nil, vs, oracle.SafeAct)
	o := analysis.DefaultStatOptions()
	o.Resamples = 200
	resolved := analysis.CompareSpec{A: "A", B: "B"}
	if err := resolved.Resolve(r); err != nil {
		t.Fatal(err)
	}
	scopes, err := r.Compare(resolved, o)
	if err != nil {
		t.Fatal(err)
	}
	fig, err := CompareForest(analysis.CompareSpec{A: "a", B: "b"}, []*analysis.Release{r}, [][]analysis.CompareScope{scopes}, o, "")
	if err != nil {
		t.Fatal(err)
	}
	want, err := CompareForest(resolved, []*analysis.Release{r}, [][]analysis.CompareScope{scopes}, o, "")
	if err != nil {
		t.Fatal(err)
	}
	c, w := fig.(Captioned), want.(Captioned)
	if c.Note != w.Note || c.Fig.(Forest).Title != w.Fig.(Forest).Title || !strings.Contains(c.Note, "condition main;") {
		t.Errorf("by hand: %q, %q\nresolved: %q, %q", c.Fig.(Forest).Title, c.Note, w.Fig.(Forest).Title, w.Note)
	}
	if _, err := CompareForest(analysis.CompareSpec{A: "A", B: "Z"}, []*analysis.Release{r}, [][]analysis.CompareScope{scopes}, o, ""); err == nil || !strings.Contains(err.Error(), `unknown configuration "Z"`) {
		t.Errorf("a configuration the release lacks: %v", err)
	}
}
