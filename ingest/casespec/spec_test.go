package casespec

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

func specCase(t testing.TB, id string) *Case {
	t.Helper()
	path := filepath.Join("..", "testdata", "safeactbench", "cases", id+".json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	o, err := jsonv.ParseObject(data)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := ingest.ProtocolFromID(id)
	env, _ := o.String("env_id")
	return &Case{ID: id, BaseID: id, Protocol: p, Domain: env, Spec: o, Source: path}
}

// Values asserted below are read from the real case files (CC BY 4.0) in testdata.
func TestDecodeSpecRealCases(t *testing.T) {
	s, ps := DecodeSpec(specCase(t, "SAB-V1-001"))
	if len(ps) != 0 {
		t.Fatal(ps)
	}
	if s.CaseID != "SAB-V1-001" || s.EnvID != "customer_policy_qa" || s.MaxInfoCalls != 7 || s.MinInfoCalls != 5 ||
		s.MinDistinctInfoTools != 2 || len(s.InfoTools) != 7 || len(s.RequiredInfoCalls) != 5 || len(s.EvidenceRules) != 5 {
		t.Errorf("V1-001 scalars: %+v", s)
	}
	if s.KeyAction == nil || s.KeyAction.Tool != "refund_issue" || !s.KeyAction.ToolOK || !s.KeyAction.ArgumentsOK {
		t.Fatalf("V1-001 key action: %+v", s.KeyAction)
	}
	if amt, _ := s.KeyAction.Arguments.Get("amount"); amt != 119.0 {
		t.Errorf("amount kept as written: %#v", amt)
	}
	if !s.RequirementsIsList || len(s.Requirements) != 5 || s.ExpectedOutcome != "TASK_SUCCESS" || s.ExpectedGate != "ALLOW" {
		t.Errorf("V1-001 requirements/outcome: %d %q %q", len(s.Requirements), s.ExpectedOutcome, s.ExpectedGate)
	}
	if r := s.EvidenceRules[0]; r.Tool != "payment_read" || len(r.Facts) != 2 {
		t.Errorf("rule 0: %+v", r)
	}

	s, _ = DecodeSpec(specCase(t, "SAB-V3-001"))
	if !s.WorkflowIsDAG || len(s.Workflow) != 3 || s.EvidenceMode != "frozen" || s.Deltas.Len() != 2 || s.MaxInfoCalls != 1900 {
		t.Fatalf("V3-001: dag=%v commits=%d mode=%q", s.WorkflowIsDAG, len(s.Workflow), s.EvidenceMode)
	}
	if c := s.Workflow[1]; c.ID != "close_ticket" || len(c.DependsOn) != 1 || c.DependsOn[0] != "issue_refund" || c.Tool != "support_ticket_close" {
		t.Errorf("V3-001 commit 1: %+v", c)
	}
	if c := s.Workflow[2]; c.PayloadPolicy == nil || len(s.PublicActionTools) != 9 || !s.HasExpectedCompleted || len(s.ExpectedCompletedCommits) != 3 {
		t.Errorf("V3-001 payload policy / public tools / expected commits")
	}

	s, _ = DecodeSpec(specCase(t, "SAB-V2-001"))
	if !s.WorkflowIsList || len(s.Workflow) != 3 || s.Workflow[0].ResultSchema == nil || s.EvidenceMode != "" {
		t.Errorf("V2-001 workflow: list=%v n=%d", s.WorkflowIsList, len(s.Workflow))
	}
	s, _ = DecodeSpec(specCase(t, "SAB-V2-018"))
	if sp, _ := s.StatefulProtocol.(string); sp != "v2_sauna_refresh_v1" || s.StatefulObservation == nil || s.EvidenceScope != "case_scoped" {
		t.Errorf("V2-018 stateful: %v %v", s.StatefulProtocol, s.EvidenceScope)
	}
	s, _ = DecodeSpec(specCase(t, "SAB-V0-167"))
	if s.CandidateProtocol != "dag_workflow" || len(s.CandidateEvents) != 3 || s.ExpectedStopOutcome != "BLOCK" || !s.WorkflowIsDAG {
		t.Errorf("V0-167: %q %d %q", s.CandidateProtocol, len(s.CandidateEvents), s.ExpectedStopOutcome)
	}
	s, _ = DecodeSpec(specCase(t, "SAB-V0-001"))
	if s.EvidenceScope != "shared_world" || s.CandidateProtocol != "single_action" || s.ExpectedStopOutcome != "DEFER" {
		t.Errorf("V0-001: %q %q", s.EvidenceScope, s.CandidateProtocol)
	}
	s, _ = DecodeSpec(specCase(t, "SAB-L-001"))
	if s.CaseID != "SAB-L-001" || s.GoldDecision != "allow" || s.LegacyStatus != "active_world" || s.Now == "" {
		t.Errorf("L-001: %+v", s)
	}
}

func TestDecodeSpecProblems(t *testing.T) {
	c := specCase(t, "SAB-V1-001")
	c.Spec = jsonv.DeepCopy(c.Spec).(*jsonv.Object)
	c.Spec.Set("max_info_calls", "seven")
	c.Spec.Set("evidence_mode", int64(3))
	c.Spec.Set("expected_completed_commits", []any{"a", int64(2)})
	_, ps := DecodeSpec(c)
	if len(ps) != 3 {
		t.Fatalf("problems: %v", ps)
	}
	want := []string{"SAB-V1-001.json: max_info_calls: must be an integer, not a string",
		"SAB-V1-001.json: evidence_mode: must be a string, not a number",
		"SAB-V1-001.json: expected_completed_commits[1]: must be a string, not a number"}
	for i, p := range ps {
		if !strings.HasSuffix(p.String(), want[i]) || p.File != c.Source {
			t.Errorf("problem %d: %q, want suffix %q", i, p.String(), want[i])
		}
	}
	// int(x or 0) semantics.
	c.Spec.Set("max_info_calls", 7.9)
	c.Spec.Set("evidence_mode", "frozen")
	c.Spec.Set("expected_completed_commits", []any{})
	s, ps := DecodeSpec(c)
	if len(ps) != 0 || s.MaxInfoCalls != 7 {
		t.Errorf("7.9 -> %d, %v", s.MaxInfoCalls, ps)
	}
	if _, ps := DecodeSpec(&Case{ID: "x"}); len(ps) != 1 {
		t.Errorf("nil spec: %v", ps)
	}
}

func FuzzDecodeSpec(f *testing.F) {
	for _, id := range []string{"SAB-L-001", "SAB-V0-167", "SAB-V1-001", "SAB-V2-018", "SAB-V3-001"} {
		data, err := os.ReadFile(filepath.Join("..", "testdata", "safeactbench", "cases", id+".json"))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(id, string(data))
	}
	f.Add("SAB-V2-001", `{"workflow":[1,{"commit_id":null,"depends_on":[3]}],"evidence_rules":[{"facts":{}}]}`)
	f.Add("SAB-V3-002", `{"workflow":{"type":"dag","commits":"x"},"max_info_calls":1e300}`)
	f.Fuzz(func(t *testing.T, id, doc string) {
		o, err := jsonv.ParseObject([]byte(doc))
		if err != nil {
			return
		}
		p, ok := ingest.ProtocolFromID(id)
		if !ok {
			p = ingest.V1
		}
		s, ps := DecodeSpec(&Case{ID: id, Protocol: p, Spec: o, Source: "fuzz"})
		if s == nil {
			t.Fatal("nil spec for an object")
		}
		for _, pr := range ps {
			if pr.File != "fuzz" || pr.Field == "" {
				t.Fatalf("problem without location: %+v", pr)
			}
		}
	})
}
