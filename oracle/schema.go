package oracle

import (
	"bytes"
	"fmt"

	"github.com/sabench/sabench-stats/ingest/jsonschema"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// publicContractErrors is public_v3_action_contract_errors. With argument schemas in the
// case it validates the JSON-Schema subset of the evaluator; without them it can only check
// that the tool is one of the case's public_action_tools (documented deviation).
func (p *Prepared) publicContractErrors(tool string, args *jsonv.Object) []string {
	if p.publicSpecs == nil {
		if len(p.spec.PublicActionTools) == 0 {
			return nil
		}
		for _, t := range p.spec.PublicActionTools {
			if t == tool {
				return nil
			}
		}
		return []string{fmt.Sprintf("tool %s is not in available_action_tools", repr(tool))}
	}
	sch, ok := p.publicSpecs[tool]
	if !ok {
		return []string{fmt.Sprintf("tool %s is not in available_action_tools", repr(tool))}
	}
	return schemaErrors(sch, args, "$")
}

// evaluatorDialect is public_json_schema_errors, the evaluator's JSON-Schema subset:
// oneOf and anyOf first, then type (one name; only integer literals are integers; a
// mismatch ends the checks), enum (canonical-JSON equality), const (Python ==), the object
// keywords under "type":"object" (required, additionalProperties:false, properties in the
// argument's order), the array keywords under "type":"array" (minItems, maxItems,
// uniqueItems, items), pattern (search; one that does not compile fails), minimum and
// maximum. A schema that is not an object is an error. Its wording is the evaluator's.
var evaluatorDialect = &jsonschema.Dialect{
	Keywords: []jsonschema.Keyword{jsonschema.KwOneOf, jsonschema.KwAnyOf, jsonschema.KwType,
		jsonschema.KwEnum, jsonschema.KwConst, jsonschema.KwRequired, jsonschema.KwAdditionalProperties,
		jsonschema.KwProperties, jsonschema.KwMinItems, jsonschema.KwMaxItems, jsonschema.KwUniqueItems,
		jsonschema.KwItems, jsonschema.KwPattern, jsonschema.KwMinimum, jsonschema.KwMaximum},
	TypeGates:     true,
	InstanceOrder: true,
	Strict:        true,
	EnumEqual:     canonicalEqual,
	ConstEqual:    pyEqual,
	Message:       evaluatorMessage,
}

func evaluatorMessage(f jsonschema.Failure) string {
	switch f.Keyword {
	case jsonschema.KwSchema:
		return "has no valid public schema"
	case jsonschema.KwOneOf:
		return fmt.Sprintf("must match exactly one public schema variant; matched %d", f.Matched)
	case jsonschema.KwAnyOf:
		return "does not match any public schema variant"
	case jsonschema.KwType:
		return "must be " + jsonv.PyStr(f.Arg)
	case jsonschema.KwEnum:
		return "is outside the public controlled vocabulary"
	case jsonschema.KwConst:
		return "does not match the public constant"
	case jsonschema.KwRequired:
		return "is required"
	case jsonschema.KwAdditionalProperties:
		return "is not a public argument"
	case jsonschema.KwMinItems:
		return "requires at least " + jsonv.PyStr(f.Arg) + " items"
	case jsonschema.KwMaxItems:
		return "allows at most " + jsonv.PyStr(f.Arg) + " items"
	case jsonschema.KwUniqueItems:
		return "requires unique items"
	case jsonschema.KwPattern:
		return "does not match the public format"
	case jsonschema.KwMinimum:
		return "must be at least " + jsonv.PyStr(f.Arg)
	case jsonschema.KwMaximum:
		return "must be at most " + jsonv.PyStr(f.Arg)
	}
	return "does not match the public schema"
}

// canonicalEqual compares canonical JSON texts (sorted keys, ASCII), as the evaluator's
// enum and uniqueItems checks do: 1 and 1.0 differ, and so do true and 1.
func canonicalEqual(a, b any) bool {
	return bytes.Equal(jsonv.Canonical(a, true), jsonv.Canonical(b, true))
}

// schemaErrors is public_json_schema_errors: the failures of value against schema, each
// "<path> <message>".
func schemaErrors(schema any, value any, path string) []string {
	var errs []string
	for _, e := range evaluatorDialect.Validate(schema, value, path) {
		errs = append(errs, e.Path+" "+e.Msg)
	}
	return errs
}
