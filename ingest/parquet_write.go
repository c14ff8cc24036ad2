package ingest

import (
	"io"

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

// dictionaryColumns are the Parquet columns with few distinct values per row group.
var dictionaryColumns = []string{colSchema, colConfig, colModel, colHarness, colCaseID, colCondition, colStatus,
	colFailureClass, "events.list.element.type", "events.list.element.call_id", "events.list.element.tool",
	"events.list.element.tool_status"}

// ParquetWriter writes episodes as Parquet with EpisodeArrowSchema.
type ParquetWriter struct {
	fw      *pqarrow.FileWriter
	b       *array.RecordBuilder
	str     []*array.StringBuilder // string columns by field index (nil for others)
	repeat  *array.Int64Builder
	events  *array.ListBuilder
	ev      *array.StructBuilder
	evStr   [6]*array.StringBuilder
	pending int
	buf     []byte
	err     error
	closed  bool
}

// noCloseWriter hides w's Close: pqarrow's FileWriter.Close closes an io.Closer sink,
// but the caller owns w.
type noCloseWriter struct{ io.Writer }

// NewParquetWriter returns a writer to w (zstd-compressed, dictionary-encoded, the
// Arrow schema stored). Close writes the footer; it does not close w.
func NewParquetWriter(w io.Writer) (*ParquetWriter, error) {
	mem := memory.DefaultAllocator
	opts := []parquet.WriterProperty{
		parquet.WithAllocator(mem),
		parquet.WithCompression(compress.Codecs.Zstd),
		parquet.WithMaxRowGroupLength(int64(parquetRowGroupRows)),
		parquet.WithCreatedBy("sabench-stats"),
		// Dictionary encoding only where values repeat, and a dictionary that never
		// falls back to PLAIN: arrow-go v18.8.0 lists the page encodings of a chunk that
		// fell back in map order, which made the footer differ from run to run.
		parquet.WithDictionaryDefault(false),
		parquet.WithDictionaryPageSizeLimit(1 << 30),
	}
	for _, col := range dictionaryColumns {
		opts = append(opts, parquet.WithDictionaryFor(col, true))
	}
	props := parquet.NewWriterProperties(opts...)
	fw, err := pqarrow.NewFileWriter(EpisodeArrowSchema, noCloseWriter{w}, props,
		pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema(), pqarrow.WithAllocator(mem)))
	if err != nil {
		return nil, err
	}
	p := &ParquetWriter{fw: fw, b: array.NewRecordBuilder(mem, EpisodeArrowSchema)}
	p.str = make([]*array.StringBuilder, len(EpisodeArrowSchema.Fields()))
	for i := range p.str {
		if sb, ok := p.b.Field(i).(*array.StringBuilder); ok {
			p.str[i] = sb
		}
	}
	idx := func(name string) int { return EpisodeArrowSchema.FieldIndices(name)[0] }
	p.repeat = p.b.Field(idx(colRepeat)).(*array.Int64Builder)
	p.events = p.b.Field(idx(colEvents)).(*array.ListBuilder)
	p.ev = p.events.ValueBuilder().(*array.StructBuilder)
	for i := range p.evStr {
		p.evStr[i] = p.ev.FieldBuilder(i).(*array.StringBuilder)
	}
	return p, nil
}

// Write appends one episode.
func (p *ParquetWriter) Write(e *Episode) error {
	if p.err != nil {
		return p.err
	}
	set := func(col, v string) { p.str[EpisodeArrowSchema.FieldIndices(col)[0]].Append(v) }
	setJSON := func(col string, v *jsonv.Object) {
		sb := p.str[EpisodeArrowSchema.FieldIndices(col)[0]]
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
	fc := p.str[EpisodeArrowSchema.FieldIndices(colFailureClass)[0]]
	if s, ok := e.FailureClass.(string); ok {
		fc.Append(s)
	} else {
		fc.AppendNull()
	}
	setJSON(colRecord, e.Record.Object())
	setJSON(colOfficial, e.Official)
	setJSON(colUsage, e.Usage.Object())
	setJSON(colExtra, e.Extra)
	p.appendEvents(e.Record.Object())
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
