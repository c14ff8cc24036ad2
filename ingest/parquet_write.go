package ingest

import (
	"io"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// parquetRowGroupRows is the number of episodes buffered per row group: large enough
// for good compression and fast scans, small enough to bound the writer's memory.
var parquetRowGroupRows = 8192 // a variable so that tests can write small row groups

// parquetCodec compresses the pages (a variable so that tests can write plain pages to
// damage).
var parquetCodec = compress.Codecs.Zstd

// dictionaryColumns are the Parquet columns with few distinct values per row group.
var dictionaryColumns = []string{colSchema, colConfig, colModel, colHarness, colCaseID, colCondition, colStatus,
	colFailureClass, "events.list.element.type", "events.list.element.call_id", "events.list.element.tool",
	"events.list.element.tool_status"}

// ParquetWriter writes episodes as Parquet in one of the layouts (ParquetLayoutTyped,
// with TypedEpisodeArrowSchema, or ParquetLayoutJSON, with EpisodeArrowSchema).
type ParquetWriter struct {
	fw     *pqarrow.FileWriter
	schema *arrow.Schema
	b      *array.RecordBuilder
	str    []*array.StringBuilder // string columns by field index (nil for others)
	repeat *array.Int64Builder
	// The JSON layout's derived events column.
	events *array.ListBuilder
	ev     *array.StructBuilder
	evStr  [6]*array.StringBuilder
	// The typed layout's struct columns.
	record, official, usage *objWriter
	pending                 int
	buf                     []byte
	err                     error
	closed                  bool
}

// noCloseWriter hides w's Close: pqarrow's FileWriter.Close closes an io.Closer sink,
// but the caller owns w.
type noCloseWriter struct{ io.Writer }

// NewParquetWriter returns a writer to w in the named layout (ParquetLayouts;
// zstd-compressed, dictionary-encoded, the Arrow schema stored). Close writes the footer;
// it does not close w.
func NewParquetWriter(w io.Writer, layout string) (*ParquetWriter, error) {
	if err := CheckParquetLayout(layout); err != nil {
		return nil, err
	}
	typed := layout == ParquetLayoutTyped
	schema, dict := EpisodeArrowSchema, dictionaryColumns
	if typed {
		schema, dict = TypedEpisodeArrowSchema, typedDictionaryColumns()
	}
	mem := memory.DefaultAllocator
	opts := []parquet.WriterProperty{
		parquet.WithAllocator(mem),
		parquet.WithCompression(parquetCodec),
		parquet.WithMaxRowGroupLength(int64(parquetRowGroupRows)),
		parquet.WithCreatedBy("sabench-stats"),
		// Dictionary encoding only where values repeat, and a dictionary that never
		// falls back to PLAIN: arrow-go v18.8.0 lists the page encodings of a chunk that
		// fell back in map order, which made the footer differ from run to run.
		parquet.WithDictionaryDefault(false),
		parquet.WithDictionaryPageSizeLimit(1 << 30),
	}
	for _, col := range dict {
		opts = append(opts, parquet.WithDictionaryFor(col, true))
	}
	props := parquet.NewWriterProperties(opts...)
	fw, err := pqarrow.NewFileWriter(schema, noCloseWriter{w}, props,
		pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema(), pqarrow.WithAllocator(mem)))
	if err != nil {
		return nil, err
	}
	if typed {
		if err := fw.AppendKeyValueMetadata(parquetLayoutKey, parquetLayoutTypedV1); err != nil {
			return nil, err
		}
	}
	p := &ParquetWriter{fw: fw, schema: schema, b: array.NewRecordBuilder(mem, schema)}
	p.str = make([]*array.StringBuilder, len(schema.Fields()))
	for i := range p.str {
		if sb, ok := p.b.Field(i).(*array.StringBuilder); ok {
			p.str[i] = sb
		}
	}
	idx := func(name string) int { return schema.FieldIndices(name)[0] }
	p.repeat = p.b.Field(idx(colRepeat)).(*array.Int64Builder)
	if typed {
		sb := func(name string) *array.StructBuilder { return p.b.Field(idx(name)).(*array.StructBuilder) }
		p.record = newObjWriter(recordSpec, sb(colRecord), &p.buf)
		p.official = newObjWriter(officialSpec, sb(colOfficial), &p.buf)
		p.usage = newObjWriter(usageSpec, sb(colUsage), &p.buf)
		return p, nil
	}
	p.events = p.b.Field(idx(colEvents)).(*array.ListBuilder)
	p.ev = p.events.ValueBuilder().(*array.StructBuilder)
	for i := range p.evStr {
		p.evStr[i] = p.ev.FieldBuilder(i).(*array.StringBuilder)
	}
	return p, nil
}

