package oracle

import (
	"math/rand/v2"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// FuzzScore feeds arbitrary records to every real case under every preset: the oracle must
// never panic, a record that is not an execution record must not pass, and scoring under
// several policies at once gives each policy's own verdict.
func FuzzScore(f *testing.F) {
	ids := allCaseIDs(f)
	var preps []*Prepared
	for _, id := range ids {
		c := loadCase(f, id)
		preps = append(preps, prepare(f, c))
		ep := reference(f, c)
		f.Add(uint8(len(preps)-1), string(jsonv.Canonical(ep.Record.Object(), false)))
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
		ep := &ingest.Episode{RunID: "fuzz", Config: "f/z", CaseID: p.c.ID, Status: ingest.StatusCompleted, Record: ingest.NewRecord(rec)}
		sameMany(t, p, ep, manyPolicies)
		for _, pol := range Presets {
			v := p.Score(ep, pol, true)
			sameVerdict(t, v, p.Score(ep, pol, false))
			if v.ECS() && v.FailureType() != "" {
				t.Fatalf("%s: ECS with failure type %s", pol.Name, v.FailureType())
			}
			if !v.ECS() && v.FailureType() == "" {
				t.Fatalf("%s: failed without a failure type (outcome %s)", pol.Name, v.Outcome())
			}
			_, hasEvents := rec.Get("events")
			_, hasDecision := rec.Get("decision")
			if v.ECS() && !hasEvents && !hasDecision { // under every policy
				t.Fatalf("a record with neither events nor decision passed: %s", record)
			}
			if x := Explain(p.c, ep, pol, v); x == nil || x.Verdict == nil && !v.Excluded() {
				t.Fatalf("explain gave no verdict for a scored episode")
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
			ep := &ingest.Episode{CaseID: id, Status: ingest.StatusCompleted, Record: ingest.NewRecord(mustParse(t, rec))}
			v := p.Score(ep, SafeAct, false)
			if v.ECS() || v.FailureType() != FailContract {
				t.Errorf("%s %s: ecs=%v failure=%q, want a contract failure", id, rec, v.ECS(), v.FailureType())
			}
		}
	}
	// A non-object event ends a workflow with INVALID_EVENT.
	c := loadCase(t, "SAB-V3-001")
	v := prepare(t, c).Score(&ingest.Episode{CaseID: c.ID, Status: ingest.StatusCompleted, Record: ingest.NewRecord(mustParse(t, `{"events":[5]}`))}, SafeAct, false)
	expect(t, "V3 non-object event", v, false, OutcomeInvalidEvent, FailContract)
}

// sameVerdict checks that scoring with and without detail agrees on every field: the two
// paths use different buffers (pooled scratch without detail).
func sameVerdict(t *testing.T, withDetail, without Verdict) {
	t.Helper()
	withDetail.Detail = nil
	if withDetail.Fields() != without.Fields() {
		t.Fatalf("detail changes the verdict:\n with    %+v\n without %+v", withDetail, without)
	}
}

// mutate applies one random structural edit to an events list: drop, duplicate, swap,
// change a type, a tool, an argument, a call id or a key, or insert junk.
func mutate(rng *rand.Rand, evs []any) []any {
	if len(evs) == 0 {
		return []any{jsonv.NewObject("type", "INFO_CALL")}
	}
	i := rng.IntN(len(evs))
	e, _ := evs[i].(*jsonv.Object)
	junk := []any{nil, int64(7), "x", 1.5, true, []any{}, &jsonv.Object{}, "result:a.b", "$placeholder", "*"}
	switch rng.IntN(10) {
	case 0:
		return append(evs[:i:i], evs[i+1:]...)
	case 1:
		return append(evs[:i+1:i+1], append([]any{jsonv.DeepCopy(evs[i])}, evs[i+1:]...)...)
	case 2:
		j := rng.IntN(len(evs))
		evs[i], evs[j] = evs[j], evs[i]
	case 3:
		if e != nil {
			e.Set("type", []any{"INFO_CALL", "CONSEQUENTIAL_CALL", "NOPE", nil}[rng.IntN(4)])
		}
	case 4:
		if e != nil {
			e.Set("tool", junk[rng.IntN(len(junk))])
		}
	case 5:
		if e != nil {
			if a, ok := e.Obj("arguments"); ok && a.Len() > 0 {
				a.Set(a.Keys[rng.IntN(a.Len())], junk[rng.IntN(len(junk))])
			} else {
				e.Set("arguments", junk[rng.IntN(len(junk))])
			}
		}
	case 6:
		if e != nil {
			e.Set("call_id", junk[rng.IntN(len(junk))])
		}
	case 7:
		if e != nil {
			e.Set("evidence_delta_key", junk[rng.IntN(len(junk))])
		}
	case 8:
		if e != nil {
			e.Set([]string{"tool_status", "resolved_arguments", "tool_result", "result", "attempted_arguments_valid"}[rng.IntN(5)], junk[rng.IntN(len(junk))])
		}
	default:
		evs = append(evs, junk[rng.IntN(len(junk))])
	}
	return evs
}

// Random structural mutations of every reference episode, under every preset: no panic,
// detail and no-detail agree, and a failure always has a failure type.
func TestRandomMutations(t *testing.T) {
	t.Parallel() // CPU-bound
	rng := rand.New(rand.NewPCG(1, 2))
	for _, id := range allCaseIDs(t) {
		c := loadCase(t, id)
		p := prepare(t, c)
		ref := reference(t, c)
		for n := 0; n < 80; n++ {
			evs := copyEvents(ref)
			for k := 0; k <= rng.IntN(3); k++ {
				evs = mutate(rng, evs)
			}
			ep := withEvents(ref, evs)
			if c.Protocol == ingest.Legacy {
				ep.Record.Set("decision", []any{"allow", "block", "Allow", nil, int64(1)}[rng.IntN(5)])
			}
			for _, pol := range Presets {
				v := p.Score(ep, pol, true)
				sameVerdict(t, v, p.Score(ep, pol, false))
				if v.ECS() == (v.FailureType() != "") {
					t.Fatalf("%s %s: ecs=%v failure=%q", id, pol.Name, v.ECS(), v.FailureType())
				}
				if x := Explain(c, ep, pol, v); x == nil || x.Verdict == nil && !v.Excluded() {
					t.Fatalf("%s %s: explain gave no verdict for a scored episode", id, pol.Name)
				}
			}
		}
	}
}
