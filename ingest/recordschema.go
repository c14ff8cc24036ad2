package ingest

import (
	"embed"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/sabench/sabench-stats/ingest/jsonschema"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// The agent-output schemas of the real release (CC BY 4.0, see schemas/README.md).
//
//go:embed schemas/*.schema.json
var schemaFS embed.FS

// recordSchemaFile names the schema of each protocol's execution record.
var recordSchemaFile = [NumProtocols]string{
	Legacy: "agent_decision",
	V0:     "no_action_execution_record",
	V1:     "state_action_execution_record",
	V2:     "linear_workflow_execution_record",
	V3:     "multi_step_execution_record",
}

var (
	schemaOnce  sync.Once
	schemaByKey map[string]*jsonv.Object
	idPatterns  map[string]*idPattern // by schema name, for a schema with an episode_id pattern
	schemaErr   error
)

// idPattern is a record schema's pattern for episode_id, which is the form of the release's
// own case ids (the V0 schema's ^SAB-V0-[0-9]{3}$), and the schema without it, which a bench
// with ids of its own is checked against.
type idPattern struct {
	schema  string // the schema's name
	pattern string
	re      *regexp.Regexp
	without *jsonv.Object
}

func loadSchemas() {
	schemaByKey = map[string]*jsonv.Object{}
	idPatterns = map[string]*idPattern{}
	for _, name := range recordSchemaFile {
		data, err := schemaFS.ReadFile("schemas/" + name + ".schema.json")
		if err == nil {
			schemaByKey[name], err = jsonv.ParseObject(data)
		}
		if err != nil {
			schemaErr = fmt.Errorf("embedded schema %s: %w", name, err)
			return
		}
		if ip := episodeIDPattern(name, schemaByKey[name]); ip != nil {
			idPatterns[name] = ip
		}
	}
}

// episodeIDPattern is schema's pattern for properties.episode_id, nil when it has none (or
// one Go cannot compile, which RecordDialect ignores anyway).
func episodeIDPattern(name string, schema *jsonv.Object) *idPattern {
	props, _ := schema.Obj("properties")
	id, _ := props.Obj("episode_id")
	pat, ok := id.String("pattern")
	if !ok {
		return nil
	}
	re, err := regexp.Compile(pat)
	if err != nil {
		return nil
	}
	without, _ := jsonv.DeepCopy(schema).(*jsonv.Object)
	props, _ = without.Obj("properties")
	id, _ = props.Obj("episode_id")
	id.Delete("pattern")
	return &idPattern{schema: name, pattern: pat, re: re, without: without}
}

// CheckRecord checks an episode's record against the schema of its kind: an
// agent_decision for Legacy cases and for static judgments, else the execution record
// of the case's protocol. A nil record is not checked (the oracle scores it as a
// failure). Problems are located at the episode's file and line, with the field path
// under "record". A schema's episode_id pattern is not held against the record of a case
// whose own id is not of that form (ownIDPattern).
func CheckRecord(e *Episode, p Protocol) []Problem {
	if e.Record == nil {
		return nil
	}
	schemaOnce.Do(loadSchemas)
	if schemaErr != nil {
		return []Problem{{File: e.Source, Line: e.Line, Field: "record", Msg: schemaErr.Error()}}
	}
	name := schemaName(e, p)
	schema := schemaByKey[name]
	if ip := ownIDPattern(e, name); ip != nil {
		schema = ip.without
	}
	var probs []Problem
	for _, f := range RecordDialect.Validate(schema, e.Record.Object(), "record") {
		probs = append(probs, Problem{File: e.Source, Line: e.Line, Field: f.Path, Msg: f.Msg + " (" + name + " schema)"})
	}
	return probs
}

// schemaName names the schema an episode's record is checked against.
func schemaName(e *Episode, p Protocol) string {
	if p != Legacy && e.IsStatic() {
		return recordSchemaFile[Legacy]
	}
	if int(p) < NumProtocols {
		return recordSchemaFile[p]
	}
	return recordSchemaFile[V1]
}

// ownIDPattern is the episode_id pattern of the schema named name when the episode's case
// id is not of its form, nil otherwise. The pattern is the form of the release's case ids;
// a bench built like the release with ids of its own names its cases by those in their
// records (checkEpisode checks that a record names its case).
func ownIDPattern(e *Episode, name string) *idPattern {
	ip := idPatterns[name]
	if ip == nil {
		return nil
	}
	if base, _ := SplitVariant(e.CaseID); base == "" || ip.re.MatchString(base) {
		return nil
	}
	return ip
}

// waivedIDPattern is the pattern CheckRecord did not hold the record's episode_id to and
// that it does not meet; nil when there is none.
func waivedIDPattern(e *Episode, p Protocol) *idPattern {
	if e.Record == nil {
		return nil
	}
	schemaOnce.Do(loadSchemas)
	ip := ownIDPattern(e, schemaName(e, p))
	if ip == nil {
		return nil
	}
	if id, ok := e.Record.String("episode_id"); ok && !ip.re.MatchString(id) {
		return ip
	}
	return nil
}

// RecordDialect is the subset of JSON Schema (draft 2020-12) that the release's record
// schemas use: type (a name or a list; 1.0 is an integer), const and enum (numbers compare
// by value), required, properties (in the schema's order), items, minLength, minItems,
// minimum, maximum, pattern (one Go cannot compile is ignored), and not/allOf/anyOf/oneOf.
// Other keywords are ignored (additionalProperties is true in every schema used). Messages
// name the expected and the actual value; CheckRecord appends the schema's name.
var RecordDialect = &jsonschema.Dialect{
	Keywords: []jsonschema.Keyword{jsonschema.KwType, jsonschema.KwConst, jsonschema.KwEnum,
		jsonschema.KwMinLength, jsonschema.KwPattern, jsonschema.KwMinimum, jsonschema.KwMaximum,
		jsonschema.KwRequired, jsonschema.KwProperties, jsonschema.KwMinItems, jsonschema.KwItems,
		jsonschema.KwNot, jsonschema.KwAllOf, jsonschema.KwAnyOf, jsonschema.KwOneOf},
	IntegerFloats: true,
	TypeLists:     true,
	EnumEqual:     schemaEqual,
	ConstEqual:    schemaEqual,
	Message:       recordMessage,
}

func recordMessage(f jsonschema.Failure) string {
	switch f.Keyword {
	case jsonschema.KwType:
		return fmt.Sprintf("must be %s, got %s", typeWord(f.Arg), TypeName(f.Value))
	case jsonschema.KwConst:
		return fmt.Sprintf("must be %s, got %s", jsonv.Canonical(f.Arg, false), jsonv.Canonical(f.Value, false))
	case jsonschema.KwEnum:
		return fmt.Sprintf("must be one of %s, got %s", jsonv.Canonical(f.Arg, false), jsonv.Canonical(f.Value, false))
	case jsonschema.KwMinLength:
		return "must have at least " + jsonv.PyStr(f.Arg) + " characters"
	case jsonschema.KwPattern:
		return fmt.Sprintf("%q does not match %s", f.Value, f.Arg)
	case jsonschema.KwMinimum:
		return "must be >= " + jsonv.PyStr(f.Arg)
	case jsonschema.KwMaximum:
		return "must be <= " + jsonv.PyStr(f.Arg)
	case jsonschema.KwRequired:
		return "required field is missing"
	case jsonschema.KwMinItems:
		return "must have at least " + jsonv.PyStr(f.Arg) + " items"
	case jsonschema.KwNot:
		n, _ := f.Arg.(*jsonv.Object)
		return "must not match " + describeNot(n)
	case jsonschema.KwAnyOf:
		return "matches none of the anyOf alternatives"
	case jsonschema.KwOneOf:
		return "must match exactly one oneOf alternative"
	}
	return "does not fit the schema"
}

// describeNot renders the agent_decision's forbidden-field rule readably.
func describeNot(n *jsonv.Object) string {
	var names []string
	alts, _ := n.List("anyOf")
	for _, a := range alts {
		ao, _ := a.(*jsonv.Object)
		req, _ := ao.List("required")
		for _, r := range req {
			if s, ok := r.(string); ok {
				names = append(names, s)
			}
		}
	}
	if len(names) > 0 {
		sort.Strings(names)
		return "a forbidden field (" + strings.Join(names, ", ") + ")"
	}
	return string(jsonv.Canonical(n, false))
}

// schemaEqual is JSON Schema equality: numbers compare by value (1 equals 1.0), booleans
// only equal booleans, everything else as jsonv.Equal.
func schemaEqual(a, b any) bool {
	if x, ok := JSONNumber(a); ok {
		y, ok := JSONNumber(b)
		return ok && x == y
	}
	return jsonv.Equal(a, b)
}

// number is a JSON number's value (int64 or float64).
func JSONNumber(x any) (float64, bool) {
	switch n := x.(type) {
	case int64:
		return float64(n), true
	case float64:
		return n, true
	}
	return 0, false
}

func typeWord(t any) string {
	if l, ok := t.([]any); ok {
		var w []string
		for _, e := range l {
			w = append(w, typeWord(e))
		}
		return strings.Join(w, " or ")
	}
	switch s, _ := t.(string); s {
	case "object", "array", "integer":
		return "an " + s
	default:
		return "a " + s
	}
}
