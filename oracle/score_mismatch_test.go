package oracle

import (
	"testing"

	"github.com/sabench/sabench-stats/ingest/casespec"
)

// TestScoreOtherCase: Prepared.Score of an episode of another case judged it against the
// prepared case's spec and returned a verdict naming the episode's case with the other
// case's protocol (SAB-V2-001's reference scored against SAB-V1-001: BLOCK, wrong_action);
// a nil episode panicked, though Score "never panics". The first is now excluded with the
// mix-up as its reason, the second as an episode without a record; an episode naming no
// case is still the prepared case's.
func TestScoreOtherCase(t *testing.T) {
	bench, err := casespec.LoadBench("../ingest/testdata/safeactbench/cases", casespec.BenchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	p, err := Prepare(bench.Case("SAB-V1-001"))
	if err != nil {
		t.Fatal(err)
	}
	other, err := ReferenceEpisode(bench.Case("SAB-V2-001"))
	if err != nil {
		t.Fatal(err)
	}
	v := p.Score(other, SafeAct, false)
	if want := "case_mismatch: an episode of case SAB-V2-001 scored against the spec of case SAB-V1-001"; !v.Excluded() || v.ExclusionReason() != want || v.ECS() || v.FailureType() != "" {
		t.Errorf("another case's episode: excluded %v (%q), ecs %v, failure %q; want excluded (%q)", v.Excluded(), v.ExclusionReason(), v.ECS(), v.FailureType(), want)
	}
	func() {
		defer func() {
			if r := recover(); r != nil {
				t.Errorf("nil episode: panic %v", r)
			}
		}()
		v := p.Score(nil, SafeAct, false)
		if !v.Excluded() || v.ExclusionReason() != ExcludedNoRecord || v.CaseID() != "SAB-V1-001" {
			t.Errorf("nil episode: excluded %v (%q), case %q; want excluded (%s) on SAB-V1-001", v.Excluded(), v.ExclusionReason(), v.CaseID(), ExcludedNoRecord)
		}
	}()
	ref, err := ReferenceEpisode(bench.Case("SAB-V1-001"))
	if err != nil {
		t.Fatal(err)
	}
	ref.CaseID = ""
	if v := p.Score(ref, SafeAct, false); !v.ECS() || v.CaseID() != "SAB-V1-001" {
		t.Errorf("an episode naming no case: ecs %v on %q; want true on SAB-V1-001", v.ECS(), v.CaseID())
	}
}

// TestReferenceEpisodeNilCase: ReferenceEpisode(nil) said ": spec: case has no spec
// object", naming nothing; it now says what Prepare(nil) says.
func TestReferenceEpisodeNilCase(t *testing.T) {
	if _, err := ReferenceEpisode(nil); err == nil || err.Error() != "oracle: nil case" {
		t.Errorf("ReferenceEpisode(nil): %v; want oracle: nil case", err)
	}
}
