package samples

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strconv"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest/inspect"
	"github.com/sabench/sabench-stats/ingest/jsonv"
	"github.com/sabench/sabench-stats/results/pqrows"
)

// Kind is a column's value type.
type Kind int

const (
	KindString Kind = iota
	KindInt
	KindBool
	KindFloat
)

func (k Kind) arrowType() arrow.DataType {
	switch k {
	case KindInt:
		return arrow.PrimitiveTypes.Int64
	case KindBool:
		return arrow.FixedWidthTypes.Boolean
	case KindFloat:
		return arrow.PrimitiveTypes.Float64
	}
	return arrow.BinaryTypes.String
}

// Column is one column of the samples output; Get returns a string, an int64, a
// float64, a bool, or nil for null.
type Column struct {
	Name    string
	Kind    Kind
	Meaning string
	Get     func(r *inspect.Row) any
}

// Columns are the fixed columns, in output order (the metadata columns follow).
var Columns = []Column{
	{"log", KindString, "the log file, as given", func(r *inspect.Row) any { return r.Log }},
	{"task", KindString, "the eval's task", func(r *inspect.Row) any { return r.Task }},
	{"model", KindString, "the eval's model", func(r *inspect.Row) any { return r.Model }},
	{"eval_id", KindString, "the eval's id", func(r *inspect.Row) any { return r.EvalID }},
	{"sample_id", KindString, "the sample id as text (a number as written)", func(r *inspect.Row) any { return r.SampleID.String() }},
	{"epoch", KindInt, "the epoch, from 1", func(r *inspect.Row) any { return int64(r.Epoch) }},
	{"scorer", KindString, "the scorer", func(r *inspect.Row) any { return r.Scorer }},
	{"value", KindString, "the score's value as JSON text; null when the sample has no score from the scorer", func(r *inspect.Row) any {
		if r.Value == nil {
			return nil
		}
		return string(r.Value)
	}},
	{"score", KindFloat, "the value as a number (Inspect's value_to_float); null when unscored", func(r *inspect.Row) any {
		if !r.Scored {
			return nil
		}
		return r.Score
	}},
	{"scored", KindBool, "whether score has a value", func(r *inspect.Row) any { return r.Scored }},
	{"answer", KindString, "the answer the scorer extracted", func(r *inspect.Row) any { return r.Answer }},
	{"target", KindString, "the sample's target: a string as is, a list of strings as JSON", func(r *inspect.Row) any { return r.Target }},
	{"input_tokens", KindInt, "input tokens over the sample's models; null when not logged", func(r *inspect.Row) any { return tokens(r, "input") }},
	{"output_tokens", KindInt, "output tokens over the sample's models; null when not logged", func(r *inspect.Row) any { return tokens(r, "output") }},
	{"total_tokens", KindInt, "total tokens over the sample's models; null when not logged", func(r *inspect.Row) any { return tokens(r, "total") }},
	{"total_time", KindFloat, "the sample's wall time in seconds; null when not logged", func(r *inspect.Row) any { return finiteOrNil(r.TotalTime) }},
	{"working_time", KindFloat, "the sample's working time in seconds; null when not logged", func(r *inspect.Row) any { return finiteOrNil(r.WorkingTime) }},
	{"error", KindString, "the first line of the sample's error; empty when none", func(r *inspect.Row) any { return r.Error }},
	{"limit", KindString, "the limit the sample hit (token, message, time, …); empty when none", func(r *inspect.Row) any { return r.Limit }},
}

// tokens is the row's input, output or total tokens, or nil when the sample logged no
// usage.
func tokens(r *inspect.Row, which string) any {
	switch {
	case r.Usage == nil:
		return nil
	case which == "input":
		return r.Usage.InputTokens
	case which == "output":
		return r.Usage.OutputTokens
	}
	return r.Usage.TotalTokens
}

func finiteOrNil(x float64) any {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil
	}
	return x
}

// idKind is the column that tells a sample id "1" (a string) from 1 (a number), which
// Inspect keeps apart as two samples (and compare and leaderboard pair apart) and
// sample_id writes alike. It is written only when the rows hold such a pair, an id's text
// as both kinds: an output where no id could be read as another keeps its columns
// (docs/inspect.md).
var idKind = Column{"sample_id_kind", KindString, "whether the sample id is a number or a string (\"number\", \"string\"); written only when some id's text is both", func(r *inspect.Row) any {
	if r.SampleID.IsNumber() {
		return "number"
	}
	return "string"
}}

