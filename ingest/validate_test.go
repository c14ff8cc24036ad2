package ingest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

func TestCheckRecord(t *testing.T) {
	ep := func(rec string) *Episode {
		o, err := jsonv.ParseObject([]byte(rec))
		if err != nil {
			t.Fatal(err)
		}
		return &Episode{Source: "r.jsonl", Line: 4, Record: o}
	}
	for _, c := range []struct {
		p    Protocol
		rec  string
		want string
	}{
		{V1, `{"schema_version":1,"env_id":"e","episode_id":"SAB-V1-001","events":[{"type":"INFO_CALL","tool":"t","arguments":{}}]}`, ""},
		{V1, `{"schema_version":1.0,"env_id":"e","episode_id":"SAB-V1-001","events":[]}`, ""},
		{V1, `{"schema_version":2,"env_id":"","events":[{"type":"READ","tool":"","arguments":[]}]}`,
			// Schema properties are visited in the schema file's (alphabetical) order.
			"record.episode_id: required field is missing|record.env_id: must have at least 1 characters|" +
				"record.events[0].arguments: must be an object, got an array|record.events[0].tool: must have at least 1 characters|" +
				`record.events[0].type: must be one of ["INFO_CALL","CONSEQUENTIAL_CALL"], got "READ"|record.schema_version: must be 1, got 2`},
		{V0, `{"schema_version":1,"env_id":"e","episode_id":"SAB-V0-1","events":[],"terminal":{"type":"NO_ACTION","outcome":"ALLOW"}}`,
			`record.episode_id: "SAB-V0-1" does not match ^SAB-V0-[0-9]{3}$|record.terminal.outcome: must be one of ["BLOCK","DEFER"], got "ALLOW"`},
		{Legacy, `{"schema_version":1,"env_id":"e","decision":"maybe","decision_time":"t","candidate_action_summary":"",` +
			`"confirm":{"status":"satisfied","requirements":[]},"claims":[],"evidence_refs":[],"risk_notes":"","rationale":"r","actions":[]}`,
			`record.candidate_action_summary: must have at least 1 characters|record.decision: must be one of ["allow","defer","block"], got "maybe"|` +
				"record: must not match a forbidden field (action_plan, actions, candidate_actions, selected_actions)"},
		// A static judgment on a V1 case is checked as an agent_decision.
		{V1, `{"schema_version":1,"env_id":"e","decision":"allow","decision_time":"t","candidate_action_summary":"x",` +
			`"confirm":{"status":"satisfied","requirements":[]},"claims":[],"evidence_refs":[],"risk_notes":"","rationale":"r"}`, ""},
	} {
		var got []string
		for _, p := range CheckRecord(ep(c.rec), c.p) {
			if p.File != "r.jsonl" || p.Line != 4 {
				t.Errorf("problem not located: %v", p)
			}
			got = append(got, p.Field+": "+strings.TrimSuffix(p.Msg, " ("+recordSchemaFile[c.p]+" schema)"))
		}
		if g := strings.Join(got, "|"); g != c.want {
			t.Errorf("%s %s:\n got %s\nwant %s", c.p, c.rec, g, c.want)
		}
	}
}

func TestValidateDedupeReports(t *testing.T) {
	p := filepath.Join(t.TempDir(), "d.jsonl")
	line := `{"schema":"sabench.episode/v1","config":"c/h","case_id":"SAB-V1-001","repeat":0,"record":{"schema_version":1,"env_id":"customer_policy_qa","episode_id":"SAB-V1-001","events":[]}}` + "\n"
	os.WriteFile(p, []byte(line+line), 0o644)
	rep, _ := Validate([]string{p}, ReadOptions{Dedupe: DedupeFirst})
	if len(rep.Problems) != 0 || len(rep.Reported) != 1 {
		t.Errorf("problems %v, reported %v", rep.Problems, rep.Reported)
	}
}
