package jsonschema

import (
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

var kwName = map[Keyword]string{KwSchema: "schema", KwType: "type", KwConst: "const", KwEnum: "enum",
	KwRequired: "required", KwProperties: "properties", KwAdditionalProperties: "additionalProperties",
	KwItems: "items", KwMinLength: "minLength", KwPattern: "pattern", KwMinimum: "minimum",
	KwMaximum: "maximum", KwMinItems: "minItems", KwMaxItems: "maxItems", KwUniqueItems: "uniqueItems",
	KwNot: "not", KwAllOf: "allOf", KwAnyOf: "anyOf", KwOneOf: "oneOf"}

// base knows every keyword, type first, and words a failure as its keyword's name.
func base() Dialect {
	return Dialect{
		Keywords: []Keyword{KwType, KwConst, KwEnum, KwRequired, KwAdditionalProperties, KwProperties,
			KwItems, KwMinLength, KwPattern, KwMinimum, KwMaximum, KwMinItems, KwMaxItems, KwUniqueItems,
			KwNot, KwAllOf, KwAnyOf, KwOneOf},
		EnumEqual:  jsonv.Equal,
		ConstEqual: jsonv.Equal,
		Message:    func(f Failure) string { return kwName[f.Keyword] },
	}
}

func parse(t *testing.T, s string) any {
	t.Helper()
	v, err := jsonv.Parse([]byte(s))
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return v
}

func run(t *testing.T, d *Dialect, schema, doc string) string {
	t.Helper()
	s, x := parse(t, schema), parse(t, doc)
	errs := d.Validate(s, x, "$")
	var got []string
	for _, e := range errs {
		got = append(got, e.Path+" "+e.Msg)
	}
	if d.Valid(s, x) != (len(errs) == 0) {
		t.Errorf("%s on %s: Valid = %v but Validate = %q", schema, doc, d.Valid(s, x), got)
	}
	return strings.Join(got, "|")
}

// Each keyword on its own, under the base dialect.
func TestKeywords(t *testing.T) {
	d := base()
	for _, c := range []struct{ schema, doc, want string }{
		{`{"type":"string"}`, `"x"`, ""},
		{`{"type":"string","minLength":3}`, `1`, "$ type"}, // a failed type stops the checks
		{`{"type":"integer"}`, `12345678901234567890123`, ""},
		{`{"type":"number"}`, `true`, "$ type"},
		{`{"type":"null"}`, `null`, ""},
		{`{"type":"mystery"}`, `1`, ""},
		{`{"const":"a"}`, `"b"`, "$ const"},
		{`{"enum":["a",1]}`, `1`, ""},
		{`{"enum":["a",1]}`, `"c"`, "$ enum"},
		{`{"enum":"a"}`, `"c"`, ""}, // not a list: ignored unless Strict
		{`{"required":["a","b",3]}`, `{"a":1}`, "$.b required"},
		{`{"required":["a"]}`, `[1]`, ""},
		{`{"properties":{"a":{"type":"string"}},"additionalProperties":false}`, `{"b":1,"a":2}`,
			"$.b additionalProperties|$.a type"},
		{`{"properties":{"a":"not a schema"}}`, `{"a":1}`, ""},
		{`{"items":{"minimum":2}}`, `[1,2,3]`, "$[0] minimum"},
		{`{"minLength":2}`, `"é"`, "$ minLength"}, // characters, not bytes
		{`{"minLength":2.0}`, `"é"`, ""},          // a count must be an integer literal
		{`{"pattern":"b+"}`, `"abba"`, ""},        // search, not full match
		{`{"pattern":"^b"}`, `"abba"`, "$ pattern"},
		{`{"pattern":"("}`, `"abba"`, ""},
		{`{"minimum":1,"maximum":2}`, `2.5`, "$ maximum"},
		{`{"minimum":"3"}`, `1`, ""}, // a string limit is no limit
		{`{"minimum":1}`, `"0"`, ""}, // and a string is not a number
		{`{"minItems":2,"maxItems":2}`, `[1]`, "$ minItems"},
		{`{"maxItems":1}`, `[1,2]`, "$ maxItems"},
		{`{"uniqueItems":true}`, `[1,2,1]`, "$ uniqueItems"},
		{`{"uniqueItems":false}`, `[1,1]`, ""},
		{`{"not":{"required":["x"]}}`, `{"x":1}`, "$ not"},
		{`{"allOf":[{"minimum":1},{"maximum":0}]}`, `2`, "$ maximum"},
		{`{"anyOf":[{"type":"string"},"junk"]}`, `1`, "$ anyOf"}, // a non-object alternative never matches
		{`{"anyOf":[]}`, `1`, "$ anyOf"},
		{`{"oneOf":[{"minimum":0},{"maximum":5}]}`, `3`, "$ oneOf"},
		{`{"oneOf":[{"minimum":0},{"maximum":5}]}`, `7`, ""},
		{`"not a schema"`, `1`, ""},
	} {
		if got := run(t, &d, c.schema, c.doc); got != c.want {
			t.Errorf("%s on %s: got %q, want %q", c.schema, c.doc, got, c.want)
		}
	}
}

// Each rule of a Dialect changes exactly what its comment says.
func TestDialectRules(t *testing.T) {
	type rule func(*Dialect)
	for _, c := range []struct {
		name              string
		set               rule
		schema, doc       string
		without, withRule string
	}{
		{"IntegerFloats", func(d *Dialect) { d.IntegerFloats = true }, `{"type":"integer"}`, `1.0`, "$ type", ""},
		{"IntegerFloats/fraction", func(d *Dialect) { d.IntegerFloats = true }, `{"type":"integer"}`, `1.5`, "$ type", "$ type"},
		{"TypeLists", func(d *Dialect) { d.TypeLists = true }, `{"type":["string","null"]}`, `1`, "", "$ type"},
		{"TypeLists/match", func(d *Dialect) { d.TypeLists = true }, `{"type":["string","null"]}`, `null`, "", ""},
		{"TypeGates/object", func(d *Dialect) { d.TypeGates = true }, `{"required":["a"]}`, `{}`, "$.a required", ""},
		{"TypeGates/declared", func(d *Dialect) { d.TypeGates = true }, `{"type":"object","required":["a"]}`, `{}`, "$.a required", "$.a required"},
		{"TypeGates/array", func(d *Dialect) { d.TypeGates = true }, `{"minItems":1}`, `[]`, "$ minItems", ""},
		{"InstanceOrder", func(d *Dialect) { d.InstanceOrder = true }, `{"properties":{"a":{"type":"string"},"b":{"type":"string"}}}`,
			`{"b":1,"a":2}`, "$.a type|$.b type", "$.b type|$.a type"},
		{"Strict/schema", func(d *Dialect) { d.Strict = true }, `true`, `1`, "", "$ schema"},
		{"Strict/allOf", func(d *Dialect) { d.Strict = true }, `{"allOf":[3]}`, `1`, "", "$ schema"},
		{"Strict/enum", func(d *Dialect) { d.Strict = true }, `{"enum":"a"}`, `"a"`, "", "$ enum"},
		{"Strict/pattern", func(d *Dialect) { d.Strict = true }, `{"pattern":"("}`, `"("`, "", "$ pattern"},
		{"Keywords/order", func(d *Dialect) { d.Keywords = []Keyword{KwAnyOf, KwType} },
			`{"type":"string","anyOf":[{"type":"null"}]}`, `1`, "$ type", "$ anyOf|$ type"},
		{"Keywords/unknown", func(d *Dialect) { d.Keywords = []Keyword{KwType} }, `{"maximum":1}`, `2`, "$ maximum", ""},
		{"ConstEqual", func(d *Dialect) { d.ConstEqual = func(a, b any) bool { return true } }, `{"const":1}`, `2`, "$ const", ""},
	} {
		without := base()
		with := base()
		c.set(&with)
		if got := run(t, &without, c.schema, c.doc); got != c.without {
			t.Errorf("%s: without the rule got %q, want %q", c.name, got, c.without)
		}
		if got := run(t, &with, c.schema, c.doc); got != c.withRule {
			t.Errorf("%s: with the rule got %q, want %q", c.name, got, c.withRule)
		}
	}
}

// Paths: properties join with ".", items with [i], under an empty root a bare name.
func TestPaths(t *testing.T) {
	d := base()
	s := parse(t, `{"properties":{"a":{"items":{"required":["z"]}}}}`)
	errs := d.Validate(s, parse(t, `{"a":[{"z":1},{}]}`), "")
	if len(errs) != 1 || errs[0].Path != "a[1].z" {
		t.Errorf("got %v, want one failure at a[1].z", errs)
	}
}