// ambiguousIDs reports whether rows hold an id's text as both a number and a string.
func ambiguousIDs(rows []inspect.Row) bool {
	kind := map[string]bool{} // id text → is a number
	for i := range rows {
		id := rows[i].SampleID
		if num, ok := kind[id.String()]; ok && num != id.IsNumber() {
			return true
		}
		kind[id.String()] = id.IsNumber()
	}
	return false
}

// columnsOf are the fixed columns (with sample_id_kind after sample_id when an id's text
// is of both kinds, ambiguousIDs) and one per metadata key of rows (sorted).
func columnsOf(rows []inspect.Row) []Column {
	keys := map[string]bool{}
	for i := range rows {
		for k := range rows[i].Metadata {
			keys[k] = true
		}
	}
	cols := slices.Clone(Columns)
	if ambiguousIDs(rows) {
		at := slices.IndexFunc(cols, func(c Column) bool { return c.Name == "sample_id" }) + 1
		cols = slices.Insert(cols, at, idKind)
	}
	for _, k := range slices.Sorted(maps.Keys(keys)) {
		cols = append(cols, Column{Name: "metadata." + k, Kind: KindString, Meaning: "sample metadata", Get: func(r *inspect.Row) any {
			v, ok := analysis.MetadataText(r.Metadata, k)
			if !ok {
				return nil
			}
			return v
		}})
	}
	return cols
}

// Write writes rows in format "csv", "jsonl" or "parquet".
func Write(w io.Writer, format string, rows []inspect.Row) error {
	cols := columnsOf(rows)
	switch format {
	case "csv":
		return writeSampleCSV(w, cols, rows)
	case "jsonl":
		return writeSampleJSONL(w, cols, rows)
	case "parquet":
		return writeSampleParquet(w, cols, rows)
	}
	return fmt.Errorf("samples: unknown format %q (want csv, jsonl or parquet)", format)
}

func writeSampleCSV(w io.Writer, cols []Column, rows []inspect.Row) error {
	cw := csv.NewWriter(w)
	rec := make([]string, len(cols))
	for i, c := range cols {
		rec[i] = c.Name
	}
	if err := cw.Write(rec); err != nil {
		return err
	}
	for i := range rows {
		for j, c := range cols {
			rec[j] = csvText(c.Get(&rows[i]))
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// floatText appends a float cell as Python's repr writes it (json.dumps, pandas' CSV):
// "1.0", "-0.0", "1e+308". Go's shortest form wrote a whole float as "1" and negative
// zero as "-0", which JSON readers take for integers (and -0 for 0): a float column of
// whole values was read back as integers, and a -0.0 lost its sign.
func floatText(dst []byte, x float64) []byte {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return strconv.AppendFloat(dst, x, 'g', -1, 64) // not reached: such values are null
	}
	return jsonv.AppendFloatRepr(dst, x)
}

func csvText(x any) string {
	switch x := x.(type) {
	case string:
		return x
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		return string(floatText(nil, x))
	case bool:
		return strconv.FormatBool(x)
	}
	return ""
}

func writeSampleJSONL(w io.Writer, cols []Column, rows []inspect.Row) error {
	bw := bufio.NewWriter(w)
	var b []byte
	for i := range rows {
		b = append(b[:0], '{')
		for j, c := range cols {
			if j > 0 {
				b = append(b, ',')
			}
			b = appendJSONString(b, c.Name)
			b = append(b, ':')
			switch x := c.Get(&rows[i]).(type) {
			case nil:
				b = append(b, "null"...)
			case string:
				b = appendJSONString(b, x)
			case int64:
				b = strconv.AppendInt(b, x, 10)
			case float64:
				b = floatText(b, x)
			case bool:
				b = strconv.AppendBool(b, x)
			}
		}
		b = append(b, '}', '\n')
		if _, err := bw.Write(b); err != nil {
			return err
		}
	}
	return bw.Flush()
}

func writeSampleParquet(w io.Writer, cols []Column, rows []inspect.Row) error {
	fields := make([]pqrows.Field[*inspect.Row], len(cols))
	for i, c := range cols {
		fields[i] = pqrows.Field[*inspect.Row]{Name: c.Name, Type: c.Kind.arrowType(), Get: c.Get}
	}
	pw, err := pqrows.New(w, fields, pqrows.Options{EmptyGroup: true})
	if err != nil {
		return err
	}
	for i := range rows {
		if err := pw.Add(&rows[i]); err != nil {
			pw.Close()
			return err
		}
	}
	return pw.Close()
}

// Formats are the samples output's formats; the first is the default.
var Formats = []string{"csv", "jsonl", "parquet"}

func appendJSONString(b []byte, s string) []byte {
	q, _ := json.Marshal(s) // a string always marshals (invalid UTF-8 becomes U+FFFD)
	return append(b, q...)
}
