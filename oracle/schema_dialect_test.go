package oracle

import (
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonschema"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

func failurePaths(t *testing.T, d *jsonschema.Dialect, schema, doc string) string {
	t.Helper()
	s, err := jsonv.Parse([]byte(schema))
	if err != nil {
		t.Fatal(err)
	}
	x, err := jsonv.Parse([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	var p []string
	for _, e := range d.Validate(s, x, "$") {
		p = append(p, e.Path)
	}
	return strings.Join(p, " ")
}

// The evaluator's dialect and validate's record dialect agree (same failures at the same
// paths, in the same order) except where their doc comments say they differ; each
// documented difference is shown here once, and nothing else differs.
func TestSchemaDialectsDiffer(t *testing.T) {
	for _, c := range []struct {
		why          string // "" when the dialects must agree
		schema, doc  string
		eval, record string // failure paths
	}{
		// Agreement on the keywords both know, used as both consumers use them.
		{"", `{"type":"object","required":["id","n"],"properties":{"id":{"type":"string","pattern":"^ch_"},
		  "n":{"type":"number","minimum":0,"maximum":5},"mode":{"enum":["a","b"]},"v":{"const":1},
		  "tags":{"type":"array","minItems":1,"items":{"type":"string"}}}}`,
			`{"id":"ch_1","n":2,"mode":"a","v":1,"tags":["x"]}`, "", ""},
		{"", `{"type":"object","required":["id","n"],"properties":{"id":{"type":"string","pattern":"^ch_"}}}`,
			`{"id":"zz"}`, "$.n $.id", "$.n $.id"},
		{"", `{"type":"object","properties":{"n":{"type":"number","minimum":0,"maximum":5}}}`, `{"n":9}`, "$.n", "$.n"},
		{"", `{"type":"object","properties":{"n":{"type":"number"}}}`, `{"n":"3"}`, "$.n", "$.n"},
		{"", `{"type":"array","minItems":2,"items":{"type":"string"}}`, `[3]`, "$ $[0]", "$ $[0]"},
		{"", `{"enum":["a","b"]}`, `"c"`, "$", "$"},
		{"", `{"const":"a"}`, `"b"`, "$", "$"},
		{"", `{"oneOf":[{"type":"string"},{"type":"null"}]}`, `1`, "$", "$"},
		{"", `{"anyOf":[{"type":"string"},{"type":"null"}]}`, `null`, "", ""},
		{"", `{"type":"string","pattern":"^a"}`, `"ba"`, "$", "$"},
		{"", `{"type":"integer"}`, `2`, "", ""},
		{"", `{"type":"boolean"}`, `0`, "$", "$"},
		// IntegerFloats: 1.0 is an integer in draft 2020-12, not in Python.
		{"integer-valued float", `{"type":"integer"}`, `1.0`, "$", ""},
		// TypeLists: the evaluator reads "type" as one name.
		{"type list", `{"type":["string","null"]}`, `1`, "", "$"},
		// TypeGates: the evaluator applies object/array keywords only under a declared type.
		{"undeclared object type", `{"required":["a"]}`, `{}`, "", "$.a"},
		{"undeclared array type", `{"minItems":1}`, `[]`, "", "$"},
		// InstanceOrder: the evaluator walks the argument's keys, validate the schema's.
		{"property order", `{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}}}`,
			`{"b":1,"a":2}`, "$.b $.a", "$.a $.b"},
		// Strict: a malformed schema is an error for the evaluator, ignored by validate.
		{"schema not an object", `true`, `1`, "$", ""},
		{"enum not a list", `{"enum":"a"}`, `"a"`, "$", ""},
		{"uncompilable pattern", `{"type":"string","pattern":"(?<x>a)+\\1"}`, `"aa"`, "$", ""},
		// Keywords: only the evaluator knows additionalProperties, maxItems, uniqueItems...
		{"additionalProperties", `{"type":"object","additionalProperties":false}`, `{"x":1}`, "$.x", ""},
		{"maxItems", `{"type":"array","maxItems":1}`, `[1,2]`, "$", ""},
		{"uniqueItems", `{"type":"array","uniqueItems":true}`, `[1,1]`, "$", ""},
		// ...only validate knows minLength, not and allOf.
		{"minLength", `{"type":"string","minLength":2}`, `"a"`, "", "$"},
		{"not", `{"not":{"type":"string"}}`, `"a"`, "", "$"},
		{"allOf", `{"allOf":[{"type":"string"}]}`, `1`, "", "$"},
		// Keywords order: the evaluator checks oneOf/anyOf before type, validate after (and a
		// failed type stops both).
		{"combinators before type", `{"type":"string","anyOf":[{"type":"null"}]}`, `1`, "$ $", "$"},
		// ConstEqual: Python == (True == 1) against JSON Schema equality.
		{"const equality", `{"const":1}`, `true`, "", "$"},
		// EnumEqual: canonical JSON text (1 is not 1.0) against numeric value.
		{"enum equality", `{"enum":[1]}`, `1.0`, "$", ""},
	} {
		eval := failurePaths(t, evaluatorDialect, c.schema, c.doc)
		rec := failurePaths(t, ingest.RecordDialect, c.schema, c.doc)
		if eval != c.eval || rec != c.record {
			t.Errorf("%s %s on %s: evaluator %q record %q, want %q and %q", c.why, c.schema, c.doc, eval, rec, c.eval, c.record)
		}
		if (c.why == "") != (eval == rec) {
			t.Errorf("%q %s on %s: the dialects differ: %v, documented: %v", c.why, c.schema, c.doc, eval != rec, c.why != "")
		}
	}
}

// Neither dialect panics on any schema and instance, and Valid (the quiet walk the
// combinators use) agrees with Validate.
func FuzzSchemaDialects(f *testing.F) {
	f.Add(`{"type":"object","required":["a"],"properties":{"a":{"oneOf":[{"const":1},{"enum":[2]}]}}}`, `{"a":1.0}`)
	f.Add(`{"type":"array","items":{"pattern":"("},"uniqueItems":true,"maxItems":1}`, `["a","a"]`)
	f.Add(`{"not":{"anyOf":[{"required":["x"]}]},"allOf":[true,{"minimum":1e400}]}`, `{"x":12345678901234567890123}`)
	f.Fuzz(func(t *testing.T, schema, doc string) {
		s, err := jsonv.Parse([]byte(schema))
		if err != nil {
			return
		}
		x, err := jsonv.Parse([]byte(doc))
		if err != nil {
			return
		}
		for _, d := range []*jsonschema.Dialect{evaluatorDialect, ingest.RecordDialect} {
			errs := d.Validate(s, x, "$")
			if d.Valid(s, x) != (len(errs) == 0) {
				t.Errorf("Valid = %v, Validate = %v", d.Valid(s, x), errs)
			}
		}
	})
}