// typedDictionaryColumns are dictionaryColumns' top-level scalars and the typed
// layout's dictionary-encoded struct children.
func typedDictionaryColumns() []string {
	out := []string{colSchema, colConfig, colModel, colHarness, colCaseID, colCondition, colStatus, colFailureClass}
	for _, name := range []string{colRecord, colOfficial, colUsage} {
		out = typedColumns[name].dictPaths(name, out)
	}
	return out
}

// Write appends one episode.
func (p *ParquetWriter) Write(e *Episode) error {
	if p.err != nil {
		return p.err
	}
	set := func(col, v string) { p.str[p.schema.FieldIndices(col)[0]].Append(v) }
	setJSON := func(col string, v *jsonv.Object) {
		sb := p.str[p.schema.FieldIndices(col)[0]]
		if v == nil {
			sb.AppendNull()
			return
		}
		p.buf = jsonv.AppendJSON(p.buf[:0], v)
		sb.BinaryBuilder.Append(p.buf)
	}
	set(colSchema, EpisodeSchema)
	set(colRunID, e.RunID)
	set(colConfig, e.Config)
	set(colModel, e.Model)
	set(colHarness, e.Harness)
	set(colCaseID, e.CaseID)
	p.repeat.Append(int64(e.Repeat))
	set(colCondition, e.Condition)
	set(colStatus, e.Status)
	fc := p.str[p.schema.FieldIndices(colFailureClass)[0]]
	if s, ok := e.FailureClass.(string); ok {
		fc.Append(s)
	} else {
		fc.AppendNull()
	}
	if p.record != nil {
		p.record.appendTop(e.Record.Object())
		p.official.appendTop(e.Official)
		p.usage.appendTop(e.Usage.Object())
		setJSON(colExtra, e.Extra)
	} else {
		setJSON(colRecord, e.Record.Object())
		setJSON(colOfficial, e.Official)
		setJSON(colUsage, e.Usage.Object())
		setJSON(colExtra, e.Extra)
		p.appendEvents(e.Record.Object())
	}
	p.pending++
	if p.pending >= parquetRowGroupRows {
		return p.flush()
	}
	return nil
}

// appendEvents fills the derived events column from record.events.
func (p *ParquetWriter) appendEvents(rec *jsonv.Object) {
	events, ok := rec.List("events")
	if !ok {
		p.events.AppendNull()
		return
	}
	p.events.Append(true)
	for _, ev := range events {
		o, _ := ev.(*jsonv.Object)
		p.ev.Append(true)
		for i, k := range [...]string{"type", "call_id", "tool", "arguments", "evidence_delta_key", "tool_status"} {
			v, present := o.Get(k)
			switch s, isStr := v.(string); {
			case !present || v == nil:
				p.evStr[i].AppendNull()
			case isStr && k != "arguments":
				p.evStr[i].Append(s)
			default:
				p.buf = jsonv.AppendJSON(p.buf[:0], v)
				p.evStr[i].BinaryBuilder.Append(p.buf)
			}
		}
	}
}

func (p *ParquetWriter) flush() error {
	if p.pending == 0 {
		return nil
	}
	rec := p.b.NewRecordBatch()
	p.err = p.fw.Write(rec)
	rec.Release()
	p.pending = 0
	return p.err
}

// Close writes the last row group and the footer.
func (p *ParquetWriter) Close() error {
	if p.closed {
		return p.err
	}
	p.closed = true
	ferr := p.flush()
	cerr := p.fw.Close()
	p.b.Release()
	if ferr != nil {
		return ferr
	}
	if cerr != nil {
		p.err = cerr
	}
	return cerr
}
