package ingest

import (
	"fmt"
	"slices"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
)

// Episode Parquet layouts. Both hold the episode's scalar fields as columns and "extra"
// as JSON text; they differ in the record, official and usage:
//   - ParquetLayoutJSON: each as one JSON text column, plus a derived events column
//     that readers ignore (the layout of files written before the typed one).
//   - ParquetLayoutTyped: each as a struct column of typed fields (see objSpec), the
//     record's events a list of structs, free-form parts as JSON text. The file's
//     key-value metadata says parquetLayoutKey = parquetLayoutTypedV1.
//
// The reader tells them apart by that key, or, in a file that lost its metadata (an
// engine's rewrite), by the type of the record column.
const (
	ParquetLayoutJSON  = "json"
	ParquetLayoutTyped = "typed"

	// DefaultParquetLayout is the layout writers use unless told otherwise.
	DefaultParquetLayout = ParquetLayoutTyped

	parquetLayoutKey     = "sabench.parquet_layout"
	parquetLayoutTypedV1 = "typed/1"
)

// ParquetLayouts lists the layout names a writer accepts.
var ParquetLayouts = []string{ParquetLayoutTyped, ParquetLayoutJSON}

// CheckParquetLayout returns an error unless name is a layout a writer accepts.
func CheckParquetLayout(name string) error {
	if slices.Contains(ParquetLayouts, name) {
		return nil
	}
	return fmt.Errorf("unknown Parquet layout %q (want %s)", name, strings.Join(ParquetLayouts, " or "))
}

// tkind is the kind of one typed field.
type tkind uint8

const (
	tkString tkind = iota // a JSON string, as utf8
	tkInt                 // a JSON integer that fits int64, as int64
	tkFloat               // a JSON number with a fraction or exponent (jsonv's float64), as double
	tkBool                // true or false, as boolean
	tkJSON                // any JSON value, as its JSON text (free-form parts)
	tkObject              // an object, as a struct of its own objSpec
	tkList                // a list, as a list of structs of the element objSpec
)

// tfield is one known field of an object: its key, kind and, for tkObject and tkList,
// the spec of the object or element. dict marks columns with few distinct values,
// dictionary-encoded in the file.
type tfield struct {
	name string
	kind tkind
	dict bool
	sub  *objSpec
}

// objSpec is how an object is stored: a struct with
//   - _raw (when raw): the whole value as JSON text, for a value the struct cannot hold
//     (a list element that is not an object, an object with a repeated key); the other
//     children are then null;
//   - _keys: the object's keys in their written order, as a JSON array (so that writing
//     the object back gives the same bytes; a handful of distinct values per file,
//     dictionary-encoded);
//   - one column per known field, null when the key is absent, its value is JSON null or
//     of another type than the column's;
//   - _rest: a JSON object of the keys that have no column and the values of another
//     type than their column's, or null when there are none.
//
// A key listed in _keys takes its column's value when that is not null, else its value
// in _rest, else JSON null.
type objSpec struct {
	fields []tfield
	raw    bool
	index  map[string]int // field index by name
}

// The struct children that are not fields.
const (
	tcRaw  = "_raw"
	tcKeys = "_keys"
	tcRest = "_rest"
)

func newObjSpec(raw bool, fields ...tfield) *objSpec {
	s := &objSpec{fields: fields, raw: raw, index: map[string]int{}}
	for i, f := range fields {
		s.index[f.name] = i
	}
	return s
}

// arrowType is the struct type of s.
func (s *objSpec) arrowType() *arrow.StructType {
	var fs []arrow.Field
	strField := func(name string) arrow.Field {
		return arrow.Field{Name: name, Type: arrow.BinaryTypes.String, Nullable: true}
	}
	if s.raw {
		fs = append(fs, strField(tcRaw))
	}
	fs = append(fs, strField(tcKeys))
	for _, f := range s.fields {
		var t arrow.DataType
		switch f.kind {
		case tkString, tkJSON:
			t = arrow.BinaryTypes.String
		case tkInt:
			t = arrow.PrimitiveTypes.Int64
		case tkFloat:
			t = arrow.PrimitiveTypes.Float64
		case tkBool:
			t = arrow.FixedWidthTypes.Boolean
		case tkObject:
			t = f.sub.arrowType()
		case tkList:
			t = arrow.ListOf(f.sub.arrowType())
		}
		fs = append(fs, arrow.Field{Name: f.name, Type: t, Nullable: true})
	}
	fs = append(fs, strField(tcRest))
	return arrow.StructOf(fs...)
}

