package oracle

import (
	"strings"
	"testing"
)

// TestPolicyRefusedFromAPI: a policy built in Go is refused where a policy file is. Before,
// only LookupPolicy and ParsePolicy checked the combinations: Prepared.Score under
// {binding: off} (non_action investigated by default) failed SAB-V0-001's reference solution
// as wrong_stop_label with outcome ALLOW, and ScoreMany likewise. Now the verdict is excluded,
// its reason the refusal ParsePolicy gives a file, and nothing is scored.
func TestPolicyRefusedFromAPI(t *testing.T) {
	c := loadCase(t, "SAB-V0-001")
	p := prepare(t, c)
	ref := reference(t, c)
	for _, tc := range []struct {
		pol  Policy
		file string
		want string
	}{
		{Policy{Name: "mine", Binding: BindingOff}, `{"name":"mine","binding":"off"}`,
			`policy "mine": binding=off with non_action=investigated cannot be honoured`},
		{Policy{Name: "mine", Coverage: CoverageOff, CoverageAt: CoverageAtFirstAndLast},
			`{"name":"mine","coverage":"off","coverage_at":"first_and_last"}`,
			`policy "mine": coverage_at=first_and_last with coverage=off cannot be honoured`},
		{Policy{Name: "mine", Order: "loose"}, `{"name":"mine","order":"loose"}`,
			`policy "mine": order: "loose" is not one of strict, any`},
	} {
		_, ferr := ParsePolicy("mine.json", []byte(tc.file))
		if ferr == nil || ferr.Error() != "mine.json: "+tc.pol.Check().Error() {
			t.Errorf("%s: the file's refusal %v is not the Go value's %v", tc.file, ferr, tc.pol.Check())
		}
		v := p.Score(ref, tc.pol, true)
		if !v.Excluded() || !strings.HasPrefix(v.ExclusionReason(), tc.want) || v.ECS() || v.Outcome() != "" || v.FailureType() != "" || v.Detail != nil {
			t.Errorf("%s: Score gave excluded=%v reason %q outcome %q failure %q, want excluded with %q",
				tc.file, v.Excluded(), v.ExclusionReason(), v.Outcome(), v.FailureType(), tc.want)
		}
		// Beside a policy that can be honoured, ScoreMany refuses the one and scores the other.
		vs := p.ScoreMany(p.Identity(ref), ref, []Policy{SafeAct, tc.pol}, []bool{true, true}, nil)
		if !vs[0].ECS() || vs[0].Excluded() {
			t.Errorf("%s: ScoreMany: safeact's verdict %s %s, want the reference passing", tc.file, vs[0].Outcome(), vs[0].FailureType())
		}
		if !vs[1].Excluded() || vs[1].ExclusionReason() != v.ExclusionReason() {
			t.Errorf("%s: ScoreMany: excluded=%v reason %q, want Score's", tc.file, vs[1].Excluded(), vs[1].ExclusionReason())
		}
		x := Explain(c, ref, tc.pol, v)
		if !x.Excluded || x.ExclusionReason != v.ExclusionReason() || x.Verdict != nil {
			t.Errorf("%s: Explain: excluded=%v reason %q", tc.file, x.Excluded, x.ExclusionReason)
		}
	}
	// An empty switch takes safeact's value, as scoring always read it.
	if err := (Policy{Name: "mine", Timing: TimingAnytime}).Check(); err != nil {
		t.Errorf("a policy with empty switches: %v", err)
	}
}
