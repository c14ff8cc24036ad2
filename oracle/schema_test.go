package oracle

import (
	"testing"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// The JSON-Schema subset of public_json_schema_errors.
func TestSchemaSubset(t *testing.T) {
	schema := mustParse(t, `{"type":"object","additionalProperties":false,"required":["charge_id","destination"],
	  "properties":{
	    "charge_id":{"type":"string","pattern":"^ch_"},
	    "destination":{"enum":["original_payment_route","store_credit"]},
	    "amount":{"type":"number","minimum":0,"maximum":500},
	    "count":{"type":"integer"},
	    "tags":{"type":"array","items":{"type":"string"},"minItems":1,"maxItems":2,"uniqueItems":true},
	    "mode":{"oneOf":[{"const":"a"},{"const":"b"}]},
	    "alt":{"anyOf":[{"type":"string"},{"type":"null"}]}}}`)
	cases := []struct {
		doc  string
		errs int
	}{
		{`{"charge_id":"ch_1","destination":"store_credit"}`, 0},
		{`{"charge_id":"ch_1","destination":"store_credit","amount":12.5,"count":3,"tags":["x"],"mode":"a","alt":null}`, 0},
		{`{"charge_id":"xx","destination":"store_credit"}`, 1}, // pattern (search)
		{`{"charge_id":"ch_1"}`, 1},                                         // required
		{`{"charge_id":"ch_1","destination":"cash"}`, 1},                    // enum
		{`{"charge_id":"ch_1","destination":"store_credit","note":"x"}`, 1}, // additionalProperties
		{`{"charge_id":"ch_1","destination":"store_credit","amount":-1}`, 1},
		{`{"charge_id":"ch_1","destination":"store_credit","amount":true}`, 1}, // booleans are not numbers
		{`{"charge_id":"ch_1","destination":"store_credit","count":1.0}`, 1},   // 1.0 is not an integer in Python
		{`{"charge_id":"ch_1","destination":"store_credit","tags":[]}`, 1},
		{`{"charge_id":"ch_1","destination":"store_credit","tags":["x","x"]}`, 1},
		{`{"charge_id":"ch_1","destination":"store_credit","tags":["x","y","z"]}`, 1},
		{`{"charge_id":"ch_1","destination":"store_credit","mode":"c"}`, 1},
		{`{"charge_id":"ch_1","destination":"store_credit","alt":3}`, 1},
	}
	for _, c := range cases {
		if got := schemaErrors(schema, mustParse(t, c.doc), "$"); len(got) != c.errs {
			t.Errorf("%s: %d errors %v, want %d", c.doc, len(got), got, c.errs)
		}
	}
	if got := schemaErrors("not a schema", int64(1), "$"); len(got) != 1 {
		t.Errorf("invalid schema: %v", got)
	}
}

// With argument schemas in a released V3 case, an argument outside the public schema is a
// PUBLIC_ACTION_SCHEMA_VIOLATION before any commit matching.
func TestPublicActionContract(t *testing.T) {
	c := loadCase(t, "SAB-V3-001")
	c.Spec = jsonv.DeepCopy(c.Spec).(*jsonv.Object)
	c.Spec.Set("available_action_tools", []any{
		mustParse(t, `{"tool":"refund_issue","argument_schema":{"type":"object","additionalProperties":false,
		  "properties":{"charge_id":{"type":"string"},"destination":{"type":"string"},"refund_id":{"type":"string"}}}}`),
		mustParse(t, `{"tool":"support_ticket_close","argument_schema":{"type":"object"}}`),
		mustParse(t, `{"tool":"customer_template_notice_send","argument_schema":{"type":"object"}}`)})
	p := prepare(t, c)
	ref := reference(t, c)
	v := p.Score(ref, SafeAct, true)
	expect(t, "reference with schemas", v, true, OutcomeWorkflowSuccess, "")
	evs := copyEvents(ref)
	setArg(evs[2], "memo", "refund now")
	v = scoreEvents(t, p, ref, evs, SafeAct)
	expect(t, "extra argument", v, false, OutcomePublicSchema, FailWrongAction)
}