// dictPaths appends the Parquet column paths under prefix that are dictionary-encoded.
func (s *objSpec) dictPaths(prefix string, out []string) []string {
	out = append(out, prefix+"."+tcKeys)
	for _, f := range s.fields {
		p := prefix + "." + f.name
		switch {
		case f.kind == tkObject:
			out = f.sub.dictPaths(p, out)
		case f.kind == tkList:
			out = f.sub.dictPaths(p+".list.element", out)
		case f.dict:
			out = append(out, p)
		}
	}
	return out
}

func tstr(name string, dict bool) tfield { return tfield{name: name, kind: tkString, dict: dict} }
func tjson(name string) tfield           { return tfield{name: name, kind: tkJSON} }

// The typed layout's objects: the fields of the release's record schemas (agent_decision
// and the V0–V3 execution records), of their events and metadata, and of official and
// usage. Anything else an object holds goes to its _rest.
var (
	eventSpec = newObjSpec(true,
		tstr("type", true), tstr("call_id", true), tstr("tool", true), tjson("arguments"),
		tstr("evidence_delta_key", false), tstr("tool_status", true), tjson("resolved_arguments"),
		tjson("tool_result"), tjson("result"), tfield{name: "attempted_arguments_valid", kind: tkBool},
		tjson("content"), tstr("commit_id", false), tstr("rationale", false))
	terminalSpec = newObjSpec(false, tstr("type", true), tstr("outcome", true))
	metadataSpec = newObjSpec(false,
		tstr("runner", true), tstr("agent_framework", true), tstr("model", true), tstr("scenario_id", false),
		tstr("parse_error", false), tfield{name: "invalid_decision", kind: tkBool}, tstr("reference_time", true),
		tstr("time_semantics", true), tstr("driver_protocol_error", false))
	recordSpec = newObjSpec(true,
		tfield{name: "schema_version", kind: tkInt}, tstr("env_id", true), tstr("episode_id", false),
		tstr("generated_at", true), tstr("runner", true), tfield{name: "events", kind: tkList, sub: eventSpec},
		tstr("reference_time", true), tfield{name: "terminal", kind: tkObject, sub: terminalSpec},
		tstr("decision", true), tstr("decision_time", true), tstr("candidate_action_summary", false),
		tjson("confirm"), tjson("claims"), tjson("evidence_refs"), tjson("next_steps"), tstr("risk_notes", false),
		tstr("rationale", false), tfield{name: "metadata", kind: tkObject, sub: metadataSpec})
	officialSpec = newObjSpec(true, tfield{name: "successful", kind: tkBool}, tstr("raw_status", true))
	usageSpec    = newObjSpec(true,
		tfield{name: "wall_seconds", kind: tkFloat}, tfield{name: "input_tokens", kind: tkInt},
		tfield{name: "output_tokens", kind: tkInt}, tfield{name: "cost_usd", kind: tkFloat})
)

// typedColumns are the typed layout's struct columns and their specs.
var typedColumns = map[string]*objSpec{colRecord: recordSpec, colOfficial: officialSpec, colUsage: usageSpec}

// TypedEpisodeArrowSchema is the Arrow schema of the typed layout.
var TypedEpisodeArrowSchema = episodeSchema(
	arrow.Field{Name: colRecord, Type: recordSpec.arrowType(), Nullable: true},
	arrow.Field{Name: colOfficial, Type: officialSpec.arrowType(), Nullable: true},
	arrow.Field{Name: colUsage, Type: usageSpec.arrowType(), Nullable: true},
	arrow.Field{Name: colExtra, Type: arrow.BinaryTypes.String, Nullable: true},
)
