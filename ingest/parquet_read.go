package ingest

import (
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/metadata"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
	"github.com/apache/arrow-go/v18/parquet/schema"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// parquetBatchRows bounds the rows decoded at once (a BatchSize of 0 would
// return the whole file as one batch).
const parquetBatchRows = 1024

// parquetProps are the reader's Parquet settings: pages streamed instead of whole column
// chunks loaded, into parquetAlloc's buffers.
func parquetProps() *parquet.ReaderProperties {
	rp := parquet.NewReaderProperties(parquetAlloc)
	rp.BufferedStreamEnabled = true
	return rp
}

// arrowProps are the reader's Arrow settings.
var arrowProps = pqarrow.ArrowReadProperties{BatchSize: parquetBatchRows}

// parquetReader streams episodes from a Parquet file written by this package or by
// another tool (pyarrow, DuckDB, Spark) with the same column names. Column types are
// read leniently: any string type (utf8, large_utf8, dictionary, binary) and any
// integer type.
type parquetReader struct {
	path   string
	f      *os.File
	pf     *file.Reader
	rr     pqarrow.RecordReader
	rec    arrow.RecordBatch
	names  []string // column names of rec, in order
	isJSON []bool   // whether each column holds JSON text
	// noSchemaCol: the file has no schema column. Its columns are the layout, so each row
	// is taken as sabench.episode/v1 (pyarrow exports of the episode columns carry none).
	noSchemaCol bool
	i           int // next row within rec
	row         int // rows consumed so far (1-based row numbers in problems)
	dec         *jsonv.Decoder
	last        []string // recent cloned values, see clone
	max         int      // limit on one JSON cell, as on one JSONL line
	lenient     bool
	dead        error // set after a panic: the reader cannot go on
	eof         bool  // every row was read
	wantRows    int64 // the row number after the last row to read (the footer's count, or a shard's end)
	leaves      []int // the leaf columns read

	// typed: the file is in the typed layout; objs are its struct columns' readers by
	// name, typedAt those of rec's columns by index (nil for the other columns).
	typed bool
	objs  map[string]*objReader
	// emptyChunks: the dictionary columns that have, in some row group, a chunk whose
	// statistics count as many nulls as values (whose dictionary is then empty).
	emptyChunks map[string]bool
	typedAt     []*objReader
	tctx        typedCtx

	// With ReadOptions.Hashes: the file's bytes are hashed as they are read.
	hash   *hashingReaderAt
	hashes *FileHashes
}

// jsonColumns are the columns that hold JSON text.
var jsonColumns = map[string]bool{colRecord: true, colOfficial: true, colUsage: true, colExtra: true}

// newParquetFileReader opens a Parquet episode file. A corrupt file can make the
// Parquet library panic; that is turned into an error naming the file.
func newParquetFileReader(f *os.File, path string, opt ReadOptions) (r *parquetReader, err error) {
	defer func() {
		if p := recover(); p != nil {
			f.Close()
			r, err = nil, fmt.Errorf("%s: corrupt Parquet file: %v", path, p)
		}
	}()
	return openParquet(f, path, opt)
}

// emptyChunk reports whether column i has, in some row group, a chunk that holds no value
// by its statistics (as many nulls as values).
func emptyChunk(pf *file.Reader, i int) bool {
	md := pf.MetaData()
	for g := 0; g < md.NumRowGroups(); g++ {
		cc, err := md.RowGroup(g).ColumnChunk(i)
		if err != nil {
			continue
		}
		if st, err := cc.Statistics(); err == nil && st != nil && st.HasNullCount() && st.NullCount() == cc.NumValues() {
			return true
		}
	}
	return false
}

func openParquet(f *os.File, path string, opt ReadOptions) (*parquetReader, error) {
	var src parquet.ReaderAtSeeker = f
	var hash *hashingReaderAt
	if opt.Hashes != nil {
		st, err := f.Stat()
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		hash = newHashingReaderAt(f, st.Size())
		src = hash
	}
	pf, err := file.NewParquetReader(src, file.WithReadProps(parquetProps()))
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: not a readable Parquet file: %w", path, err)
	}
	dropArrowSchema(pf)
	layout := pf.MetaData().KeyValueMetadata().FindValue(parquetLayoutKey)
	if layout != nil && *layout != parquetLayoutTypedV1 {
		f.Close()
		return nil, fmt.Errorf("%s: Parquet layout %q is not one this version reads (%s or none)", path, *layout, parquetLayoutTypedV1)
	}
	if err := checkRowCounts(pf); err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: corrupt Parquet footer: %w", path, err)
	}
	if st, err := f.Stat(); err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	} else if err := CheckParquetChunks(pf.MetaData(), f, st.Size()); err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	r := &parquetReader{path: path, f: f, pf: pf, dec: jsonv.NewDecoder(), last: make([]string, 0, 16),
		max: opt.maxLine(), lenient: opt.Lenient, hashes: opt.Hashes}
	r.dec.Lossless = opt.Lossless
	props := arrowProps
	if layout != nil || recordIsStruct(pf) {
		// The typed layout's dictionary columns are read as dictionaries: indices instead
		// of a copy of each string, and one boxed value per distinct string.
		props = pqarrow.ArrowReadProperties{BatchSize: arrowProps.BatchSize}
		sch := pf.MetaData().Schema
		for _, p := range typedDictionaryColumns() {
			if i := sch.ColumnIndexByName(p); i >= 0 && sch.Column(i).PhysicalType() == parquet.Types.ByteArray {
				props.SetReadDict(i, true)
				if emptyChunk(pf, i) {
					if r.emptyChunks == nil {
						r.emptyChunks = map[string]bool{}
					}
					r.emptyChunks[p] = true
				}
			}
		}
	}
	fr, err := pqarrow.NewFileReader(pf, props, parquetAlloc)
	if err != nil {
		r.close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	// Project every top-level field except the derived events column; select by leaf.
	var leaves []int
	have := map[string]bool{}
	var walk func(f *pqarrow.SchemaField)
	walk = func(f *pqarrow.SchemaField) {
		if f.IsLeaf() {
			leaves = append(leaves, f.ColIndex)
		}
		for i := range f.Children {
			walk(&f.Children[i])
		}
	}
	r.typed = layout != nil
	for i := range fr.Manifest.Fields {
		name := fr.Manifest.Fields[i].Field.Name
		if name == colEvents || name == "__index_level_0__" {
			continue
		}
		// A file that lost its metadata (rewritten by another engine) is typed when its
		// record is a struct.
		if _, isStruct := fr.Manifest.Fields[i].Field.Type.(*arrow.StructType); isStruct && name == colRecord {
			r.typed = true
		}
		have[name] = true
		walk(&fr.Manifest.Fields[i])
	}
	if !have[colSchema] && have["policy_hash"] && have["ecs"] {
		r.close()
		return nil, fmt.Errorf("%s: a Parquet verdict file (written by score), not episodes: %s", path, verdictAdvice)
	}
	if !have[colSchema] && have["log"] && have["sample_id"] && have["scorer"] {
		r.close()
		return nil, fmt.Errorf("%s: looks like a Parquet of Inspect sample rows (written by samples), not episodes: sample rows are samples' output; give the Inspect logs they were read from to --inspect", path)
	}
	for _, req := range []string{colConfig, colCaseID, colRepeat} {
		if !have[req] {
			r.close()
			return nil, fmt.Errorf("%s: not an episode file: no %q column (its columns: %s)", path, req, columnList(fr))
		}
	}
	if err := unknownColumns(fr, path, opt.Lenient); err != nil {
		r.close()
		return nil, err
	}
	var groups []int // nil: every row group
	if p := opt.part; p != nil {
		groups, r.row = p.groups, p.row
		r.wantRows = int64(p.row)
		for _, g := range groups {
			r.wantRows += pf.MetaData().RowGroup(g).NumRows()
		}
	} else {
		r.wantRows = pf.NumRows()
	}
	r.leaves = leaves
	rr, err := fr.GetRecordReader(context.Background(), leaves, groups)
	if err != nil {
		r.close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	r.rr = rr
	r.noSchemaCol = !have[colSchema]
	if r.typed {
		r.objs = map[string]*objReader{}
		for name, spec := range typedColumns {
			r.objs[name] = newObjReader(spec)
		}
		r.tctx = typedCtx{dec: r.dec, file: path, max: r.max}
	}
	if hash != nil && hash.setWant(pf, leaves) { // else provenance reads the file itself
		r.hash = hash
	}
	return r, nil
}

// unknownColumns refuses, once for the file, a top-level column the episode format does not
// define: every row holds it, so strict reading gave one problem a row (a thousand listed
// and the rest counted). It is refused even when its cells are null, as a JSONL line's
// unknown key is whatever its value. Lenient reading keeps such columns under "extra",
// row by row (DefectUnknownField).
func unknownColumns(fr *pqarrow.FileReader, path string, lenient bool) error {
	if lenient {
		return nil
	}
	var names []string
	for i := range fr.Manifest.Fields {
		name := fr.Manifest.Fields[i].Field.Name
		if name != colEvents && name != "__index_level_0__" && episodeField(name) < 0 {
			names = append(names, name)
		}
	}
	switch len(names) {
	case 0:
		return nil
	case 1:
		return &fileError{p: Problem{File: path, Field: names[0],
			Msg: "unknown top-level column, in every row (fields of your own belong under \"extra\")"}}
	}
	quoted := make([]string, len(names))
	for i, n := range names {
		quoted[i] = strconv.Quote(n)
	}
	return &fileError{p: Problem{File: path,
		Msg: fmt.Sprintf("unknown top-level columns %s, in every row (fields of your own belong under \"extra\")", strings.Join(quoted, ", "))}}
}

// recordIsStruct reports whether the file's record column is a group (the typed layout
// in a file that lost its metadata).
func recordIsStruct(pf *file.Reader) bool {
	root := pf.MetaData().Schema.Root()
	for i := 0; i < root.NumFields(); i++ {
		if f := root.Field(i); f.Name() == colRecord {
			_, isGroup := f.(*schema.GroupNode)
			return isGroup
		}
	}
	return false
}

// checkRowCounts compares the footer's row count with its row groups' and their column
// chunks': a damaged count would otherwise silently drop or invent rows.
func checkRowCounts(pf *file.Reader) error {
	md := pf.MetaData()
	var sum int64
	for i := 0; i < pf.NumRowGroups(); i++ {
		rg := md.RowGroup(i)
		n := rg.NumRows()
		if n < 0 {
			return fmt.Errorf("row group %d has %d rows", i, n)
		}
		sum += n
	}
	if sum != md.NumRows {
		return fmt.Errorf("the footer counts %d rows, its row groups %d", md.NumRows, sum)
	}
	return nil
}

// arrowSchemaKey is the footer entry in which Arrow writers store their serialized
// schema.
const arrowSchemaKey = "ARROW:schema"

// dropArrowSchema removes the stored Arrow schema from the file's footer before pqarrow
// sees it. pqarrow would decode it with flight.DeserializeSchema, which trusts the
// flatbuffer's lengths: one flipped byte there asks for hundreds of gigabytes, a runtime
// throw that recover cannot catch. The reader needs nothing from it: cellValue accepts
// every string and integer type the Parquet schema alone maps to.
func dropArrowSchema(pf *file.Reader) {
	md := pf.MetaData()
	kv := md.KeyValueMetadata()
	if kv.FindValue(arrowSchemaKey) == nil {
		return
	}
	kept := make(metadata.KeyValueMetadata, 0, len(kv))
	for _, e := range kv {
		if e.GetKey() != arrowSchemaKey {
			kept = append(kept, e)
		}
	}
	md.FileMetaData.KeyValueMetadata = kept
}

func (r *parquetReader) close() error {
	if r.rr != nil {
		r.rr.Release()
		r.rr = nil
	}
	if r.hash != nil && r.eof {
		r.hash.finish(r.hashes, r.path)
		r.hash = nil
	}
	var err error
	if r.pf != nil {
		err = r.pf.Close() // closes f as well
		r.pf, r.f = nil, nil
	}
	if r.f != nil {
		err = r.f.Close()
		r.f = nil
	}
	return err
}

// damageAt names the column chunk whose pages do not read ("row group 2, column
// record.events.list.element.content: "), among those holding the rows of the batch that
// begins at row (0-based) and failed: the record reader's errors name none. It is "" when
// every page reads (the damage is in the values, which the page walk does not decode).
// Only a failed read pays for it.
func (r *parquetReader) damageAt(row int) (where string) {
	defer func() {
		if recover() != nil {
			where = ""
		}
	}()
	md := r.pf.MetaData()
	first, end := int64(row), int64(row)+max(arrowProps.BatchSize, 1)
	var start int64
	for g := 0; g < md.NumRowGroups() && start < end; g++ {
		n := md.RowGroup(g).NumRows()
		if start+n > first {
			rg := r.pf.RowGroup(g)
			for _, i := range r.leaves {
				pr, err := rg.GetColumnPageReader(i)
				if err == nil {
					for pr.Next() {
					}
					err = pr.Err()
				}
				if err != nil {
					return fmt.Sprintf("row group %d, column %s: ", g, md.Schema.Column(i).Path())
				}
			}
		}
		start += n
	}
	return ""
}

func (r *parquetReader) next() (e *Episode, err error) {
	if r.dead != nil {
		return nil, r.dead
	}
	defer func() {
		if p := recover(); p != nil {
			r.dead = fmt.Errorf("%s: row %d: %scorrupt Parquet file: %v", r.path, r.row, r.damageAt(max(r.row-1, 0)), p)
			e, err = nil, r.dead
		}
	}()
	return r.nextRow()
}

func (r *parquetReader) nextRow() (*Episode, error) {
	for r.rec == nil || r.i >= int(r.rec.NumRows()) {
		if !r.rr.Next() {
			if err := r.rr.Err(); err != nil && err != io.EOF {
				return nil, fmt.Errorf("%s: row %d: %s%w", r.path, r.row+1, r.damageAt(r.row), err)
			}
			if want := r.wantRows; int64(r.row) != want {
				return nil, fmt.Errorf("%s: corrupt Parquet file: %d rows read, the footer says %d", r.path, r.row, want)
			}
			r.eof = true
			return nil, io.EOF
		}
		r.rec = r.rr.RecordBatch()
		r.i = 0
		r.names, r.isJSON, r.typedAt = r.names[:0], r.isJSON[:0], r.typedAt[:0]
		for j, f := range r.rec.Schema().Fields() { // Fields copies: once per batch
			r.names = append(r.names, f.Name)
			var or *objReader
			if r.typed {
				if or = r.objs[f.Name]; or != nil {
					if err := or.bind(r.rec.Column(j), f.Name, r.emptyChunks); err != nil {
						return nil, fmt.Errorf("%s: row %d: %w", r.path, r.row+1, err)
					}
				}
			}
			r.typedAt = append(r.typedAt, or)
			r.isJSON = append(r.isJSON, or == nil && jsonColumns[f.Name])
		}
	}
	i := r.i
	r.i++
	r.row++
	o := &jsonv.Object{Keys: make([]string, 0, len(r.names)), Values: make([]any, 0, len(r.names))}
	// Every cell is checked, so that a row with three bad columns lists three problems.
	var probs []Problem
	badCol := map[string]bool{}
	fail := func(name, msg string) {
		probs = append(probs, Problem{File: r.path, Line: r.row, Field: name, Msg: msg})
		badCol[name] = true
	}
	// Walk the columns in the file's order, so that extra fields keep their position.
	for j, name := range r.names {
		col := r.rec.Column(j)
		if col.IsNull(i) {
			continue
		}
		if or := r.typedAt[j]; or != nil {
			c := &r.tctx
			c.row, c.top, c.bad, c.probs = r.row, name, badCol, probs
			c.path = append(c.path[:0], pathElem{name, -1})
			v, ok := or.value(c, i)
			probs = c.probs
			c.probs, c.bad = nil, nil
			if ok {
				o.Set(name, v)
			}
			continue
		}
		v, err := cellValue(col, i)
		if err != nil {
			fail(name, err.Error())
			continue
		}
		isJSON := r.isJSON[j]
		if s, ok := v.(string); ok && !isJSON {
			if p := stringUTF8Problem(s, name, r.path, r.row); p != nil {
				probs, badCol[name] = append(probs, *p), true
				continue
			}
			v = r.clone(s) // the batch's buffers are recycled; keep no reference into them
		}
		if isJSON {
			s, ok := v.(string)
			if !ok {
				fail(name, "must hold JSON text")
				continue
			}
			if len(s) > r.max {
				fail(name, fmt.Sprintf("longer than the limit of %d bytes", r.max))
				continue
			}
			pv, err := r.dec.Parse(bytesOf(s))
			if err != nil {
				fail(name, "invalid JSON: "+err.Error())
				continue
			}
			if p := lostProblem(r.dec, bytesOf(s), name, r.path, r.row); p != nil {
				probs, badCol[name] = append(probs, *p), true
				continue
			}
			if _, isObj := pv.(*jsonv.Object); name == colExtra && !isObj {
				fail(name, "must hold a JSON object")
				continue
			}
			v = pv
		}
		o.Set(name, v)
	}
	if r.noSchemaCol {
		o.Set(colSchema, EpisodeSchema)
	}
	e, dprobs := decodeEpisode(o, r.path, r.row, r.lenient)
	for _, p := range dprobs {
		if !badCol[p.Field] { // a bad cell is reported once, not again as missing
			probs = append(probs, p)
		}
	}
	if len(probs) > 0 {
		return nil, problemErr(probs)
	}
	return e, nil
}

// bytesOf views a string's bytes without copying them, for the JSON parser, which
// neither changes nor keeps its input.
func bytesOf(s string) []byte {
	return unsafe.Slice(unsafe.StringData(s), len(s))
}

// clone copies a short column value, sharing the copy with the previous row's value
// when equal (config, condition and status repeat row after row).
func (r *parquetReader) clone(s string) string {
	for _, p := range r.last {
		if p == s {
			return p
		}
	}
	c := strings.Clone(s)
	if len(r.last) < cap(r.last) {
		r.last = append(r.last, c)
	} else {
		r.last[r.row%len(r.last)] = c
	}
	return c
}

// cellValue converts one Arrow cell to a JSON value: strings (of any Arrow string or
// binary type, or dictionary-encoded), integers, floats and booleans.
func cellValue(a arrow.Array, i int) (any, error) {
	switch c := a.(type) {
	case *array.String:
		return c.Value(i), nil
	case *array.LargeString:
		return c.Value(i), nil
	case *array.StringView:
		return c.Value(i), nil
	case *array.Binary:
		return string(c.Value(i)), nil
	case *array.LargeBinary:
		return string(c.Value(i)), nil
	case *array.Int64:
		return c.Value(i), nil
	case *array.Int32:
		return int64(c.Value(i)), nil
	case *array.Int16:
		return int64(c.Value(i)), nil
	case *array.Int8:
		return int64(c.Value(i)), nil
	case *array.Uint64:
		v := c.Value(i)
		if v > 1<<63-1 {
			return jsonv.BigInt(strconv.FormatUint(v, 10)), nil
		}
		return int64(v), nil
	case *array.Uint32:
		return int64(c.Value(i)), nil
	case *array.Uint16:
		return int64(c.Value(i)), nil
	case *array.Uint8:
		return int64(c.Value(i)), nil
	case *array.Float64:
		return c.Value(i), nil
	case *array.Float32:
		return float64(c.Value(i)), nil
	case *array.Boolean:
		return c.Value(i), nil
	case *array.Dictionary:
		return cellValue(c.Dictionary(), c.GetValueIndex(i))
	}
	return nil, fmt.Errorf("unsupported column type %s", a.DataType())
}

// columnList names a Parquet file's first top-level columns, to say what a file that is
// not episodes holds instead.
func columnList(fr *pqarrow.FileReader) string {
	var names []string
	for i := range fr.Manifest.Fields {
		if len(names) == 6 {
			names = append(names, "…")
			break
		}
		names = append(names, fr.Manifest.Fields[i].Field.Name)
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}
