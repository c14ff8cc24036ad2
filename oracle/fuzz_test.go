package oracle

import (
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// FuzzScore feeds arbitrary records to every real case under every preset: the oracle must
// never panic, and a record that is not an execution record must not pass.
func FuzzScore(f *testing.F) {
	ids := allCaseIDs(f)
	var preps []*Prepared
	for _, id := range ids {
		c := loadCase(f, id)
		preps = append(preps, prepare(f, c))
		ep := reference(f, c)
		f.Add(uint8(len(preps)-1), string(jsonv.Canonical(ep.Record, false)))
	}
	f.Add(uint8(3), `{"events":[{"type":"CONSEQUENTIAL_CALL","call_id":"x","tool":"refund_issue","arguments":{"amount":"$1,19e2"}}]}`)
	f.Add(uint8(6), `{"events":[null,1,"x",{"type":"INFO_CALL","tool":7,"arguments":[]}],"terminal":5}`)
	f.Add(uint8(8), `{"events":[{"type":"INFO_CALL","call_id":"a","tool":"device_read","arguments":{"record_id":"x"},"tool_status":3,"resolved_arguments":null,"tool_result":{"status":1}}]}`)
	f.Add(uint8(9), `{"events":[{"type":"CONSEQUENTIAL_CALL","call_id":"r","tool":"refund_issue","arguments":{"charge_id":"result:x.y","destination":{"a":[1,2,{"b":"result:r.z"}]}}}]}`)
	f.Add(uint8(7), `{"events":[{"type":"CONSEQUENTIAL_CALL","call_id":"a","tool":"archive_email","arguments":{"dependency_receipts":"result:a.b","summary_facts":[1,{"x":null}]}}]}`)
	f.Add(uint8(0), `{"decision":["allow"],"schema_version":true}`)
	f.Fuzz(func(t *testing.T, which uint8, record string) {
		p := preps[int(which)%len(preps)]
		rec, err := jsonv.ParseObject([]byte(record))
		if err != nil {
			return
		}
		ep := &ingest.Episode{RunID: "fuzz", Config: "f/z", CaseID: p.c.ID, Status: ingest.StatusCompleted, Record: rec}
		for _, pol := range Presets {
			v := p.Score(ep, pol, true)
			if v.ECS && v.FailureType != "" {
				t.Fatalf("%s: ECS with failure type %s", pol.Name, v.FailureType)
			}
			if !v.ECS && v.FailureType == "" {
				t.Fatalf("%s: failed without a failure type (outcome %s)", pol.Name, v.Outcome)
			}
			_, hasEvents := rec.Get("events")
			_, hasDecision := rec.Get("decision")
			if pol.IsSafeAct() && v.ECS && !hasEvents && !hasDecision {
				t.Fatalf("a record with neither events nor decision passed: %s", record)
			}
			var sb strings.Builder
			if err := Explain(&sb, p.c, ep, v); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// Malformed records give contract outcomes, not passes, in every protocol.
func TestMalformedRecords(t *testing.T) {
	for _, id := range allCaseIDs(t) {
		c := loadCase(t, id)
		p := prepare(t, c)
		for _, rec := range []string{`{}`, `{"events":"no"}`, `{"events":[5]}`, `{"events":[{"type":"WHATEVER"}]}`} {
			ep := &ingest.Episode{CaseID: id, Status: ingest.StatusCompleted, Record: mustParse(t, rec)}
			v := p.Score(ep, SafeAct, false)
			if v.ECS {
				t.Errorf("%s %s: passed", id, rec)
			}
			if v.FailureType == "" {
				t.Errorf("%s %s: no failure type", id, rec)
			}
		}
	}
	// A non-object event ends a workflow with INVALID_EVENT.
	c := loadCase(t, "SAB-V3-001")
	v := prepare(t, c).Score(&ingest.Episode{CaseID: c.ID, Status: ingest.StatusCompleted, Record: mustParse(t, `{"events":[5]}`)}, SafeAct, false)
	expect(t, "V3 non-object event", v, false, OutcomeInvalidEvent, FailContract)
}
