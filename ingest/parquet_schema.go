package ingest

import (
	"slices"

	"github.com/apache/arrow-go/v18/arrow"
)

// Parquet column names: the scalar top-level fields, the JSON fields as
// JSON text, and a derived events column for analytics engines. "extra" holds the
// top-level fields the format does not define, as a JSON object, so that conversion
// loses nothing.
const (
	colSchema       = "schema"
	colRunID        = "run_id"
	colConfig       = "config"
	colModel        = "model"
	colHarness      = "harness"
	colCaseID       = "case_id"
	colRepeat       = "repeat"
	colCondition    = "condition"
	colStatus       = "status"
	colFailureClass = "failure_class"
	colRecord       = "record"
	colOfficial     = "official"
	colUsage        = "usage"
	colExtra        = "extra"
	colEvents       = "events"
)

// eventType is the element of the events column. It mirrors record.events for
// engines that cannot parse JSON; readers here ignore it, record is authoritative.
var eventType = arrow.StructOf(
	arrow.Field{Name: "type", Type: arrow.BinaryTypes.String, Nullable: true},
	arrow.Field{Name: "call_id", Type: arrow.BinaryTypes.String, Nullable: true},
	arrow.Field{Name: "tool", Type: arrow.BinaryTypes.String, Nullable: true},
	arrow.Field{Name: "arguments", Type: arrow.BinaryTypes.String, Nullable: true}, // JSON text
	arrow.Field{Name: "evidence_delta_key", Type: arrow.BinaryTypes.String, Nullable: true},
	arrow.Field{Name: "tool_status", Type: arrow.BinaryTypes.String, Nullable: true},
)

// scalarFields are the top-level scalar columns, first in both layouts' schemas.
var scalarFields = []arrow.Field{
	{Name: colSchema, Type: arrow.BinaryTypes.String},
	{Name: colRunID, Type: arrow.BinaryTypes.String},
	{Name: colConfig, Type: arrow.BinaryTypes.String},
	{Name: colModel, Type: arrow.BinaryTypes.String},
	{Name: colHarness, Type: arrow.BinaryTypes.String},
	{Name: colCaseID, Type: arrow.BinaryTypes.String},
	{Name: colRepeat, Type: arrow.PrimitiveTypes.Int64},
	{Name: colCondition, Type: arrow.BinaryTypes.String},
	{Name: colStatus, Type: arrow.BinaryTypes.String},
	{Name: colFailureClass, Type: arrow.BinaryTypes.String, Nullable: true},
}

// episodeSchema is the scalar columns followed by a layout's own.
func episodeSchema(rest ...arrow.Field) *arrow.Schema {
	return arrow.NewSchema(append(slices.Clip(scalarFields), rest...), nil)
}

// EpisodeArrowSchema is the Arrow schema of the episode Parquet files this package writes.
var EpisodeArrowSchema = episodeSchema(
	arrow.Field{Name: colRecord, Type: arrow.BinaryTypes.String, Nullable: true},
	arrow.Field{Name: colOfficial, Type: arrow.BinaryTypes.String, Nullable: true},
	arrow.Field{Name: colUsage, Type: arrow.BinaryTypes.String, Nullable: true},
	arrow.Field{Name: colExtra, Type: arrow.BinaryTypes.String, Nullable: true},
	arrow.Field{Name: colEvents, Type: arrow.ListOf(eventType), Nullable: true},
)
