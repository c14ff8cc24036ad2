package analysis

import (
	"math"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/oracle"
)

// TestAgreeWith: six labelled episodes (one excluded, one unlabelled are skipped). The
// 2×2 table oracle×label is pass/pass 2, fail/fail 1, fail/pass 1 (false accept), pass/fail 1
// (false reject): p_o = 3/5, p_e = (3/5·3/5 + 2/5·2/5) = 13/25, κ = (15/25−13/25)/(12/25) = 1/6.
func TestAgreeWith(t *testing.T) {
	vs := []oracle.Verdict{
		oracle.Fields{RunID: "a", ECS: true, Official: 1}.Verdict(), oracle.Fields{RunID: "b", ECS: true, Official: 1}.Verdict(), oracle.Fields{RunID: "c", Official: 0}.Verdict(),
		oracle.Fields{RunID: "d", Official: 1}.Verdict(), oracle.Fields{RunID: "e", ECS: true, Official: 0}.Verdict(),
		oracle.Fields{RunID: "x", Excluded: true, Official: 1}.Verdict(), oracle.Fields{RunID: "y", ECS: true, Official: -1}.Verdict(),
	}
	a, err := AgreeWithOfficial(vs)
	if err != nil {
		t.Fatal(err)
	}
	if a.N != 5 || a.FalseAccepts != 1 || a.FalseRejects != 1 || math.Abs(a.Observed-0.6) > 1e-12 || math.Abs(a.Kappa-1.0/6) > 1e-12 {
		t.Errorf("got %+v", a)
	}
	if len(a.Disagreements) != 2 || a.Disagreements[0].RunID() != "d" || a.Disagreements[1].RunID() != "e" {
		t.Errorf("disagreements %v", a.Disagreements)
	}
	if a, _ := AgreeWithOfficial(vs[5:]); a.N != 0 {
		t.Errorf("no labels: N %d", a.N)
	}
}

func TestAgreeWithAudit(t *testing.T) {
	s := &Scored{Policies: []oracle.Policy{oracle.SafeAct}, Verdicts: [][]oracle.Verdict{{
		oracle.Fields{RunID: "a", CaseID: "SAB-V1-001", BaseCaseID: "SAB-V1-001", ECS: true}.Verdict(),
		oracle.Fields{RunID: "b", CaseID: "SAB-V2-001@w", BaseCaseID: "SAB-V2-001"}.Verdict(),
	}}}
	audit := &ingest.Audit{Path: "au.csv", Labels: map[string]ingest.AuditLabel{"a": {CaseID: "SAB-V1-001", Pass: true, Line: 1}, "b": {CaseID: "SAB-V2-001", Pass: true, Line: 2}}}
	ags, err := AgreeWithAudit(audit, s)
	if err != nil {
		t.Fatal(err)
	}
	if len(ags) != 1 || ags[0].N != 2 || ags[0].FalseAccepts != 1 || ags[0].Disagreements[0].RunID() != "b" {
		t.Errorf("got %+v", ags)
	}
	audit.Labels["z"] = ingest.AuditLabel{Line: 5}
	audit.Labels["a"] = ingest.AuditLabel{CaseID: "SAB-V3-009", Line: 3}
	if _, err := AgreeWithAudit(audit, s); err == nil || !strings.HasPrefix(err.Error(), `au.csv:3: case_id: "SAB-V3-009"`) {
		t.Errorf("error %v, want the first bad line (3)", err)
	}
}

// An audit line may leave case_id empty (the run id alone names the episode), and an audit
// of a scoring with no verdicts names its first run as not read, not a panic on policy 0.
func TestAgreeWithAuditEdges(t *testing.T) {
	s := &Scored{Policies: []oracle.Policy{oracle.SafeAct}, Verdicts: [][]oracle.Verdict{{
		oracle.Fields{RunID: "a", CaseID: "SAB-V1-001", BaseCaseID: "SAB-V1-001"}.Verdict(),
	}}}
	audit := &ingest.Audit{Path: "au.csv", Labels: map[string]ingest.AuditLabel{"a": {Pass: true, Line: 2}}}
	ags, err := AgreeWithAudit(audit, s)
	// one pair, label pass, oracle fail: a false accept, observed agreement 0/1
	if err != nil || len(ags) != 1 || ags[0].N != 1 || ags[0].FalseAccepts != 1 || ags[0].Observed != 0 {
		t.Errorf("empty case_id: %+v, %v", ags, err)
	}
	_, err = AgreeWithAudit(audit, &Scored{})
	if want := `au.csv:2: run_id: "a" is not among the episodes read`; err == nil || err.Error() != want {
		t.Errorf("no verdicts: error %v, want %s", err, want)
	}
}
