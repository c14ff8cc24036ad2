// Package jsonschema validates decoded JSON values (ingest/jsonv) against the small subset
// of JSON Schema that SafeActBench uses, in one walker parameterised by a Dialect.
//
// Two dialects exist because two consumers need different rules from the same keywords:
// the oracle re-implements the evaluator's public_json_schema_errors (its messages end up in
// verdicts, so its quirks are kept), and `validate` checks records against the release's
// draft-2020-12 record schemas. A Dialect states every point where they differ: the
// keywords it knows and the order it checks them in, the "type" rule, the equality of
// enum/const, what a malformed schema or pattern means, and the wording of each failure.
package jsonschema

// Keyword names one supported schema keyword.
type Keyword uint8

// The supported keywords. KwSchema is not a keyword: it is the failure of a schema that is
// not an object, reported only by a Strict dialect.
const (
	KwSchema Keyword = iota
	KwType
	KwConst
	KwEnum
	KwRequired
	KwProperties
	KwAdditionalProperties
	KwItems
	KwMinLength
	KwPattern
	KwMinimum
	KwMaximum
	KwMinItems
	KwMaxItems
	KwUniqueItems
	KwNot
	KwAllOf
	KwAnyOf
	KwOneOf
)

// Dialect is one set of validation rules. The zero value knows no keyword.
type Dialect struct {
	// Keywords are the keywords checked, in this order; any other keyword is ignored. A
	// failed "type" stops the checks of that schema (failures already found are kept).
	Keywords []Keyword
	// IntegerFloats makes an integer-valued float (1.0) an "integer", as JSON Schema does;
	// without it only integer literals are (Python's isinstance(x, int)).
	IntegerFloats bool
	// TypeLists allows "type" to be a list of names; without it a list is not checked.
	TypeLists bool
	// TypeGates applies the object keywords (required, properties, additionalProperties)
	// only under "type":"object" and the array keywords (minItems, maxItems, uniqueItems,
	// items) only under "type":"array"; without it they apply to any object or array.
	TypeGates bool
	// InstanceOrder checks properties in the instance's key order; without it, in the
	// schema's order.
	InstanceOrder bool
	// Strict makes a malformed schema a failure: a schema that is not an object (KwSchema),
	// an "enum" that is not a list (nothing matches it), a "pattern" Go cannot compile
	// (nothing matches it). Without it they are ignored.
	Strict bool
	// EnumEqual is the equality of "enum" and "uniqueItems"; ConstEqual that of "const".
	EnumEqual, ConstEqual func(a, b any) bool
	// Message words a failure (without its path).
	Message func(Failure) string
}

// Failure is one failed keyword, given to Dialect.Message.
type Failure struct {
	Keyword Keyword
	Arg     any // the keyword's value in the schema (for required and additionalProperties, the property name)
	Value   any // the instance checked
	Matched int // for oneOf, how many alternatives matched
}

// Error is one validation failure at a path of the instance.
type Error struct {
	Path string
	Msg  string
}
